import { MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { useSite } from '../../lib/site-document.ts';

/** The hero; `action` is the View My Work button, composed by the page (it is an island there). */
export function Hero({ action }: { action: ReactNode }) {
  const { profile, home } = useSite();
  return (
    <section aria-labelledby="hero-heading" className="bg-gradient-to-b from-blue-50 to-white">
      <div className="mx-auto max-w-6xl px-4 py-16 md:py-24">
        {profile.availability && (
          <p className="inline-flex items-center gap-2 rounded-full bg-green-100 px-3 py-1 text-sm font-medium text-green-900">
            <span aria-hidden="true" className="h-2 w-2 rounded-full bg-green-600" />
            {profile.availability}
          </p>
        )}
        <h1 id="hero-heading" className="mt-6 max-w-3xl text-4xl font-bold tracking-tight text-slate-900 md:text-5xl">
          {home.heroTitle || (profile.tagline ? `${profile.name}: ${profile.tagline}` : profile.name)}
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-slate-700">{home.heroText || profile.description}</p>
        {home.heroNote && <p className="mt-4 text-slate-700">{home.heroNote}</p>}
        <div className="mt-8 flex flex-wrap items-center gap-4">
          {action}
          {profile.location && (
            <p className="inline-flex items-center gap-1 text-slate-700">
              <MapPin aria-hidden="true" className="h-4 w-4" />
              {profile.location}
            </p>
          )}
        </div>
        <ul aria-label="Social links" className="mt-8 flex flex-wrap gap-3">
          {profile.socialLinks.map((link, index) => (
            <li key={index}>
              <a
                href={link.url}
                target="_blank"
                // `me`: the owner's own profile (Mastodon and others verify the link back).
                rel="me noopener noreferrer"
                className="inline-block rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700"
              >
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
