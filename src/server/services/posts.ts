import type { BlogViewParams } from '../../shared/blog-view.ts';
import { and, desc, eq, getTableColumns, or, sql, type SQL } from 'drizzle-orm';
import {
  type BlogView,
  postMetadataFields,
  postMetadataSchema,
  type ParsedPostInput,
  type ParsedPostUpdate,
  type Post,
  postStatusAt,
  type PostMetadata,
} from '../../shared/posts.ts';
import { publicImageUrl } from '../../shared/images.ts';
import { readTimeMinutes, slugify } from '../../shared/text.ts';
import type { Database } from '../db/client.ts';
import { blogPosts } from '../db/schema.ts';
import { badRequest, conflict, HttpError, notFound } from '../errors.ts';
import { queryBlogView } from './blog-views.ts';
import { type MarkdownRenderer, MarkdownRefusedError } from './markdown-renderer.ts';
import { RevisionService, type SavedFields } from './revisions.ts';

/** Every column but those only the database reads: the search document (the largest one), the tag keys, the list date. */
const { search: _searchDocument, tagKeys: _tagKeys, shownAt: _shownAt, ...postColumns } = getTableColumns(blogPosts);
type PostRow = Omit<typeof blogPosts.$inferSelect, 'search' | 'tagKeys' | 'shownAt'>;

/**
 * What readers may see at `now` (DESIGN.md "scheduling"): published, and past its `publishAt` if it
 * has one. Decided at read time, so every instance agrees without a job.
 */
export const visibleToReaders = (now: Date): SQL => sql`(${blogPosts.published} and ${pastPublishAt(now)})`;

/** No `publishAt`, or one that has passed at `now`. */
export const pastPublishAt = (now: Date): SQL =>
  sql`(${blogPosts.publishAt} is null or ${blogPosts.publishAt} <= ${now.toISOString()}::timestamptz)`;

/** Readers' order: the date they see (publishAt, else createdAt), newest first. */
export const newestShownFirst = [desc(blogPosts.shownAt), desc(blogPosts.id)] as const;

const SAVED_ELSEWHERE = 'This post was changed elsewhere';

/**
 * What a category is compared with (blog-views.ts): each tag lower-cased by the database, exactly
 * as migration 0007 computed it for the posts saved before it.
 */
export const tagKeysOf = (tags: string[]): SQL =>
  sql`array(select lower(tag) from unnest(${sql.param(tags, blogPosts.tags)}::text[]) with ordinality as t(tag, n) order by n)`;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID_PATTERN.test(value);

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
export const byKey = ([a]: [string, unknown], [b]: [string, unknown]) => (a < b ? -1 : a > b ? 1 : 0);

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
 * Weighted document: title and tags rank above the excerpt, the excerpt above the body. Every
 * word is also indexed as written ('simple'), so that a word being typed matches it even past the
 * point where English stemming cuts it ("graduatio" is no prefix of "graduat"), and so that words
 * English leaves out ("for", "the") can be searched. Migration 0003 computes the same in SQL.
 */
