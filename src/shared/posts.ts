import { z } from 'zod';
import { ALL_POSTS_CATEGORY, LIMITS, POSTS_PER_PAGE } from './constants.ts';
import { MAX_BLOG_PAGE } from './blog-view.ts';
import { imageUrl, instant, isStorableText, NOT_TEXT_MESSAGE, text } from './fields.ts';

const trimmed = (max: number) => text().trim().max(max);

/**
 * Metadata is free-form JSON beside the known keys, so it is bounded as a whole: a post's
 * metadata reaches every list and page that shows the post.
 */
const METADATA_LIMITS = { keys: 50, bytes: 16_384, depth: 8 } as const;

/** The first problem of a metadata value: text PostgreSQL cannot store, or nesting too deep. */
function metadataProblem(value: unknown, depth = 0): string | undefined {
  if (depth > METADATA_LIMITS.depth) return `is nested more than ${METADATA_LIMITS.depth} levels deep`;
  if (typeof value === 'string') return isStorableText(value) ? undefined : NOT_TEXT_MESSAGE;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const problem = isStorableText(key) ? metadataProblem(item, depth + 1) : NOT_TEXT_MESSAGE;
    if (problem) return problem;
  }
  return undefined;
}

/** Keys of a post's metadata that the product reads; other keys are kept as they are. */
export const postMetadataFields = z.looseObject({
  author: trimmed(LIMITS.name).optional(),
  readTime: z.number().int().min(0).max(10_000).optional(),
  views: z.number().int().min(0).optional(),
  metaTitle: trimmed(LIMITS.metaTitle).optional(),
  metaDescription: trimmed(LIMITS.metaDescription).optional(),
  /**
   * The editor's `Send to subscribers` (DESIGN.md "the newsletter"): the post goes by e-mail to
   * every confirmed subscriber once, when it goes out. Sent once, never again whatever is saved.
   */
  sendToSubscribers: z.boolean().optional(),
});

/** Metadata as the author may send it: the known keys typed, the whole bounded. */
export const postMetadataSchema = postMetadataFields.check((ctx) => {
  const value = ctx.value as Record<string, unknown>;
  const keys = Object.keys(value).length;
  const bytes = () => new TextEncoder().encode(JSON.stringify(value)).length;
  const problem =
    keys > METADATA_LIMITS.keys
      ? `has ${keys} keys, at most ${METADATA_LIMITS.keys}`
      : (metadataProblem(value) ??
        (bytes() > METADATA_LIMITS.bytes ? `is ${bytes()} bytes, at most ${METADATA_LIMITS.bytes}` : undefined));
  if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
});
export type PostMetadata = z.infer<typeof postMetadataSchema>;

/**
 * A slug: letters of any script (with their accents) and digits, hyphens and underscores, not
 * starting with either; what `slugify` produces always passes. A slug kept from an imported post
 * may be Greek or `ünïcödé`: its address is percent-encoded (`pagePath.post`), as browsers show it.
 */
export const SLUG_PATTERN = /^[\p{L}\p{N}][\p{L}\p{M}\p{N}_-]*$/u;

/** The editor's payload (SPEC.md section 3); the server derives what is left out. */
export const postInputSchema = z.object({
  title: text().trim().min(1, 'Title is required').max(LIMITS.title),
  slug: text()
    .trim()
    .max(LIMITS.slug)
    .refine((s) => s === '' || SLUG_PATTERN.test(s), 'Slug may contain only letters, digits, hyphens and underscores')
    .optional(),
  content: text().trim().min(1, 'Content is required').max(LIMITS.content),
  excerpt: trimmed(LIMITS.excerpt).optional(),
  featuredImage: imageUrl(LIMITS.url).optional(),
  tags: z.array(text().trim().min(1).max(LIMITS.tag)).max(LIMITS.tags).optional(),
  published: z.boolean().optional(),
  /**
   * When a published post becomes visible (DESIGN.md "scheduling"): an ISO time with its offset;
   * null clears it, left out keeps the stored one. A time in the past publishes at once.
   */
  publishAt: instant().nullable().optional(),
  metadata: postMetadataSchema.optional(),
});
export type PostInput = z.input<typeof postInputSchema>;
export type ParsedPostInput = z.output<typeof postInputSchema>;

