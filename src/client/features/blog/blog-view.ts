import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { ALL_POSTS_CATEGORY } from '../../../shared/constants.ts';
import { blogViewFromSearch, type BlogViewParams } from '../../../shared/blog-view.ts';
import { pagePath } from '../../../shared/routes.ts';
import { blogMeta, type HeadSite, type PageMeta } from '../../seo.ts';
import { useBlogSite } from './blog-site.tsx';

/**
 * The view of /blog that the address names (DESIGN.md: `?page`, `?category`, `?q`), and a way to
 * move to another one. The address is the list's state, so the server renders the same view, the
 * Back button returns to the previous one and a view can be shared.
 */
export function useBlogAddress() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const { categories } = useBlogSite();
  const view = useMemo(() => blogViewFromSearch(search, categories), [search, categories]);
  // Read by the search box's timer, which fires after the address may have changed.
  const latest = useRef(view);
  useEffect(() => {
    latest.current = view;
  }, [view]);
  /** Another view: changes merge into the current one; `replace` keeps it out of the history. */
  const go = useCallback(
    (changes: Partial<BlogViewParams>, options?: { replace?: boolean }) => {
      const next = pagePath.blog({ ...latest.current, ...changes });
      if (next !== pagePath.blog(latest.current)) navigate(next, options);
    },
    [navigate],
  );
  return { view, go };
}

/** The blog's metadata for a view: its own canonical address and title; searches stay out of search engines. */
export function blogViewMeta(site: HeadSite, view: BlogViewParams): PageMeta {
  const meta = blogMeta(site);
  if (view.q) return { ...meta, path: pagePath.blog(view), noindex: true };
  const named = [
    view.category === ALL_POSTS_CATEGORY ? undefined : view.category,
    view.page > 1 ? `Page ${view.page}` : undefined,
  ];
  const prefix = named.filter(Boolean).join(', ');
  return { ...meta, title: prefix ? `${prefix} | ${meta.title}` : meta.title, path: pagePath.blog(view) };
}
