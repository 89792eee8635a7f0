import { Briefcase, ExternalLink, GraduationCap, Mail } from 'lucide-react';
import { useSite } from '../../lib/site-document.ts';
import { mailtoHref } from '../../lib/mailto.ts';

const sectionHeading = 'text-2xl font-bold text-slate-900';

export function CvSections() {
  const { cv, profile } = useSite();
  return (
    <div className="mx-auto max-w-4xl px-4 py-12">
      <header className="border-b border-slate-200 pb-8">
        <h1 className="text-4xl font-bold tracking-tight text-slate-900">{profile.name}</h1>
        <p className="mt-2 text-xl text-slate-700">{cv.headline}</p>
        <p className="mt-1 text-slate-600">{profile.location}</p>
      </header>

      <section aria-labelledby="summary-heading" className="py-8">
        <h2 id="summary-heading" className={sectionHeading}>
          Professional Summary
        </h2>
        <p className="mt-4 text-slate-700">{cv.summary}</p>
      </section>

      <section aria-labelledby="skills-heading" className="py-8">
        <h2 id="skills-heading" className={sectionHeading}>
          Technical Skills
        </h2>
        <div className="mt-4 grid gap-6 sm:grid-cols-2">
          {cv.skillGroups.map((group, index) => (
            <div key={index} className="rounded-lg border border-slate-200 p-5">
              <h3 className="font-semibold text-slate-900">{group.title}</h3>
              <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-700">
                {group.items.map((skill, index) => (
                  <li key={index}>{skill}</li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </section>

      <section aria-labelledby="experience-heading" className="py-8">
        <h2 id="experience-heading" className={sectionHeading}>
          Professional Experience
        </h2>
        <ol className="mt-4 space-y-6">
          {cv.roles.map((role, index) => (
            <li key={index} className="border-l-2 border-blue-700 pl-5">
              <h3 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
                <Briefcase aria-hidden="true" className="h-4 w-4 text-blue-700" />
                {role.title}
              </h3>
              <p className="text-slate-700">{[role.organization, role.location].filter(Boolean).join(' · ')}</p>
              <p className="text-sm text-slate-600">
                {role.start} – {role.end || 'Present'}
              </p>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
                {role.points.map((point, index) => (
                  <li key={index}>{point}</li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="projects-heading" className="py-8">
        <h2 id="projects-heading" className={sectionHeading}>
          Selected Projects
        </h2>
        <div className="mt-4 grid gap-6 md:grid-cols-3">
          {cv.projects.map((project, index) => (
            <article key={index} className="rounded-lg border border-slate-200 p-5">
              <h3 className="font-semibold text-slate-900">
                {project.url ? (
                  <a
                    href={project.url}
                    className="rounded text-blue-800 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700"
                  >
                    {project.name}
                  </a>
                ) : (
                  project.name
                )}
              </h3>
              <p className="mt-2 text-slate-700">{project.description}</p>
              {project.outcome && <p className="mt-2 text-sm font-medium text-green-800">{project.outcome}</p>}
            </article>
          ))}
        </div>
      </section>

      <section aria-labelledby="education-heading" className="py-8">
        <h2 id="education-heading" className={sectionHeading}>
          Education &amp; Certifications
        </h2>
        <ul className="mt-4 space-y-4">
          {cv.education.map((entry, index) => (
            <li key={index} className="flex gap-3">
              <GraduationCap aria-hidden="true" className="mt-1 h-5 w-5 shrink-0 text-blue-700" />
              <div>
                <h3 className="font-semibold text-slate-900">{entry.title}</h3>
                <p className="text-slate-700">{[entry.institution, entry.year].filter(Boolean).join(' · ')}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="cta-heading" className="mt-4 rounded-xl bg-blue-50 p-8 text-center">
        <h2 id="cta-heading" className={sectionHeading}>
          Let&apos;s Work Together
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-slate-700">{cv.callToAction}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-4">
          {profile.email && (
            <a
              href={mailtoHref(profile.email)}
              className="inline-flex items-center gap-2 rounded-md bg-blue-700 px-5 py-2.5 font-semibold text-white hover:bg-blue-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700 focus-visible:ring-offset-2"
            >
              <Mail aria-hidden="true" className="h-4 w-4" />
              Email Me
            </a>
          )}
          {cv.connectUrl && (
            <a
              href={cv.connectUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-2 rounded-md border border-blue-700 px-5 py-2.5 font-semibold text-blue-800 hover:bg-blue-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700"
            >
              <ExternalLink aria-hidden="true" className="h-4 w-4" />
              {cv.connectLabel || 'Connect'}
            </a>
          )}
        </div>
      </section>
    </div>
  );
}
