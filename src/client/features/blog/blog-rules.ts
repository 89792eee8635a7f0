import { ALL_POSTS_CATEGORY, CARD_EXCERPT_LENGTH, POSTS_PER_PAGE } from '../../../shared/constants.ts';
import type { BlogCard } from '../../../shared/posts.ts';
import { truncateWithEllipsis } from '../../../shared/text.ts';

export function pageCount(total: number, pageSize = POSTS_PER_PAGE): number {
  return Math.ceil(total / pageSize);
}

/** The page number kept between 1 and the page count (1 when there are no pages). */
export function clampPage(page: number, pages: number): number {
  return Math.min(Math.max(1, page), Math.max(1, pages));
}

export function pageItems<T>(items: T[], page: number, pageSize = POSTS_PER_PAGE): T[] {
  const start = (page - 1) * pageSize;
  return items.slice(start, start + pageSize);
}

/** How many page numbers the pager shows at most, gaps included. */
export const PAGER_SLOTS = 7;

/**
 * The page numbers the pager shows: all of them up to 7 pages; beyond, the first, the last and the
 * neighbours of the current page, with a gap where numbers are left out (1 … 49 50 51 … 1667).
 */
export function pageWindow(page: number, pages: number): (number | 'gap')[] {
  if (pages <= PAGER_SLOTS) return Array.from({ length: pages }, (_, index) => index + 1);
  // Near either end the run of neighbours is longer, so the pager keeps its width.
  const from = page <= 4 ? 2 : page >= pages - 3 ? pages - 4 : page - 1;
  const to = page <= 4 ? 5 : page >= pages - 3 ? pages - 1 : page + 1;
  const middle = Array.from({ length: to - from + 1 }, (_, index) => from + index);
  return [1, ...(from > 2 ? ['gap' as const] : []), ...middle, ...(to < pages - 1 ? ['gap' as const] : []), pages];
}

/** SPEC.md section 2: which summary line the list shows, if any. */
export function summaryLine(options: { draftMode: boolean; searchTerm: string; category: string; count: number }): string | null {
  const { draftMode, searchTerm, category, count } = options;
  if (draftMode) return `Showing ${count} draft(s)`;
  if (searchTerm) return `Found ${count} results for "${searchTerm}"`;
  if (category !== ALL_POSTS_CATEGORY) return `Showing ${count} posts in "${category}"`;
  return null;
}

const BADGE_COLORS: Record<string, string> = {
  javascript: 'bg-yellow-100 text-yellow-900',
  react: 'bg-sky-100 text-sky-900',
  api: 'bg-green-100 text-green-900',
  database: 'bg-purple-100 text-purple-900',
  design: 'bg-pink-100 text-pink-900',
  devops: 'bg-orange-100 text-orange-900',
  testing: 'bg-red-100 text-red-900',
};
export const DEFAULT_BADGE_COLOR = 'bg-slate-100 text-slate-800';

/** Badge colour of a card, chosen by its first tag; tags without a colour are gray. */
export function badgeColor(tags: string[] | undefined): string {
  const first = tags?.[0];
  return (first && BADGE_COLORS[first.toLowerCase()]) || DEFAULT_BADGE_COLOR;
}

/** The card's excerpt, or the first 150 characters of the content with an ellipsis. */
export function cardExcerpt(post: Pick<BlogCard, 'excerpt' | 'content'>): string {
  return post.excerpt || truncateWithEllipsis(post.content, CARD_EXCERPT_LENGTH);
}
