import { ALL_POSTS_CATEGORY, LIMITS } from './constants.ts';
// Only the plain function: zod is free of side effects, so the bundler leaves it out.
import { isStorableText } from './fields.ts';

/*
 * The views of /blog as addresses name them, without zod: the blog's script in the browser reads
 * them, and the schemas of posts.ts would add the whole validation library to it.
 */

/** Far beyond any blog's last page: a larger number is a mistake, not a page to clamp. */
export const MAX_BLOG_PAGE = 1_000_000;

/** Which view of /blog: search takes precedence over the category (SPEC.md section 4). */
export interface BlogViewParams {
  page: number;
  /** `All Posts`, or a label of the site document's categories, as the document spells it. */
  category: string;
  /** The trimmed search; empty when not searching. */
  q: string;
}

/** The label (of `labels`) a category parameter names, ignoring case; undefined when it names none. */
const categoryLabel = (value: string, labels: readonly string[]): string | undefined => {
  const wanted = value.trim().toLowerCase();
  return wanted === ALL_POSTS_CATEGORY.toLowerCase()
    ? ALL_POSTS_CATEGORY
    : labels.find((label) => label.toLowerCase() === wanted);
};

/**
 * The view an address asks for, leniently (it comes from links people type or share): a page
 * that is no whole number from 1 is page 1, an unknown category is All Posts, an unusable search
 * is no search. `labels` are the site document's categories (shared/site.ts `categoryLabels`).
 */
export function blogViewFromSearch(search: string | URLSearchParams, labels: readonly string[]): BlogViewParams {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const pageText = params.get('page')?.trim() ?? '';
  const page = /^\d{1,7}$/.test(pageText) ? Math.min(Math.max(1, Number(pageText)), MAX_BLOG_PAGE) : 1;
  const category = categoryLabel(params.get('category') ?? '', labels) ?? ALL_POSTS_CATEGORY;
  const q = (params.get('q') ?? '').trim();
  return { page, category, q: q.length <= LIMITS.search && isStorableText(q) ? q : '' };
}
