/** The SQL pieces of posts shared by the posts domain's modules: what readers may see, search, rows as the API answers them. */
import { desc, getTableColumns, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { postMetadataFields, postMetadataSchema, type Post, type PostMetadata } from '../../../shared/posts.ts';
import { publicImageUrl } from '../../../shared/images.ts';
import type { Database } from '../../db/client.ts';
import { blogPosts, postSearch } from '../../db/schema.ts';

/** Every column but those only the database reads: the tag keys, the list date. */
const { tagKeys: _tagKeys, shownAt: _shownAt, ...columns } = getTableColumns(blogPosts);
export const postColumns = columns;
export type PostRow = Omit<typeof blogPosts.$inferSelect, 'tagKeys' | 'shownAt'>;

/**
 * What readers may see at `now` (DESIGN.md "scheduling"): published, and past its `publishAt` if it
 * has one. Decided at read time, so every instance agrees without a job.
 */
export const visibleToReaders = (now: Date): SQL => sql`(${blogPosts.published} and ${pastPublishAt(now)})`;

/** No `publishAt`, or one that has passed at `now` (of a post, or of its row in post_search). */
export const pastPublishAt = (now: Date, publishAt: AnyPgColumn = blogPosts.publishAt): SQL =>
  sql`(${publishAt} is null or ${publishAt} <= ${now.toISOString()}::timestamptz)`;

/** Readers' order: the date they see (publishAt, else createdAt), newest first. */
export const newestShownFirst = [desc(blogPosts.shownAt), desc(blogPosts.id)] as const;

/**
 * What a category is compared with (blog-views.ts): each tag lower-cased by the database, exactly
 * as migration 0007 computed it for the posts saved before it.
 */
export const tagKeysOf = (tags: string[]): SQL =>
  sql`array(select lower(tag) from unnest(${sql.param(tags, blogPosts.tags)}::text[]) with ordinality as t(tag, n) order by n)`;

export function toApiPost(row: PostRow): Post {
  // A value stored before covers were validated is left out rather than shown broken.
  const featuredImage = publicImageUrl(row.featuredImage ?? undefined);
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    content: row.content,
    ...(row.excerpt ? { excerpt: row.excerpt } : {}),
    ...(featuredImage ? { featuredImage } : {}),
    tags: row.tags ?? [],
    published: row.published,
    ...(row.publishAt ? { publishAt: row.publishAt.toISOString() } : {}),
    metadata: readableMetadata(row.metadata),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Orders [key, value] pairs by key, by code unit: the same in every locale. */
const byKey = ([a]: [string, unknown], [b]: [string, unknown]) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Stored metadata as readers' pages may use it: a known key of the wrong type (stored before
 * metadata was validated) is left out, and metadata over the limits keeps its known keys only.
 */
export function readableMetadata(stored: unknown): PostMetadata {
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return {};
  const known = postMetadataFields.shape;
  const fits = postMetadataSchema.safeParse(stored).success;
  const readable: Record<string, unknown> = {};
  // Keys in one order (the stored one depends on the engine's jsonb layout and on how the row
  // was changed), so that the same post gives the same bytes: pages are compared by ETag.
  for (const [key, value] of Object.entries(stored).sort(byKey)) {
    // Own keys only: "constructor" or "toString" must not find Object's.
    const schema = Object.hasOwn(known, key) ? known[key as keyof typeof known] : undefined;
    if (schema ? schema.safeParse(value).success : fits) readable[key] = value;
  }
  return readable as PostMetadata;
}

/**
 * The words of a search that the full-text index answers, or undefined when the search falls back
 * to a substring match (a word under 3 characters, or only punctuation).
 */
function fullTextWords(search: string): string[] | undefined {
  // Split at punctuation as PostgreSQL's parser does: "e-learning" is indexed as e-learn, e and
  // learn, so gluing it into "elearning" would match nothing.
  const words = search
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return words.length > 0 && words.every((w) => w.length >= 3) ? words : undefined;
}

/** Each word as an English stem or as written, every word required; each a prefix ("innov" finds "innovation"). */
function prefixQuery(words: string[]): SQL {
  return sql.join(
    words.map((w) => sql`(to_tsquery('english'::regconfig, ${`${w}:*`}) || to_tsquery('simple'::regconfig, ${`${w}:*`}))`),
    sql` && `,
  );
}

/**
 * The rows of post_search whose document matches `search`; undefined for a search the index cannot
 * answer (a word under 3 characters, or only punctuation), which scans the posts' text instead.
 * Readers' lists read post_search itself (blog-views.ts), a narrow table whose documents are kept
 * out of line (migration 0011).
 */
export function documentMatches(search: string): SQL | undefined {
  const words = fullTextWords(search);
  return words ? sql`${postSearch.search} @@ (${prefixQuery(words)})` : undefined;
}

/**
 * Full-text match of a post, with prefix terms ("innov" finds "innovation"); terms under 3
 * characters, or made only of punctuation, fall back to a case-insensitive substring match.
 */
export function searchCondition(search: string): SQL | undefined {
  const matches = documentMatches(search);
  if (matches) return sql`${blogPosts.id} in (select ${postSearch.postId} from ${postSearch} where ${matches})`;
  const pattern = `%${search.replace(/[\\%_]/g, '\\$&')}%`;
  return or(
    sql`${blogPosts.title} ilike ${pattern}`,
    sql`coalesce(${blogPosts.excerpt}, '') ilike ${pattern}`,
    sql`${blogPosts.content} ilike ${pattern}`,
    sql`array_to_string(${blogPosts.tags}, ' ') ilike ${pattern}`,
  );
}

/**
 * Runs `query` with sequential scans priced out when `search` is answered by post_search's index:
 * the planner prices a full-text match as cheap and would otherwise read every out-of-line
 * document (200-250 ms on 10,000 posts for a list the index gives in 25-75 ms, docs/decisions/017).
 * Set for that one transaction; no search, or a substring one, runs as it is.
 */
export async function throughSearchIndex<T>(
  db: Database,
  search: string | undefined,
  query: (db: Database) => Promise<T>,
): Promise<T> {
  if (!search || !documentMatches(search)) return query(db);
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return query(tx);
  });
}
