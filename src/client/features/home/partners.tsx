import { ExternalLink } from 'lucide-react';
import { partners, stats } from '../../../content/site.ts';
import { PARTNERS_SECTION_ID } from '../../lib/scroll.ts';

export function Partners() {
  return (
    <section id={PARTNERS_SECTION_ID} aria-labelledby="partners-heading" className="scroll-mt-16 bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="partners-heading" className="text-3xl font-bold text-slate-900">
          Partnerships
        </h2>
        <p className="mt-3 max-w-2xl text-slate-700">Organizations I work with to bring technology education to young people.</p>
        <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {partners.map((partner) => (
            <article
              key={partner.name}
              className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
            >
              <img
                src={partner.image}
                alt={partner.name}
                width={400}
                height={225}
                loading="lazy"
                decoding="async"
                className="aspect-video w-full object-cover"
              />
              <div className="flex flex-1 flex-col p-5">
                <h3 className="text-lg font-semibold text-slate-900">{partner.name}</h3>
                <p className="mt-2 flex-1 text-slate-700">{partner.description}</p>
                <ul aria-label="Tags" className="mt-4 flex flex-wrap gap-2">
                  {partner.tags.map((tag) => (
                    <li key={tag} className="rounded-full bg-blue-50 px-2.5 py-0.5 text-xs font-medium text-blue-800">
                      {tag}
                    </li>
                  ))}
                </ul>
                <a
                  href={partner.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="mt-4 inline-flex items-center gap-1 self-start rounded text-sm font-semibold text-blue-800 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700"
                >
                  Visit website<span className="sr-only"> of {partner.name} (opens in a new tab)</span>
                  <ExternalLink aria-hidden="true" className="h-4 w-4" />
                </a>
              </div>
            </article>
          ))}
        </div>
      </div>
      <SummaryStrip />
    </section>
  );
}

function SummaryStrip() {
  const items = [
    { value: String(stats.partnerOrganizations), label: 'Partner Organizations' },
    { value: stats.studentsImpacted, label: 'Students Impacted' },
    { value: String(stats.countriesReached), label: 'Countries Reached' },
  ];
  return (
    <div className="bg-blue-800 text-white">
      <dl className="mx-auto grid max-w-6xl gap-6 px-4 py-10 text-center sm:grid-cols-3">
        {items.map((item) => (
          <div key={item.label} className="flex flex-col">
            <dt className="text-sm uppercase tracking-wide text-blue-100">{item.label}</dt>
            <dd className="order-first text-4xl font-bold">{item.value}</dd>
          </div>
        ))}
      </dl>
      <p className="pb-8 text-center text-sm text-blue-100">{stats.countries.join(' · ')}</p>
    </div>
  );
}
