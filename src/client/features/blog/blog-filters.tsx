import { useEffect, useRef, type FormEvent, type MouseEvent } from 'react';
import { ALL_POSTS_CATEGORY, LIMITS } from '../../../shared/constants.ts';
import { useBlogSite } from './blog-site.tsx';
import { SearchInput } from '../../components/ui/search-input.tsx';
import { pagePath } from '../../../shared/routes.ts';

/**
 * The search box. A form that GETs /blog?q=..., so a search works without JavaScript; with it the
 * list follows the typing and submitting only commits the search (SPEC.md: back to page 1).
 */
export function SearchForm({
  value,
  category,
  onChange,
  onSubmit,
}: {
  value: string;
  /** Kept through a search without JavaScript, as the list keeps it. */
  category: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  // What a reader typed before the list's script arrived (it loads at the first focus of the box,
  // islands/hydrate-on-intent.ts) is in the box but not yet searched: it is, once the list hydrates.
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const typed = box.current?.value;
    if (typed !== undefined && typed !== value) onChange(typed);
    // Once, at hydration: later typing reaches onChange itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <form role="search" method="get" action={pagePath.blog()} onSubmit={submit} className="mx-auto mt-8 flex max-w-xl gap-2">
      {category !== ALL_POSTS_CATEGORY && <input type="hidden" name="category" value={category} />}
      <SearchInput
        label="Search articles"
        name="q"
        ref={box}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder="Search articles..."
        maxLength={LIMITS.search}
        className="flex-1"
      />
      <button
        type="submit"
        className="min-h-11 rounded-md bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700 focus-visible:ring-offset-2"
      >
        Search
      </button>
    </form>
  );
}

/**
 * The category toggles: submit buttons of a form that GETs /blog?category=..., so they work
 * without JavaScript (All Posts sends no category); with it the list moves in place.
 */
export function CategoryButtons({ current, onChoose }: { current: string; onChoose: (category: string) => void }) {
  const { categories } = useBlogSite();
  const choose = (label: string) => (event: MouseEvent) => {
    event.preventDefault();
    onChoose(label);
  };
  return (
    <form
      method="get"
      action={pagePath.blog()}
      role="group"
      aria-label="Categories"
      className="mt-6 flex flex-wrap justify-center gap-2"
    >
      {categories.map((label) => (
        <button
          key={label}
          type="submit"
          name={label === ALL_POSTS_CATEGORY ? undefined : 'category'}
          value={label === ALL_POSTS_CATEGORY ? undefined : label}
          aria-pressed={current === label}
          onClick={choose(label)}
          className={`rounded-full border px-4 py-1.5 text-sm max-sm:min-h-11 font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700 ${
            current === label
              ? 'border-blue-700 bg-blue-700 text-white'
              : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100'
          }`}
        >
          {label}
        </button>
      ))}
    </form>
  );
}

/** SPEC.md: clears the search and the category and goes to page 1; without JavaScript, a GET of /blog. */
export function ClearFiltersButton({ onClear }: { onClear: () => void }) {
  return (
    <form method="get" action={pagePath.blog()} className="inline">
      <button
        type="submit"
        onClick={(event) => {
          event.preventDefault();
          onClear();
        }}
        className="mt-4 rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700"
      >
        Clear Filters
      </button>
    </form>
  );
}
