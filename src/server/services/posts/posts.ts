import type { BlogViewParams } from '../../../shared/blog-view.ts';
import { ALL_POSTS_CATEGORY } from '../../../shared/constants.ts';
import type { BlogCategoryEntry } from '../../../shared/site.ts';
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import {
  type BlogCard,
  type BlogView,
  type ParsedPostInput,
  type ParsedPostUpdate,
  type Post,
  postStatusAt,
  type PostMetadata,
} from '../../../shared/posts.ts';
import { readTimeMinutes, slugify } from '../../../shared/text.ts';
import type { Database } from '../../db/client.ts';
import { blogPosts } from '../../db/schema.ts';
import { badRequest, conflict, HttpError, notFound } from '../../errors.ts';
import { queryBlogView } from './blog-views.ts';
import { queryLatestCards, querySitemapEntries, type SitemapEntry } from './read-models.ts';
import { type MarkdownRenderer, MarkdownRefusedError } from '../markdown/index.ts';
import { isUuid } from '../../lib/uuid.ts';
import { freeSlug } from './free-slug.ts';
import { RevisionService, type SavedFields } from './revisions.ts';
import {
  newestShownFirst,
  postColumns,
  searchCondition,
  tagKeysOf,
  throughSearchIndex,
  toApiPost,
  visibleToReaders,
} from './post-queries.ts';

const SAVED_ELSEWHERE = 'This post was changed elsewhere';

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

/**
 * A post as a save stored it, with the HTML its content was rendered to before storing: the save's
 * answer needs no second render (undefined when the service renders no markdown).
 */
export interface SavedPost {
  post: Post;
  html: string | undefined;
}

const toDate = (iso: string | null | undefined): Date | null => (iso ? new Date(iso) : null);

export class PostService {
  private readonly db: Database;
  private readonly markdown: MarkdownRenderer | undefined;
  private readonly now: () => Date;
  /** The blog's categories as the site document has them now (without it: none but All Posts). */
  private readonly categories: () => Promise<BlogCategoryEntry[]>;
  /**
   * With `markdown`, a post is rendered before it is saved and refused (422) when it cannot be.
   * `clock` decides when a scheduled post goes out (tests move it); `categories` reads the blog's.
   */

  constructor(
    db: Database,
    markdown?: MarkdownRenderer,
    clock?: () => Date,
    categories: () => Promise<BlogCategoryEntry[]> = async () => [],
  ) {
    this.db = db;
    this.markdown = markdown;
    this.now = clock ?? (() => new Date());
    this.categories = categories;
  }

  /** Whether readers may see this post now: published, and its `publishAt` (if any) has passed. */
  isVisible(post: Pick<Post, 'published' | 'publishAt'>): boolean {
    return postStatusAt(post, this.now()) === 'published';
  }

  /** The condition of `isVisible` in SQL, at this service's clock. */
  visibleCondition(): SQL {
    return visibleToReaders(this.now());
  }

  /** The content as readers will see it (none without a renderer); 422 when it cannot be shown. */
  private async renderForSave(content: string): Promise<string | undefined> {
    try {
      return await this.markdown?.render(content);
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
    const rows = await throughSearchIndex(this.db, search, (db) => {
      const query = db
        .select(postColumns)
        .from(blogPosts)
        .where(and(...conditions))
        .orderBy(...newestShownFirst);
      const paged = options.offset ? query.offset(options.offset) : query;
      return options.limit ? paged.limit(options.limit) : paged;
    });
    return rows.map(toApiPost);
  }

  /** The home page's latest posts readers may see now, as cards (read-models.ts). */
  latestCards(limit: number): Promise<BlogCard[]> {
    return queryLatestCards(this.db, limit, this.now());
  }

  /** What the sitemap lists of the posts readers may see now (read-models.ts). */
  sitemapEntries(): Promise<SitemapEntry[]> {
    return querySitemapEntries(this.db, this.now());
  }

  /**
   * One view of /blog (page, category, search) of what readers may see now: see blog-views.ts. A
   * category the site document does not have (ignoring case) is a 400.
   */
  async view(view: BlogViewParams): Promise<BlogView> {
    if (view.category === ALL_POSTS_CATEGORY || view.category.toLowerCase() === ALL_POSTS_CATEGORY.toLowerCase()) {
      return queryBlogView(this.db, { ...view, category: ALL_POSTS_CATEGORY }, this.now());
    }
    const categories = await this.categories();
    const wanted = view.category.trim().toLowerCase();
    const category = categories.find((entry) => entry.label.toLowerCase() === wanted);
    if (!category) {
      const labels = [ALL_POSTS_CATEGORY, ...categories.map((entry) => entry.label)];
      throw badRequest(`Invalid category: must be one of: ${labels.join(', ')}`);
    }
    return queryBlogView(this.db, { ...view, category: category.label }, this.now(), [category.label, ...category.tags]);
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
  async create(input: ParsedPostInput): Promise<SavedPost> {
    const html = await this.renderForSave(input.content);
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
      const post = await this.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(blogPosts)
          .values({ ...values, tagKeys: tagKeysOf(values.tags) })
          .returning(postColumns);
        await RevisionService.record(tx, row!.id, values, { savedAt: row!.updatedAt });
        return toApiPost(row!);
      });
      return { post, html };
    } catch (error) {
      if (isUniqueViolation(error)) throw await this.slugTaken(values.slug);
      throw error;
    }
  }

  /**
   * A 409 for a slug another post has, with the first free one beside it (`freeSlug`), so that the
   * editor can offer it instead of leaving the author to guess.
   */
  private async slugTaken(slug: string, ownId?: string): Promise<HttpError> {
    return conflict(`The slug "${slug}" is already taken by another post`, {
      field: 'slug',
      freeSlug: await freeSlug(this.db, slug, ownId),
    });
  }

  /**
   * Fields left out of the payload keep their stored value. With `expectedUpdatedAt`, the save
   * goes through only if the post is still the version the editor loaded; otherwise it is kept as
   * a refused revision (nothing the author wrote is lost) and answered 409 with the current post.
   */
  async update(id: string, input: ParsedPostUpdate): Promise<SavedPost> {
    if (!isUuid(id)) throw notFound('Post not found');
    const html = await this.renderForSave(input.content);
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
          .set({ ...values, tagKeys: tagKeysOf(values.tags), updatedAt: sql`clock_timestamp()` })
          .where(eq(blogPosts.id, id))
          .returning(postColumns);
        await RevisionService.record(tx, id, values, { savedAt: row!.updatedAt });
        return { saved: toApiPost(row!) };
      });
      if (outcome.refused) throw conflict(SAVED_ELSEWHERE, { current: outcome.refused });
      return { post: outcome.saved, html };
    } catch (error) {
      if (isUniqueViolation(error)) throw await this.slugTaken(mergedValues(input).slug, id);
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
