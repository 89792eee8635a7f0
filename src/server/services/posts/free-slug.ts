import { and, eq, ne, or, sql } from 'drizzle-orm';
import { LIMITS } from '../../../shared/constants.ts';
import type { Database } from '../../db/client.ts';
import { blogPosts } from '../../db/schema.ts';

type Reader = Pick<Database, 'select'>;

/**
 * `slug` if no other post has it, else the first free `slug-2`, `slug-3` ... (DESIGN.md: a slug
 * already taken by another post gets a suffix). `ownId` is the post being written, whose own slug
 * is no conflict.
 */
export async function freeSlug(db: Reader, slug: string, ownId?: string): Promise<string> {
  const stem = slug.slice(0, LIMITS.slug - 8);
  const taken = await db
    .select({ slug: blogPosts.slug })
    .from(blogPosts)
    .where(
      and(
        or(eq(blogPosts.slug, slug), sql`${blogPosts.slug} ~ ${`^${escapeRegExp(stem)}-[0-9]+$`}`),
        ownId ? ne(blogPosts.id, ownId) : undefined,
      ),
    );
  const used = new Set(taken.map((row) => row.slug));
  if (!used.has(slug)) return slug;
  for (let n = 2; ; n += 1) if (!used.has(`${stem}-${n}`)) return `${stem}-${n}`;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
