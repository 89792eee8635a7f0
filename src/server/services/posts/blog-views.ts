import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { ALL_POSTS_CATEGORY, CARD_EXCERPT_LENGTH, POSTS_PER_PAGE } from '../../../shared/constants.ts';
import type { BlogViewParams } from '../../../shared/blog-view.ts';
import { postMetadataFields, type BlogCard, type BlogView } from '../../../shared/posts.ts';
import type { Database } from '../../db/client.ts';
import { blogPosts, postSearch } from '../../db/schema.ts';
import {
  documentMatches,
  newestShownFirst,
  pastPublishAt,
  searchCondition,
  throughSearchIndex,
  visibleToReaders,
} from './post-queries.ts';

/**
 * One character past the card's fallback excerpt, so the card can tell whether to add an ellipsis.
 * PostgreSQL counts characters and JavaScript UTF-16 units, so this is never fewer than the card needs.
 */
const CARD_CONTENT_CHARS = CARD_EXCERPT_LENGTH + 1;

/** The card's metadata keys, each kept only when it has the type the product reads. */
const CARD_METADATA_KEYS = ['author', 'readTime', 'views'] as const;

/** The columns a card reads (the blog list's, the home page's latest posts). */
export const cardColumns = {
  id: blogPosts.id,
  title: blogPosts.title,
  slug: blogPosts.slug,
  excerpt: blogPosts.excerpt,
  // A card shows its excerpt, else the start of the body: the rest of the body never leaves the database.
  content: sql<string>`case when coalesce(${blogPosts.excerpt}, '') = '' then left(${blogPosts.content}, ${CARD_CONTENT_CHARS}) else '' end`,
  tags: blogPosts.tags,
  publishAt: blogPosts.publishAt,
  metadata: sql<Record<string, unknown> | null>`jsonb_build_object(${sql.join(
    CARD_METADATA_KEYS.map((key) => sql`${key}::text, ${blogPosts.metadata} -> ${key}::text`),
    sql`, `,
  )})`,
  createdAt: blogPosts.createdAt,
};

export interface CardRow {
  id: string;
  title: string;
  slug: string;
  excerpt: string | null;
  content: string;
  tags: string[] | null;
  publishAt: Date | null;
  metadata: Record<string, unknown> | null;
  createdAt: Date;
}

export function toCard(row: CardRow): BlogCard {
  const metadata: Record<string, unknown> = {};
  for (const key of CARD_METADATA_KEYS) {
    const value = row.metadata?.[key];
    if (value !== null && value !== undefined && postMetadataFields.shape[key].safeParse(value).success) metadata[key] = value;
  }
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    content: row.content,
    ...(row.excerpt ? { excerpt: row.excerpt } : {}),
    tags: row.tags ?? [],
    ...(row.publishAt ? { publishAt: row.publishAt.toISOString() } : {}),
    metadata,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A post is in a category when one of its tags equals the label, ignoring case (SPEC.md section 5),
 * or a name the category had before (the site document keeps them): compared with the tags the
 * post service stored lower-cased, by the same `lower()`.
 */
const inCategory = (names: readonly string[]): SQL =>
  sql`${blogPosts.tagKeys} && array[${sql.join(
    names.map((name) => sql`lower(${name})`),
    sql`, `,
  )}]::text[]`;

/**
 * Where a list's matches are found: the posts themselves, or for a full-text search the narrow
 * post_search rows (migration 0011), ordered the same way.
 */
const POSTS = { table: blogPosts, id: blogPosts.id, order: newestShownFirst };
const SEARCH_ROWS = { table: postSearch, id: postSearch.postId, order: [desc(postSearch.shownAt), desc(postSearch.postId)] };
type Source = typeof POSTS | typeof SEARCH_ROWS;

/**
 * The cards of one page with the number of matches. The matching rows are walked once, reading
 * only their order and id (the count comes with them); the card columns are read for the 6 rows
 * of the page alone, so a late page or a search matching thousands costs little more than page 1.
 */
async function pageRows(db: Database, source: Source, where: SQL | undefined, page: number) {
  const matches = db
    .select({ id: source.id, total: sql<number>`count(*) over ()`.mapWith(Number).as('total') })
    .from(source.table)
    .where(where)
    .orderBy(...source.order)
    .limit(POSTS_PER_PAGE)
    .offset((page - 1) * POSTS_PER_PAGE)
    .as('page_ids');
  return db
    .select({ ...cardColumns, total: matches.total })
    .from(blogPosts)
    .innerJoin(matches, eq(blogPosts.id, matches.id))
    .orderBy(...newestShownFirst);
}

/** The rows of the page asked for, or of the last page when it is beyond that (SPEC.md: clamped). */
async function clampedPageRows(db: Database, source: Source, where: SQL | undefined, page: number) {
  const rows = await pageRows(db, source, where, page);
  if (rows.length > 0 || page === 1) return rows;
  const [counted] = await db.select({ total: count() }).from(source.table).where(where);
  const last = Math.ceil((counted?.total ?? 0) / POSTS_PER_PAGE);
  return last > 0 ? pageRows(db, source, where, last) : [];
}

/**
 * One view of /blog, as the server renders it and the browser asks for it: the cards of one page
 * of the posts readers may see at `now` (newest first) and the number of matches. Search takes precedence over the category; the page is
 * clamped between 1 and the page count (SPEC.md section 4).
 */
export async function queryBlogView(
  db: Database,
  view: BlogViewParams,
  now: Date,
  /** The tags of `view.category` (its label and former names); the label alone when absent. */
  categoryTags: readonly string[] = [view.category],
): Promise<BlogView> {
  const search = view.q.trim();
  const matches = search ? documentMatches(search) : undefined;
  let rows;
  if (matches) {
    const where = and(postSearch.published, pastPublishAt(now, postSearch.publishAt), matches);
    rows = await throughSearchIndex(db, search, (tx) => clampedPageRows(tx, SEARCH_ROWS, where, view.page));
  } else {
    const conditions: (SQL | undefined)[] = [visibleToReaders(now)];
    if (search) conditions.push(searchCondition(search));
    else if (view.category !== ALL_POSTS_CATEGORY) conditions.push(inCategory(categoryTags));
    rows = await clampedPageRows(db, POSTS, and(...conditions), view.page);
  }
  const total = rows[0]?.total ?? 0;
  const pageCount = Math.ceil(total / POSTS_PER_PAGE);
  return { posts: rows.map(toCard), total, page: rows.length === 0 ? 1 : Math.min(view.page, pageCount), pageCount };
}
