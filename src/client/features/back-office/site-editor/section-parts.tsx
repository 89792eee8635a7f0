import type { Dispatch, ReactNode, SetStateAction } from 'react';
import type { SiteDocument } from '../../../../shared/site.ts';

/** What every tab of the form gets: the document being edited and its setter. */
export interface SectionProps {
  site: SiteDocument;
  setSite: Dispatch<SetStateAction<SiteDocument>>;
}

type Part<K extends keyof SiteDocument> = SiteDocument[K];

/** A setter for one part of the document (`profile`, `cv`...), by patch or from its current value. */
export function partSetter<K extends keyof SiteDocument>(setSite: SectionProps['setSite'], key: K) {
  return (change: Partial<Part<K>> | ((current: Part<K>) => Partial<Part<K>>)) =>
    setSite((site) => ({
      ...site,
      [key]: { ...site[key], ...(typeof change === 'function' ? change(site[key]) : change) },
    }));
}

/** A tab's heading and a line about it. */
export function SectionHeading({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <header>
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{children}</p>
    </header>
  );
}

/** A group of fields under a sub-heading. */
export function FieldGroup({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <div className="grid gap-4 border-t border-slate-200 pt-6 first:border-t-0 first:pt-0">
      {title && <h3 className="text-lg font-semibold text-slate-900">{title}</h3>}
      {children}
    </div>
  );
}

/** Two fields side by side from the small-tablet width up, stacked on a phone. */
export function FieldRow({ children }: { children: ReactNode }) {
  return <div className="grid gap-4 sm:grid-cols-2">{children}</div>;
}
