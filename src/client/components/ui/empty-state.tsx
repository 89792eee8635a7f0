import type { ReactNode } from 'react';

/** What a list says when it has nothing to show. */
export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-700">{children}</p>;
}