export function searchDocument(post: { title: string; tags: string[]; excerpt: string | null; content: string }): SQL {
  const english = sql`'english'::regconfig`;
  const tags = post.tags.join(' ');
  const excerpt = post.excerpt ?? '';
  return sql`setweight(to_tsvector(${english}, ${post.title}), 'A')
    || setweight(to_tsvector(${english}, ${tags}), 'A')
    || setweight(to_tsvector(${english}, ${excerpt}), 'B')
    || setweight(to_tsvector(${english}, ${post.content}), 'C')
    || to_tsvector('simple'::regconfig, ${[post.title, tags, excerpt, post.content].join(' ')})`;
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

/** Whether `searchCondition(search)` is answered by the full-text index (not by a substring scan). */
export const usesSearchIndex = (search: string): boolean => fullTextWords(search) !== undefined;

/**
 * Full-text match with prefix terms ("innov" finds "innovation"); terms under 3 characters, or
 * made only of punctuation, fall back to a case-insensitive substring match.
 */
export function searchCondition(search: string): SQL | undefined {
  const words = fullTextWords(search);
  if (words) {
    // Each word as an English stem or as written, every word required.
    const query = sql.join(
      words.map((w) => sql`(to_tsquery('english'::regconfig, ${`${w}:*`}) || to_tsquery('simple'::regconfig, ${`${w}:*`}))`),
      sql` && `,
    );
    return sql`${blogPosts.search} @@ (${query})`;
  }
  const pattern = `%${search.replace(/[\\%_]/g, '\\$&')}%`;
  return or(
    sql`${blogPosts.title} ilike ${pattern}`,
    sql`coalesce(${blogPosts.excerpt}, '') ilike ${pattern}`,
    sql`${blogPosts.content} ilike ${pattern}`,
    sql`array_to_string(${blogPosts.tags}, ' ') ilike ${pattern}`,
  );
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Slug rule of SPEC.md section 5: the trimmed slug, or one derived from the title. */
function resolveSlug(input: ParsedPostInput): string {
  const slug = input.slug || slugify(input.title);
  if (!slug) throw badRequest('Slug is empty: give a slug or a title with letters or digits');
  return slug;
}

/**
 * Metadata keys the server keeps, whatever a client sends: the view count, and where an imported
 * post came from (`source` and `sourceDate`: a second import of the same file finds it by these).
 */
const SERVER_OWNED_METADATA = ['views', 'source', 'sourceDate'] as const;

/**
 * Metadata sent replaces what was stored (so a key can be removed); left out, the stored one
 * stays. The server's own keys (SERVER_OWNED_METADATA) keep their stored value. `readTime` is the one sent,
 * else that of the content being saved (not the stored one: the content may have changed since).
 */
function resolveMetadata(input: ParsedPostInput, existing: PostMetadata = {}): PostMetadata {
  const resolved: Record<string, unknown> = { ...(input.metadata ?? existing) };
  for (const key of SERVER_OWNED_METADATA) {
    if (existing[key] !== undefined) resolved[key] = existing[key];
    else delete resolved[key];
  }
  if (input.metadata?.readTime === undefined) resolved.readTime = Math.max(1, readTimeMinutes(input.content));
  return resolved as PostMetadata;
}

/** The fields of a save, as stored. */
type PostValues = SavedFields;

const toDate = (iso: string | null | undefined): Date | null => (iso ? new Date(iso) : null);

export class PostService {
  private readonly db: Database;
  private readonly markdown: MarkdownRenderer | undefined;
  private readonly now: () => Date;
  /**
   * With `markdown`, a post is rendered before it is saved and refused (422) when it cannot be.
   * `clock` decides when a scheduled post goes out (tests move it).
   */
  constructor(db: Database, markdown?: MarkdownRenderer, clock?: () => Date) {
    this.db = db;
    this.markdown = markdown;
    this.now = clock ?? (() => new Date());
  }

  /** Whether readers may see this post now: published, and its `publishAt` (if any) has passed. */
  isVisible(post: Pick<Post, 'published' | 'publishAt'>): boolean {
    return postStatusAt(post, this.now()) === 'published';
  }

  /** The condition of `isVisible` in SQL, at this service's clock. */
  visibleCondition(): SQL {
    return visibleToReaders(this.now());
  }

  private async assertRenderable(content: string): Promise<void> {
    try {
      await this.markdown?.render(content);
    } catch (error) {
      if (error instanceof MarkdownRefusedError)
        throw new HttpError(422, `The content cannot be shown to readers: ${error.message}`);
      throw error;
    }
  }

  /**
   * Newest first (by the date readers see). `published` undefined lists every post; true (or
   * `readers`) only what readers may see now (no scheduled post before its time), false drafts;
   * `offset` skips that many (the next page of a paged list).
   */
  async list(options: {
    published?: boolean;
    readers?: boolean;
    search?: string;
    limit?: number;
    offset?: number;
  }): Promise<Post[]> {
    const conditions: SQL[] = [];
    // Published means out: a scheduled post is no published post until its time, for the admin too
    // (the home page's latest posts ask this way).
    if (options.readers || options.published === true) conditions.push(this.visibleCondition());
    else if (options.published === false) conditions.push(eq(blogPosts.published, false));
    const search = options.search?.trim();
    if (search) {
      const condition = searchCondition(search);
      if (condition) conditions.push(condition);
    }
    const query = this.db
      .select(postColumns)
      .from(blogPosts)
      .where(and(...conditions))
      .orderBy(...newestShownFirst);
    const paged = options.offset ? query.offset(options.offset) : query;
    const rows = options.limit ? await paged.limit(options.limit) : await paged;
    return rows.map(toApiPost);
  }

  /** One view of /blog (page, category, search) of what readers may see now: see blog-views.ts. */
  view(view: BlogViewParams): Promise<BlogView> {
    return queryBlogView(this.db, view, this.now());
  }

  async findBySlugOrId(value: string): Promise<Post | undefined> {
    const match = isUuid(value)
      ? or(eq(blogPosts.id, value.toLowerCase()), eq(blogPosts.slug, value))
      : eq(blogPosts.slug, value);
    const [row] = await this.db.select(postColumns).from(blogPosts).where(match).limit(1);
    return row ? toApiPost(row) : undefined;
  }

  async findById(id: string): Promise<Post | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await this.db.select(postColumns).from(blogPosts).where(eq(blogPosts.id, id));
    return row ? toApiPost(row) : undefined;
  }

  /** The post is stored with its first revision, in one transaction. */
  async create(input: ParsedPostInput): Promise<Post> {
    await this.assertRenderable(input.content);
    const values: PostValues = {
      title: input.title,
      slug: resolveSlug(input),
      content: input.content,
      excerpt: input.excerpt || null,
      featuredImage: input.featuredImage || null,
      tags: input.tags ?? [],
      published: input.published ?? false,
      publishAt: toDate(input.publishAt),
      metadata: resolveMetadata(input),
    };
    try {
      return await this.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(blogPosts)
          .values({ ...values, search: searchDocument(values), tagKeys: tagKeysOf(values.tags) })
          .returning(postColumns);
        await RevisionService.record(tx, row!.id, values, { savedAt: row!.updatedAt });
        return toApiPost(row!);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(`The slug "${values.slug}" is already taken`);
      throw error;
    }
  }

  /**
   * Fields left out of the payload keep their stored value. With `expectedUpdatedAt`, the save
   * goes through only if the post is still the version the editor loaded; otherwise it is kept as
   * a refused revision (nothing the author wrote is lost) and answered 409 with the current post.
   */
  async update(id: string, input: ParsedPostUpdate): Promise<Post> {
    if (!isUuid(id)) throw notFound('Post not found');
    await this.assertRenderable(input.content);
    try {
      const outcome = await this.db.transaction(async (tx) => {
        // Locked until the transaction ends: a second save waits and then sees this one's time.
        const [existingRow] = await tx.select(postColumns).from(blogPosts).where(eq(blogPosts.id, id)).for('update');
        if (!existingRow) throw notFound('Post not found');
        const existing = toApiPost(existingRow);
        const values = mergedValues(input, existing);
        if (input.expectedUpdatedAt && new Date(input.expectedUpdatedAt).toISOString() !== existing.updatedAt) {
          await RevisionService.record(tx, id, values, { refused: true });
          return { refused: existing };
        }
        const [row] = await tx
          .update(blogPosts)
          // The time the lock was taken, not the transaction's start: saves that queued for the row
          // are stamped in the order they were applied.
          .set({ ...values, search: searchDocument(values), tagKeys: tagKeysOf(values.tags), updatedAt: sql`clock_timestamp()` })
          .where(eq(blogPosts.id, id))
          .returning(postColumns);
        await RevisionService.record(tx, id, values, { savedAt: row!.updatedAt });
        return { saved: toApiPost(row!) };
      });
      if (outcome.refused) throw conflict(SAVED_ELSEWHERE, { current: outcome.refused });
      return outcome.saved;
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(`The slug "${mergedValues(input).slug}" is already taken`);
      throw error;
    }
  }

  /** Comments and revisions go with the post (foreign keys ON DELETE CASCADE). */
  async delete(id: string): Promise<void> {
    if (!isUuid(id)) throw notFound('Post not found');
    const deleted = await this.db.delete(blogPosts).where(eq(blogPosts.id, id)).returning({ id: blogPosts.id });
    if (deleted.length === 0) throw notFound('Post not found');
  }
}

/** The fields an update stores: those sent, and the stored ones where the payload left a field out. */
function mergedValues(input: ParsedPostInput, existing?: Post): PostValues {
  return {
    title: input.title,
    // Left out: the post keeps its address; sent empty: derived from the title (SPEC.md section 5).
    slug: input.slug === undefined && existing ? existing.slug : resolveSlug(input),
    content: input.content,
    excerpt: input.excerpt === undefined ? (existing?.excerpt ?? null) : input.excerpt || null,
    featuredImage: input.featuredImage === undefined ? (existing?.featuredImage ?? null) : input.featuredImage || null,
    tags: input.tags ?? existing?.tags ?? [],
    published: input.published ?? existing?.published ?? false,
    // Left out: the stored time stays; null: cleared.
    publishAt: input.publishAt === undefined ? toDate(existing?.publishAt) : toDate(input.publishAt),
    metadata: resolveMetadata(input, existing?.metadata),
  };
}
