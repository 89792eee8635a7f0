import { ExternalLink } from 'lucide-react';
import type { SiteDocument } from '../../../shared/site.ts';
import { useSite } from '../../lib/site-document.ts';
import { PARTNERS_SECTION_ID } from '../../lib/scroll.ts';

export function Partners() {
  const { home } = useSite();
  return (
    <section id={PARTNERS_SECTION_ID} aria-labelledby="partners-heading" className="scroll-mt-16 bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="partners-heading" className="text-3xl font-bold text-slate-900">
          {home.partnersTitle}
        </h2>
        {home.partnersText && <p className="mt-3 max-w-2xl text-slate-700">{home.partnersText}</p>}
        <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {home.partners.map((partner, index) => (
            <article key={index} className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
              {partner.logo && (
                <img
                  src={partner.logo}
                  alt={partner.name}
                  width={400}
                  height={225}
                  loading="lazy"
                  decoding="async"
                  className="aspect-video w-full object-cover"
                />
              )}
              <div className="flex flex-1 flex-col p-5">
                <h3 className="text-lg font-semibold text-slate-900">{partner.name}</h3>
                <p className="mt-2 flex-1 text-slate-700">{partner.description}</p>
                <ul aria-label="Tags" className="mt-4 flex flex-wrap gap-2">
                  {partner.tags.map((tag, tagIndex) => (
                    <li key={tagIndex} className="rounded-full bg-blue-50 px-2.5 py-0.5 text-xs font-medium text-blue-800">
                      {tag}
                    </li>
                  ))}
                </ul>
                {partner.website && (
                  <a
                    href={partner.website}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="mt-4 inline-flex items-center gap-1 self-start rounded text-sm max-sm:min-h-11 font-semibold text-blue-800 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700"
                  >
                    Visit website<span className="sr-only"> of {partner.name} (opens in a new tab)</span>
                    <ExternalLink aria-hidden="true" className="h-4 w-4" />
                  </a>
                )}
              </div>
            </article>
          ))}
        </div>
      </div>
      <SummaryStrip home={home} />
    </section>
  );
}

function SummaryStrip({ home }: { home: SiteDocument['home'] }) {
  if (home.figures.length === 0 && !home.figuresNote) return null;
  return (
    <div className="bg-blue-800 text-white">
      <dl className="mx-auto grid max-w-6xl gap-6 px-4 py-10 text-center sm:grid-cols-3">
        {home.figures.map((item, index) => (
          <div key={index} className="flex flex-col">
            <dt className="text-sm uppercase tracking-wide text-blue-100">{item.label}</dt>
            <dd className="order-first text-4xl font-bold">{item.value}</dd>
          </div>
        ))}
      </dl>
      {home.figuresNote && <p className="pb-8 text-center text-sm text-blue-100">{home.figuresNote}</p>}
    </div>
  );
}
