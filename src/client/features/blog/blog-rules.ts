import { ALL_POSTS_CATEGORY, CARD_EXCERPT_LENGTH, POSTS_PER_PAGE } from '../../../shared/constants.ts';
import type { Post } from '../../../shared/posts.ts';
import { truncateWithEllipsis } from '../../../shared/text.ts';

/** A post is in a category when one of its tags equals it, ignoring case (SPEC.md section 5). */
export function filterByCategory(posts: Post[], category: string): Post[] {
  if (category === ALL_POSTS_CATEGORY) return posts;
  const wanted = category.toLowerCase();
  return posts.filter((post) => (post.tags ?? []).some((tag) => tag.toLowerCase() === wanted));
}

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
export function cardExcerpt(post: Pick<Post, 'excerpt' | 'content'>): string {
  return post.excerpt || truncateWithEllipsis(post.content, CARD_EXCERPT_LENGTH);
}
