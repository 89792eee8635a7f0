import { z } from 'zod';
import { text } from '../../../shared/fields.ts';

/**
 * Our backup archive (DESIGN.md "your data is yours"), one zip:
 *   manifest.json        format, version, export time, counts
 *   posts/<slug>.md      YAML front matter (id, title, slug, excerpt, tags, published, publishAt,
 *                        createdAt, updatedAt, featuredImage, metadata), then the markdown
 *   uploads/<id>.<ext>   the originals, as uploaded
 *   uploads.json         each upload's row (type, size, pixel size, date)
 *   comments.json, messages.json, revisions.json, readers.json (readers per post and day)
 * Times are ISO strings with milliseconds. What export writes, restore reads with these schemas.
 */

export const FILES = {
  manifest: 'manifest.json',
  comments: 'comments.json',
  messages: 'messages.json',
  revisions: 'revisions.json',
  uploads: 'uploads.json',
  readers: 'readers.json',
} as const;

/** File extension of an upload's original, by its content type (what uploads accept). */
export const UPLOAD_EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
};
export const uploadEntryName = (id: string, contentType: string) => `uploads/${id}.${UPLOAD_EXTENSIONS[contentType] ?? 'bin'}`;

/** A post's file name: its slug when that is a safe file name (it always is when saved here), else its id. */
export const postEntryName = (post: { id: string; slug: string }) =>
  `posts/${/^[a-z0-9][a-z0-9_-]{0,199}$/i.test(post.slug) ? post.slug : post.id}.md`;

const iso = z.iso.datetime({ offset: true });
const isoOrNull = iso.nullable();

export const frontMatterSchema = z.object({
  id: z.uuid(),
  title: text(),
  slug: text(),
  excerpt: text().nullable().optional(),
  tags: z.array(text()).default([]),
  published: z.boolean(),
  publishAt: isoOrNull.optional(),
  createdAt: iso,
  updatedAt: iso,
  featuredImage: text().nullable().optional(),
  /** Checked by restore (postMetadataSchema), which keeps the readable keys of metadata over the limits. */
  metadata: z.unknown().default({}),
});
export type BackupFrontMatter = z.infer<typeof frontMatterSchema>;

export const commentRowSchema = z.object({
  id: z.uuid(),
  postId: z.uuid(),
  author: text(),
  email: text(),
  content: text(),
  status: z.enum(['published', 'held', 'spam']),
  createdAt: iso,
});

export const messageRowSchema = z.object({
  id: z.uuid(),
  name: text(),
  email: text(),
  subject: text().nullable(),
  message: text(),
  createdAt: iso,
  notifiedAt: isoOrNull,
  notifyError: text().nullable(),
  readAt: isoOrNull,
});

export const revisionRowSchema = z.object({
  id: z.uuid(),
  postId: z.uuid(),
  savedAt: iso,
  refused: z.boolean(),
  title: text(),
  slug: text(),
  content: text(),
  excerpt: text().nullable(),
  featuredImage: text().nullable(),
  tags: z.array(text()),
  published: z.boolean(),
  publishAt: isoOrNull,
  metadata: z.unknown(),
  words: z.number().int().min(0),
});

export const uploadRowSchema = z.object({
  id: z.uuid(),
  contentType: text(),
  size: z.number().int().min(0),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  createdAt: iso,
});

export const readersRowSchema = z.object({
  postId: z.uuid(),
  day: z.iso.date(),
  views: z.number().int().min(0),
});
