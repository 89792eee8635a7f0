import { z } from 'zod';
import { LIMITS } from './constants.ts';

const trimmed = (max: number) => z.string().trim().max(max);

/** Keys of a post's metadata that the product reads; other keys are kept as they are. */
export const postMetadataSchema = z.looseObject({
  author: trimmed(LIMITS.name).optional(),
  readTime: z.number().int().min(0).max(10_000).optional(),
  views: z.number().int().min(0).optional(),
  metaTitle: trimmed(LIMITS.metaTitle).optional(),
  metaDescription: trimmed(LIMITS.metaDescription).optional(),
});
export type PostMetadata = z.infer<typeof postMetadataSchema>;

/** URL-safe slug; what `slugify` produces always passes. */
export const SLUG_PATTERN = /^[a-z0-9][a-z0-9_-]*$/i;

/** The editor's payload (SPEC.md section 3); the server derives what is left out. */
export const postInputSchema = z.object({
  title: z.string().trim().min(1, 'Title is required').max(LIMITS.title),
  slug: z
    .string()
    .trim()
    .max(LIMITS.slug)
    .refine((s) => s === '' || SLUG_PATTERN.test(s), 'Slug may contain only letters, digits, hyphens and underscores')
    .optional(),
  content: z.string().trim().min(1, 'Content is required').max(LIMITS.content),
  excerpt: trimmed(LIMITS.excerpt).optional(),
  featuredImage: trimmed(LIMITS.url).optional(),
  tags: z.array(z.string().trim().min(1).max(LIMITS.tag)).max(LIMITS.tags).optional(),
  published: z.boolean().optional(),
  metadata: postMetadataSchema.optional(),
});
export type PostInput = z.input<typeof postInputSchema>;
export type ParsedPostInput = z.output<typeof postInputSchema>;

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
  metadata: postMetadataSchema,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Post = z.infer<typeof postSchema>;

const booleanParam = z.enum(['true', 'false']).transform((v) => v === 'true');

export const postListQuerySchema = z.object({
  published: booleanParam.optional(),
  search: z.string().max(LIMITS.search).optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
});
export type PostListQuery = z.infer<typeof postListQuerySchema>;

/** A single post as a reader's page gets it: the markdown already rendered by the server. */
export const renderedPostSchema = postSchema.extend({ html: z.string() });
export type RenderedPost = z.infer<typeof renderedPostSchema>;