/**
 * `PUT /api/blog-posts/{id}`: the post, and the `updatedAt` the editor loaded. When the post was
 * saved elsewhere since, the save is refused with 409 `{message, current}` (postConflictSchema).
 */
export const postUpdateSchema = postInputSchema.extend({
  expectedUpdatedAt: instant().optional(),
});
export type ParsedPostUpdate = z.output<typeof postUpdateSchema>;

/** A post as the API answers it; `excerpt` and `featuredImage` are absent when empty. */
export const postSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  slug: z.string(),
  content: z.string(),
  excerpt: z.string().optional(),
  featuredImage: z.string().optional(),
  tags: z.array(z.string()),
  published: z.boolean(),
  /** Absent unless the post was given a time to go out (DESIGN.md "scheduling"). */
  publishAt: z.iso.datetime().optional(),
  metadata: postMetadataFields,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Post = z.infer<typeof postSchema>;

/** The 409 of a save over a post changed elsewhere: the post as it now is, so nothing is lost. */
export const postConflictSchema = z.object({ message: z.string(), current: postSchema });
export type PostConflict = z.infer<typeof postConflictSchema>;

// Zod-free, for the readers' pages (their scripts carry no zod): see post-dates.ts.
export { postDate, postStatusAt } from './post-dates.ts';

const booleanParam = z.enum(['true', 'false']).transform((v) => v === 'true');

export const postListQuerySchema = z.object({
  published: booleanParam.optional(),
  search: text().max(LIMITS.search).optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  /** How many posts to skip (DESIGN.md: the API adds `offset` to SPEC.md's answers). */
  offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
});

/** A single post as a reader's page gets it: the markdown already rendered by the server. */
export const renderedPostSchema = postSchema.extend({ html: z.string() });
export type RenderedPost = z.infer<typeof renderedPostSchema>;

/**
 * A save (POST, PUT) sent with the header `Prefer: return=representation` (RFC 7240) answers the
 * post as its GET does, with `html` rendered while saving; without it, the post alone.
 */
export const PREFER_REPRESENTATION = 'return=representation';
/** A save's answer: the post, with `html` when the save asked for it (PREFER_REPRESENTATION). */
export const savedPostSchema = postSchema.extend({ html: renderedPostSchema.shape.html.optional() });

/** What a card of the blog list shows; `content` is only the start of the body (the card's fallback excerpt). */
const blogCardSchema = postSchema
  .pick({ id: true, title: true, slug: true, content: true, excerpt: true, tags: true, publishAt: true, createdAt: true })
  .extend({
    metadata: z.object({
      author: postMetadataFields.shape.author,
      readTime: postMetadataFields.shape.readTime,
      views: postMetadataFields.shape.views,
    }),
  });
export type BlogCard = z.infer<typeof blogCardSchema>;

/** One view of /blog: the cards of one page, the count of every match, the page shown (clamped). */
export const blogViewSchema = z.object({
  posts: z.array(blogCardSchema).max(POSTS_PER_PAGE),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageCount: z.number().int().min(0),
});
export type BlogView = z.infer<typeof blogViewSchema>;

/** `GET /api/blog-view`: strict, a bad parameter answers 400. A page beyond the last is clamped. */
export const blogViewQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(MAX_BLOG_PAGE).default(1),
  // Checked against the site document's categories by the post service (a 400 for another).
  category: text().trim().max(LIMITS.tag).default(ALL_POSTS_CATEGORY),
  q: text()
    .max(LIMITS.search)
    .default('')
    .transform((value) => value.trim()),
});
