import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';

/** The top of every back-office screen: its one `h1` (DESIGN.md's heading) and a line about it. */
export function ScreenHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="mb-6">
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      {children && <p className="mt-2 text-slate-700">{children}</p>}
    </header>
  );
}

/** A failed load, with a way to try again. */
export function LoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
      <p>Could not load {what}.</p>
      <Button variant="secondary" size="sm" onClick={onRetry} className="mt-3">
        Try again
      </Button>
    </div>
  );
}

/** `Load more` under a list while the server has older rows. */
export function LoadMore(props: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown }) {
  if (!props.hasNextPage) return null;
  return (
    <div className="mt-6 flex justify-center">
      <Button variant="secondary" disabled={props.isFetchingNextPage} onClick={() => void props.fetchNextPage()}>
        {props.isFetchingNextPage ? 'Loading...' : 'Load more'}
      </Button>
    </div>
  );
}
