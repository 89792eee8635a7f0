import { z } from 'zod';
import { postMetadataFields } from './posts.ts';

/**
 * Revisions (DESIGN.md "never lose a word"): every create and update of a post keeps the post as
 * saved. A save refused because the post had changed elsewhere (409) is kept too, marked
 * `refused`, so the text the author chose not to keep can still be found in the History panel.
 */

/** Revisions kept per post; the oldest go beyond this (DESIGN.md asks for no fewer than 100). */
export const REVISIONS_PER_POST = 250;

/** One line of `GET /api/blog-posts/{id}/revisions`, newest first. */
export const revisionSummarySchema = z.object({
  id: z.uuid(),
  savedAt: z.iso.datetime(),
  title: z.string(),
  /** Words of the content as saved. */
  words: z.number().int().min(0),
  published: z.boolean(),
  /** True for a save that was refused (the post had changed elsewhere) and kept so nothing is lost. */
  refused: z.boolean(),
});
export type RevisionSummary = z.infer<typeof revisionSummarySchema>;

/** `GET /api/blog-posts/{id}/revisions/{revisionId}`: the whole post as it was saved. */
export const revisionSchema = revisionSummarySchema.extend({
  postId: z.uuid(),
  slug: z.string(),
  content: z.string(),
  excerpt: z.string().optional(),
  featuredImage: z.string().optional(),
  tags: z.array(z.string()),
  publishAt: z.iso.datetime().optional(),
  metadata: postMetadataFields,
});
export type Revision = z.infer<typeof revisionSchema>;

/** `POST /api/blog-posts/{id}/preview-link`: a signed `/preview/<token>` address and when it stops working. */
export const previewLinkSchema = z.object({ url: z.string(), expiresAt: z.iso.datetime() });
export type PreviewLink = z.infer<typeof previewLinkSchema>;

/** How long a preview link works (DESIGN.md: 7 days). */
export const PREVIEW_LINK_DAYS = 7;
