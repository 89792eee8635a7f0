/** What a page or feed that lists posts reads of them, and no more: each a query of its own. */
import type { BlogCard, Post } from '../../../shared/posts.ts';
import type { Database } from '../../db/client.ts';
import { blogPosts } from '../../db/schema.ts';
import { cardColumns, toCard } from './blog-views.ts';
import { newestShownFirst, visibleToReaders } from './post-queries.ts';

/** A post as the sitemap lists it: its address and the dates that tell when it last changed. */
export type SitemapEntry = Pick<Post, 'slug' | 'updatedAt' | 'publishAt'>;

/** The latest posts readers may see at `now`, as cards: the body's start only, cut by the database. */
export async function queryLatestCards(db: Database, limit: number, now: Date): Promise<BlogCard[]> {
  const rows = await db
    .select(cardColumns)
    .from(blogPosts)
    .where(visibleToReaders(now))
    .orderBy(...newestShownFirst)
    .limit(limit);
  return rows.map(toCard);
}

/** Every post readers may see at `now`, newest first: slug and dates, never a body. */
export async function querySitemapEntries(db: Database, now: Date): Promise<SitemapEntry[]> {
  const rows = await db
    .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt, publishAt: blogPosts.publishAt })
    .from(blogPosts)
    .where(visibleToReaders(now))
    .orderBy(...newestShownFirst);
  return rows.map((row) => ({
    slug: row.slug,
    updatedAt: row.updatedAt.toISOString(),
    ...(row.publishAt ? { publishAt: row.publishAt.toISOString() } : {}),
  }));
}
