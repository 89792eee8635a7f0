import { z } from 'zod';
import { commentStatusSchema } from '../../../../shared/back-office.ts';
import { commentInputSchema } from '../../../../shared/comments.ts';
import { ALLOWED_IMAGE_TYPES, LIMITS } from '../../../../shared/constants.ts';
import { contactInputSchema } from '../../../../shared/contact.ts';
import { postInputSchema, postMetadataFields, SLUG_PATTERN } from '../../../../shared/posts.ts';
import { calendarDay, instant, text } from '../../../../shared/fields.ts';
import { OLD_ADDRESS_MAX_BYTES } from '../old-addresses.ts';

/**
 * Our backup archive (DESIGN.md "your data is yours"), one zip:
 *   manifest.json        format, version, export time, counts
 *   posts/<slug>.md      YAML front matter (id, title, slug, excerpt, tags, published, publishAt,
 *                        createdAt, updatedAt, featuredImage, metadata), then the markdown
 *   uploads/<id>.<ext>   the originals, as uploaded
 *   uploads.json         each upload's row (type, size, pixel size, date)
 *   comments.json, messages.json, revisions.json, readers.json (readers per post and day)
 *   site.json            the site document (shared/site.ts) as saved
 *   old-addresses.json   where imported posts lived before (path as kept, post id)
 *   subscribers.json     the newsletter's subscribers (address, status, unsubscribe token, dates)
 *   newsletters.json     the posts sent to them (post id, recipients, dates): never sent again
 * Times are ISO strings with milliseconds. What export writes, restore reads with these schemas:
 * every field as the API takes it (shared/*.ts), so a restore stores nothing the site could not.
 */

export const FILES = {
  manifest: 'manifest.json',
  comments: 'comments.json',
  messages: 'messages.json',
  revisions: 'revisions.json',
  uploads: 'uploads.json',
  readers: 'readers.json',
  site: 'site.json',
  oldAddresses: 'old-addresses.json',
  subscribers: 'subscribers.json',
  newsletters: 'newsletters.json',
} as const;

/** File extension of an upload's original, by its content type (what uploads accept). */
const UPLOAD_EXTENSIONS: Record<string, string> = {
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

const iso = instant();
const isoOrNull = iso.nullable();

/** The largest PostgreSQL integer: view counts are summed and added to as one. */
const PG_INTEGER_MAX = 2_147_483_647;
const count = () => z.number().int().min(0).max(PG_INTEGER_MAX);

const post = postInputSchema.shape;
/** Never empty, and up to a title's length: the API derives a slug from the title when none is given. */
const slug = text()
  .trim()
  .min(1, 'must not be empty')
  .max(Math.max(LIMITS.slug, LIMITS.title))
  .regex(SLUG_PATTERN, 'Slug may contain only letters, digits, hyphens and underscores');
/** A post's body, the markdown after its front matter. */
export const postBodySchema = post.content;
/**
 * Metadata's known keys as the API types them, `views` within what is summed; free-form keys over
 * the limits as a whole are checked by restore (postMetadataSchema), which keeps the known keys.
 */
const backupMetadataSchema = postMetadataFields.extend({ views: count().optional() });

export const frontMatterSchema = z.object({
  id: z.uuid(),
  title: post.title,
  slug,
  excerpt: post.excerpt.unwrap().nullable().optional(),
  tags: post.tags.unwrap().default([]),
  published: z.boolean(),
  publishAt: isoOrNull.optional(),
  createdAt: iso,
  updatedAt: iso,
  featuredImage: post.featuredImage.unwrap().nullable().optional(),
  metadata: backupMetadataSchema.default({}),
});

export const commentRowSchema = z.object({
  id: z.uuid(),
  postId: z.uuid(),
  author: commentInputSchema.shape.author,
  /** Empty for a comment imported without an address (imports/normalize.ts). */
  email: z.union([z.literal(''), commentInputSchema.shape.email]),
  content: commentInputSchema.shape.content,
  status: commentStatusSchema,
  createdAt: iso,
  /** The comment it answers (a thread); absent in backups made before threads were kept. */
  parentId: z.uuid().optional(),
});

export const messageRowSchema = z.object({
  id: z.uuid(),
  name: contactInputSchema.shape.name,
  email: contactInputSchema.shape.email,
  subject: contactInputSchema.shape.subject.unwrap().nullable(),
  message: contactInputSchema.shape.message,
  createdAt: iso,
  notifiedAt: isoOrNull,
  /** Written by the server, at most 500 characters (services/inbox/messages.ts). */
  notifyError: text().max(500).nullable(),
  readAt: isoOrNull,
});

export const revisionRowSchema = z.object({
  id: z.uuid(),
  postId: z.uuid(),
  savedAt: iso,
  refused: z.boolean(),
  title: post.title,
  slug,
  content: post.content,
  excerpt: post.excerpt.unwrap().nullable(),
  featuredImage: post.featuredImage.unwrap().nullable(),
  tags: post.tags.unwrap(),
  published: z.boolean(),
  publishAt: isoOrNull,
  metadata: backupMetadataSchema,
  words: count(),
});

export const uploadRowSchema = z.object({
  id: z.uuid(),
  contentType: z.enum(ALLOWED_IMAGE_TYPES),
  size: count(),
  width: count().nullable(),
  height: count().nullable(),
  createdAt: iso,
});

export const readersRowSchema = z.object({
  postId: z.uuid(),
  day: calendarDay(),
  views: count(),
});

/** An old address (site-data/old-addresses.ts); restore keeps it only in the form the site keeps. */
export const oldAddressRowSchema = z.object({
  path: text().min(2).max(OLD_ADDRESS_MAX_BYTES),
  postId: z.uuid(),
});

/**
 * A newsletter subscriber. The unsubscribe token comes along, so that the links in e-mails already
 * sent keep working; a confirmation link does not (its token is kept only as a hash).
 */
export const subscriberRowSchema = z.object({
  id: z.uuid(),
  email: z.email().max(LIMITS.email),
  status: z.enum(['pending', 'confirmed', 'unsubscribed', 'bounced']),
  consent: z.enum(['link', 'imported']).nullable(),
  unsubscribeToken: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  createdAt: iso,
  confirmedAt: isoOrNull,
  confirmSentAt: isoOrNull,
  changedAt: iso,
});

/** A post sent to subscribers: restored, it is never sent again. */
export const newsletterRowSchema = z.object({
  postId: z.uuid(),
  total: count(),
  createdAt: iso,
  finishedAt: isoOrNull,
});
