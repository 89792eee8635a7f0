import { ChevronLeft, ChevronRight } from 'lucide-react';

const buttonClass =
  'inline-flex min-w-10 items-center justify-center gap-1 rounded-md border px-3 py-2 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700 disabled:cursor-not-allowed disabled:opacity-50';

/** Previous, numbered pages, Next; rendered only when there is more than one page. */
export function Pagination({ page, pages, onChange }: { page: number; pages: number; onChange: (page: number) => void }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pagination" className="mt-10 flex flex-wrap items-center justify-center gap-2">
      <button
        type="button"
        className={`${buttonClass} border-slate-300 text-slate-800 hover:bg-slate-100`}
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
      >
        <ChevronLeft aria-hidden="true" className="h-4 w-4" />
        Previous
      </button>
      {Array.from({ length: pages }, (_, index) => index + 1).map((number) => (
        <button
          key={number}
          type="button"
          aria-current={number === page ? 'page' : undefined}
          aria-label={`Page ${number}`}
          onClick={() => onChange(number)}
          className={`${buttonClass} ${number === page ? 'border-blue-700 bg-blue-700 text-white' : 'border-slate-300 text-slate-800 hover:bg-slate-100'}`}
        >
          {number}
        </button>
      ))}
      <button
        type="button"
        className={`${buttonClass} border-slate-300 text-slate-800 hover:bg-slate-100`}
        disabled={page >= pages}
        onClick={() => onChange(page + 1)}
      >
        Next
        <ChevronRight aria-hidden="true" className="h-4 w-4" />
      </button>
    </nav>
  );
}
