import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { pageWindow } from './blog-rules.ts';

const itemClass =
  'inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-md border px-3 py-2 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700';
const idleClass = 'border-slate-300 text-slate-800 hover:bg-slate-100';

/**
 * Previous, numbered pages, Next; rendered only when there is more than one page. Each is a link
 * to the page's address, so paging works without JavaScript; with it, the router moves in place.
 * Around the current page a few numbers are shown, never all: the pager weighs the same at 10,000 posts.
 */
export function Pagination({
  page,
  pages,
  href,
  onNavigate,
}: {
  page: number;
  pages: number;
  href: (page: number) => string;
  onNavigate?: () => void;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pagination" className="mt-10 flex flex-wrap items-center justify-center gap-2">
      <StepLink to={page > 1 ? href(page - 1) : undefined} rel="prev" onNavigate={onNavigate}>
        <ChevronLeft aria-hidden="true" className="h-4 w-4" />
        Previous
      </StepLink>
      {pageWindow(page, pages).map((item, index) =>
        item === 'gap' ? (
          <span key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-600">
            …
          </span>
        ) : (
          <Link
            key={item}
            href={href(item)}
            aria-current={item === page ? 'page' : undefined}
            aria-label={`Page ${item}`}
            onClick={onNavigate}
            className={`${itemClass} ${item === page ? 'border-blue-700 bg-blue-700 text-white' : idleClass}`}
          >
            {item}
          </Link>
        ),
      )}
      <StepLink to={page < pages ? href(page + 1) : undefined} rel="next" onNavigate={onNavigate}>
        Next
        <ChevronRight aria-hidden="true" className="h-4 w-4" />
      </StepLink>
    </nav>
  );
}

/** Previous or Next: a link, or on the first or last page a disabled one (no address to follow). */
function StepLink({
  to,
  rel,
  onNavigate,
  children,
}: {
  to: string | undefined;
  rel: 'prev' | 'next';
  onNavigate?: () => void;
  children: ReactNode;
}) {
  if (to === undefined) {
    return (
      <a
        role="link"
        aria-disabled="true"
        className={`${itemClass} cursor-not-allowed border-slate-300 text-slate-800 opacity-50`}
      >
        {children}
      </a>
    );
  }
  return (
    <Link href={to} rel={rel} onClick={onNavigate} className={`${itemClass} ${idleClass}`}>
      {children}
    </Link>
  );
}
