import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FileText, Plus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { ADMIN_RECHECK_MS, ALL_POSTS_CATEGORY } from '../../../shared/constants.ts';
import type { BlogCard } from '../../../shared/posts.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { recheckAdminFlag, useIsAdmin } from '../../lib/admin-session.ts';
import { pagePath } from '../../../shared/routes.ts';
import { blogViewQuery, draftPostsQuery, searchPostsQuery } from './api.ts';
import { CategoryButtons, ClearFiltersButton, SearchForm } from './blog-filters.tsx';
import { clampPage, pageCount, pageItems, summaryLine } from './blog-rules.ts';
import { useBlogSite } from './blog-site.tsx';
import { useBlogAddress } from './blog-view.ts';
import { Pagination } from './pagination.tsx';
import { PostCard } from './post-card.tsx';

const SEARCH_DEBOUNCE_MS = 250;

/**
 * The blog list of SPEC.md section 2. Its page, category and search are the address's
 * (`/blog?page=2&category=...`, `?q=...`): the server renders that view and the list asks the API
 * for one page at a time. The admin's draft view lists the drafts, which are few, in the browser.
 */
export function BlogList() {
  const isAdmin = useIsAdmin();
  const site = useBlogSite();
  const [draftView, setDraftView] = useState(false);
  const draftMode = isAdmin && draftView;
  const { view, go } = useBlogAddress();
  const [searchInput, setSearchInput] = useState(view.q);
  const typing = useRef<ReturnType<typeof setTimeout>>(undefined);

  // When the address's search changes from outside the box (Back, Forward), the box follows.
  const [addressSearch, setAddressSearch] = useState(view.q);
  if (addressSearch !== view.q) {
    setAddressSearch(view.q);
    if (searchInput.trim() !== view.q) setSearchInput(view.q);
  }

  // SPEC.md section 4: the admin flag is re-checked at once and then every second.
  useEffect(() => {
    recheckAdminFlag();
    const timer = setInterval(recheckAdminFlag, ADMIN_RECHECK_MS);
    return () => {
      clearInterval(timer);
      clearTimeout(typing.current);
    };
  }, []);

  const published = useQuery({ ...blogViewQuery(view), enabled: !draftMode, placeholderData: keepPreviousData });
  // The toolbar's counts: the drafts, and (in the draft view) every published post.
  const drafts = useQuery({ ...draftPostsQuery(), enabled: isAdmin });
  const allPublished = useQuery({ ...blogViewQuery({}), enabled: draftMode });
  // The admin's search finds drafts too; the draft view keeps the drafts of it.
  const draftSearch = useQuery({
    ...searchPostsQuery(view.q),
    enabled: draftMode && view.q !== '',
    placeholderData: keepPreviousData,
  });

  let cards: BlogCard[], total: number, page: number, pages: number;
  if (draftMode) {
    const results = view.q ? (draftSearch.data ?? []).filter((post) => !post.published) : (drafts.data ?? []);
    total = results.length;
    pages = pageCount(total);
    page = clampPage(view.page, pages);
    cards = pageItems(results, page);
  } else {
    ({ posts: cards = [], total = 0, page = 1, pageCount: pages = 0 } = published.data ?? {});
  }
  const category: string = draftMode ? ALL_POSTS_CATEGORY : view.category;
  const summary = summaryLine({ draftMode, searchTerm: view.q, category, count: total });
  const filtering = view.q !== '' || category !== ALL_POSTS_CATEGORY;
  const loading = draftMode ? drafts.isPending : published.isPending;

  const changeSearch = (value: string) => {
    setSearchInput(value);
    // Typing goes back to page 1 at once; the search itself follows a pause in typing.
    go({ page: 1 }, { replace: true });
    clearTimeout(typing.current);
    typing.current = setTimeout(() => go({ q: value.trim(), page: 1 }, { replace: true }), SEARCH_DEBOUNCE_MS);
  };
  const submitSearch = () => {
    clearTimeout(typing.current);
    go({ q: searchInput.trim(), page: 1 }, { replace: true });
  };
  const chooseCategory = (next: string) => {
    clearTimeout(typing.current);
    setSearchInput('');
    go({ category: next, q: '', page: 1 });
  };
  const clearFilters = () => chooseCategory(ALL_POSTS_CATEGORY);
  const toggleView = () => {
    setDraftView((v) => !v);
    go({ page: 1 }, { replace: true });
  };
  const scrollToHeading = () => document.getElementById('posts-heading')?.scrollIntoView({ block: 'start' });

  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <header className="text-center">
        <h1 id="posts-heading" className="scroll-mt-20 text-4xl font-bold tracking-tight text-slate-900">
          {draftMode ? 'Draft Articles' : site.blog.title}
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-700">
          {draftMode
            ? 'Unpublished articles and work-in-progress content. These are only visible to admin users.'
            : site.blog.description}
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
            {draftMode ? `Published Posts (${allPublished.data?.total ?? 0})` : `Drafts (${drafts.data?.length ?? 0})`}
          </button>
          <Link
            href={pagePath.write}
            className="inline-flex items-center gap-2 rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700 focus-visible:ring-offset-2"
          >
            <Plus aria-hidden="true" className="h-4 w-4" />
            New Post
          </Link>
        </div>
      )}

      <SearchForm value={searchInput} category={category} onChange={changeSearch} onSubmit={submitSearch} />

      {!draftMode && <CategoryButtons current={view.category} onChoose={chooseCategory} />}

      {summary && (
        <p aria-live="polite" className="mt-6 text-center text-slate-700">
          {summary}
        </p>
      )}

      {loading ? (
        <Spinner label="Loading blog posts..." />
      ) : cards.length === 0 ? (
        <div className="py-16 text-center">
          <h2 className="text-2xl font-semibold text-slate-900">No posts found</h2>
          <p className="mt-2 text-slate-700">
            {view.q ? 'Try adjusting your search terms or browse all posts.' : 'No posts available in this category yet.'}
          </p>
          {filtering && <ClearFiltersButton onClear={clearFilters} />}
        </div>
      ) : (
        <>
          {filtering && (
            <div className="mt-4 text-center">
              <ClearFiltersButton onClear={clearFilters} />
            </div>
          )}
          <div className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {cards.map((post) => (
              <PostCard key={post.id} post={post} showEdit={isAdmin} author={site.author} />
            ))}
          </div>
          <Pagination
            page={page}
            pages={pages}
            href={(number) => pagePath.blog({ ...view, page: number })}
            onNavigate={scrollToHeading}
          />
        </>
      )}
    </div>
  );
}
