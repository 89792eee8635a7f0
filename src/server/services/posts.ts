import { and, desc, eq, getTableColumns, or, sql, type SQL } from 'drizzle-orm';
import type { ParsedPostInput, Post, PostMetadata } from '../../shared/posts.ts';
import { readTimeMinutes, slugify } from '../../shared/text.ts';
import type { Database } from '../db/client.ts';
import { blogPosts } from '../db/schema.ts';
import { badRequest, conflict, notFound } from '../errors.ts';

/** Every column but the search document, which only the database reads (it is the largest one). */
const { search: _searchDocument, ...postColumns } = getTableColumns(blogPosts);
type PostRow = Omit<typeof blogPosts.$inferSelect, 'search'>;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID_PATTERN.test(value);

export function toApiPost(row: PostRow): Post {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    content: row.content,
    ...(row.excerpt ? { excerpt: row.excerpt } : {}),
    ...(row.featuredImage ? { featuredImage: row.featuredImage } : {}),
    tags: row.tags ?? [],
    published: row.published,
    metadata: row.metadata as PostMetadata,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Weighted document: title and tags rank above the excerpt, the excerpt above the body. Every
 * word is also indexed as written ('simple'), so that a word being typed matches it even past the
 * point where English stemming cuts it ("graduatio" is no prefix of "graduat"), and so that words
 * English leaves out ("for", "the") can be searched. Migration 0003 computes the same in SQL.
 */
function searchDocument(post: { title: string; tags: string[]; excerpt: string | null; content: string }): SQL {
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
 * Full-text match with prefix terms ("innov" finds "innovation"); terms under 3 characters, or
 * made only of punctuation, fall back to a case-insensitive substring match.
 */
function searchCondition(search: string): SQL | undefined {
  // Split at punctuation as PostgreSQL's parser does: "e-learning" is indexed as e-learn, e and
  // learn, so gluing it into "elearning" would match nothing.
  const words = search
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const longWords = words.filter((w) => w.length >= 3);
  if (longWords.length > 0 && longWords.length === words.length) {
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
 * `views` is counted by the server; `readTime` is the one sent, else that of the content being
 * saved (not the stored one: the content may have changed since).
 */
function resolveMetadata(input: ParsedPostInput, existing: PostMetadata = {}): PostMetadata {
  const { views: _ignored, ...incoming } = input.metadata ?? {};
  const merged: PostMetadata = { ...existing, ...incoming };
  if (incoming.readTime === undefined) merged.readTime = Math.max(1, readTimeMinutes(input.content));
  if (existing.views !== undefined) merged.views = existing.views;
  else delete merged.views;
  return merged;
}

export class PostService {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  /** Newest first. `published` undefined lists both drafts and published posts. */
  async list(options: { published?: boolean; search?: string; limit?: number }): Promise<Post[]> {
    const conditions: SQL[] = [];
    if (options.published !== undefined) conditions.push(eq(blogPosts.published, options.published));
    const search = options.search?.trim();
    if (search) {
      const condition = searchCondition(search);
      if (condition) conditions.push(condition);
    }
    const query = this.db
      .select(postColumns)
      .from(blogPosts)
      .where(and(...conditions))
      .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id));
    const rows = options.limit ? await query.limit(options.limit) : await query;
    return rows.map(toApiPost);
  }

  async findBySlugOrId(value: string): Promise<Post | undefined> {
    const match = isUuid(value) ? or(eq(blogPosts.id, value.toLowerCase()), eq(blogPosts.slug, value)) : eq(blogPosts.slug, value);
    const [row] = await this.db.select(postColumns).from(blogPosts).where(match).limit(1);
    return row ? toApiPost(row) : undefined;
  }

  async findById(id: string): Promise<Post | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await this.db.select(postColumns).from(blogPosts).where(eq(blogPosts.id, id));
    return row ? toApiPost(row) : undefined;
  }

  async create(input: ParsedPostInput): Promise<Post> {
    const values = {
      title: input.title,
      slug: resolveSlug(input),
      content: input.content,
      excerpt: input.excerpt || null,
      featuredImage: input.featuredImage || null,
      tags: input.tags ?? [],
      published: input.published ?? false,
      metadata: resolveMetadata(input),
    };
    try {
      const [row] = await this.db
        .insert(blogPosts)
        .values({ ...values, search: searchDocument(values) })
        .returning(postColumns);
      return toApiPost(row!);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(`The slug "${values.slug}" is already taken`);
      throw error;
    }
  }

  /** Fields left out of the payload keep their stored value. */
  async update(id: string, input: ParsedPostInput): Promise<Post> {
    const existing = await this.findById(id);
    if (!existing) throw notFound('Post not found');
    const values = {
      title: input.title,
      // Left out: the post keeps its address; sent empty: derived from the title (SPEC.md section 5).
      slug: input.slug === undefined ? existing.slug : resolveSlug(input),
      content: input.content,
      excerpt: input.excerpt === undefined ? (existing.excerpt ?? null) : input.excerpt || null,
      featuredImage:
        input.featuredImage === undefined ? (existing.featuredImage ?? null) : input.featuredImage || null,
      tags: input.tags ?? existing.tags,
      published: input.published ?? existing.published,
      metadata: resolveMetadata(input, existing.metadata),
    };
    try {
      const [row] = await this.db
        .update(blogPosts)
        .set({ ...values, search: searchDocument(values), updatedAt: sql`now()` })
        .where(eq(blogPosts.id, id))
        .returning(postColumns);
      if (!row) throw notFound('Post not found');
      return toApiPost(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(`The slug "${values.slug}" is already taken`);
      throw error;
    }
  }

  /** Comments go with the post (foreign key ON DELETE CASCADE). */
  async delete(id: string): Promise<void> {
    if (!isUuid(id)) throw notFound('Post not found');
    const deleted = await this.db.delete(blogPosts).where(eq(blogPosts.id, id)).returning({ id: blogPosts.id });
    if (deleted.length === 0) throw notFound('Post not found');
  }
}
