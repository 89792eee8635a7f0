import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FileText, Plus, Search } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { site } from '../../../content/site.ts';
import { ADMIN_RECHECK_MS, ALL_POSTS_CATEGORY, BLOG_CATEGORIES } from '../../../shared/constants.ts';
import type { Post } from '../../../shared/posts.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { recheckAdminFlag, useIsAdmin } from '../../lib/admin-session.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { api, paths } from '../../paths.ts';
import { clampPage, filterByCategory, pageCount, pageItems, summaryLine } from './blog-rules.ts';
import { Pagination } from './pagination.tsx';
import { PostCard } from './post-card.tsx';

const SEARCH_DEBOUNCE_MS = 250;

export function BlogList() {
  const isAdmin = useIsAdmin();
  const [draftView, setDraftView] = useState(false);
  const [category, setCategory] = useState<string>(ALL_POSTS_CATEGORY);
  const [searchInput, setSearchInput] = useState('');
  const [page, setPage] = useState(1);
  const searchTerm = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  const draftMode = isAdmin && draftView;

  // SPEC.md section 4: the admin flag is re-checked at once and then every second.
  useEffect(() => {
    recheckAdminFlag();
    const timer = setInterval(recheckAdminFlag, ADMIN_RECHECK_MS);
    return () => clearInterval(timer);
  }, []);

  const published = useQuery<Post[]>({ queryKey: [api.publishedPosts] });
  const drafts = useQuery<Post[]>({ queryKey: [api.draftPosts], enabled: isAdmin });
  const search = useQuery<Post[]>({
    queryKey: [api.searchPosts(searchTerm)],
    enabled: searchTerm !== '',
    placeholderData: keepPreviousData,
  });

  const listed = draftMode
    ? (drafts.data ?? [])
    : filterByCategory(published.data ?? [], draftMode ? ALL_POSTS_CATEGORY : category);
  // Search takes precedence over the category (SPEC.md section 4); the admin's search also finds
  // drafts, so each view keeps its own kind.
  const results = searchTerm ? (search.data ?? []).filter((post) => post.published !== draftMode) : listed;
  const pages = pageCount(results.length);
  const currentPage = clampPage(page, pages);
  const summary = summaryLine({
    draftMode,
    searchTerm,
    category: draftMode ? ALL_POSTS_CATEGORY : category,
    count: results.length,
  });
  const filtering = searchTerm !== '' || (!draftMode && category !== ALL_POSTS_CATEGORY);
  const loading = draftMode ? drafts.isPending : published.isPending;

  const toggleView = () => {
    setDraftView((v) => !v);
    setPage(1);
  };
  const chooseCategory = (next: string) => {
    setCategory(next);
    setSearchInput('');
    setPage(1);
  };
  const clearFilters = () => {
    setSearchInput('');
    setCategory(ALL_POSTS_CATEGORY);
    setPage(1);
  };
  const onSearchSubmit = (event: FormEvent) => {
    event.preventDefault();
    setPage(1);
  };
  const changePage = (next: number) => {
    setPage(next);
    document.getElementById('posts-heading')?.scrollIntoView({ block: 'start' });
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <header className="text-center">
        <h1 id="posts-heading" className="scroll-mt-20 text-4xl font-bold tracking-tight text-slate-900">
          {draftMode ? 'Draft Articles' : site.blogTitle}
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-700">
          {draftMode
            ? 'Unpublished articles and work-in-progress content. These are only visible to admin users.'
            : site.blogDescription}
        </p>
      </header>

      {isAdmin && (
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <button
            type="button"
            onClick={toggleView}
            className="inline-flex items-center gap-2 rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700"
          >
            <FileText aria-hidden="true" className="h-4 w-4" />
            {draftMode ? `Published Posts (${published.data?.length ?? 0})` : `Drafts (${drafts.data?.length ?? 0})`}
          </button>
          <Link
            href={paths.write}
            className="inline-flex items-center gap-2 rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700 focus-visible:ring-offset-2"
          >
            <Plus aria-hidden="true" className="h-4 w-4" />
            New Post
          </Link>
        </div>
      )}

      <form role="search" onSubmit={onSearchSubmit} className="mx-auto mt-8 flex max-w-xl gap-2">
        <label className="relative flex-1">
          <span className="sr-only">Search articles</span>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500"
          />
          <input
            type="search"
            value={searchInput}
            onChange={(event) => {
              setSearchInput(event.target.value);
              setPage(1);
            }}
            placeholder="Search articles..."
            maxLength={200}
            className="w-full rounded-md border border-slate-400 py-2 pl-9 pr-3 text-slate-900 placeholder:text-slate-500 focus:border-blue-700 focus:outline-none focus:ring-2 focus:ring-blue-700/30"
          />
        </label>
        <button
          type="submit"
          className="rounded-md bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700 focus-visible:ring-offset-2"
        >
          Search
        </button>
      </form>

      {!draftMode && (
        <div role="group" aria-label="Categories" className="mt-6 flex flex-wrap justify-center gap-2">
          {BLOG_CATEGORIES.map((label) => (
            <button
              key={label}
              type="button"
              aria-pressed={category === label}
              onClick={() => chooseCategory(label)}
              className={`rounded-full border px-4 py-1.5 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700 ${
                category === label
                  ? 'border-blue-700 bg-blue-700 text-white'
                  : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100'
              }`}
            >
              {label}
            </button>
          ))}
        </div>
      )}

      {summary && (
        <p aria-live="polite" className="mt-6 text-center text-slate-700">
          {summary}
        </p>
      )}

      {loading ? (
        <Spinner label="Loading blog posts..." />
      ) : results.length === 0 ? (
        <div className="py-16 text-center">
          <h2 className="text-2xl font-semibold text-slate-900">No posts found</h2>
          <p className="mt-2 text-slate-700">
            {searchTerm ? 'Try adjusting your search terms or browse all posts.' : 'No posts available in this category yet.'}
          </p>
          {filtering && <ClearFiltersButton onClick={clearFilters} />}
        </div>
      ) : (
        <>
          {filtering && (
            <div className="mt-4 text-center">
              <ClearFiltersButton onClick={clearFilters} />
            </div>
          )}
          <div className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {pageItems(results, currentPage).map((post) => (
              <PostCard key={post.id} post={post} showEdit={isAdmin} />
            ))}
          </div>
          <Pagination page={currentPage} pages={pages} onChange={changePage} />
        </>
      )}
    </div>
  );
}

function ClearFiltersButton({ onClick }: { onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="mt-4 rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700"
    >
      Clear Filters
    </button>
  );
}
