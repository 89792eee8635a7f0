import { z } from 'zod';
import { LIMITS } from './constants.ts';
import { instant, text } from './fields.ts';

/**
 * The author's back office (DESIGN.md "the author's back office"): what the admin API takes and
 * answers, shared by the routes and the admin screens.
 */

export const COMMENT_STATUSES = ['held', 'published', 'spam'] as const;
export const commentStatusSchema = z.enum(COMMENT_STATUSES);
export type CommentStatus = z.infer<typeof commentStatusSchema>;

/** `COMMENT_MODERATION`: publish at once, hold a first-time commenter, or hold every comment. */
export const COMMENT_MODERATION_MODES = ['off', 'first-time', 'all'] as const;
export type CommentModeration = (typeof COMMENT_MODERATION_MODES)[number];

/** A comment with more links than this is held whatever the moderation setting. */
export const MAX_COMMENT_LINKS = 2;

const ADMIN_PAGE_SIZE = { default: 50, max: 100 } as const;
const STATS_DAYS = { default: 30, max: 365 } as const;

/** Paging of every admin list: newest first, `before` is the time of the last row seen. */
const adminPageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE.max).default(ADMIN_PAGE_SIZE.default),
  before: instant().optional(),
  /** The id of the last row seen: orders rows of the same millisecond (optional). */
  beforeId: z.uuid().optional(),
});

export const adminCommentsQuerySchema = adminPageQuerySchema.extend({ status: commentStatusSchema.optional() });
export type AdminCommentsQuery = z.infer<typeof adminCommentsQuerySchema>;

export const adminCommentSchema = z.object({
  id: z.uuid(),
  postId: z.uuid(),
  postTitle: z.string(),
  postSlug: z.string(),
  author: z.string(),
  email: z.string(),
  content: z.string(),
  status: commentStatusSchema,
  createdAt: z.iso.datetime(),
});
export type AdminComment = z.infer<typeof adminCommentSchema>;

export const commentStatusUpdateSchema = z.object({ status: commentStatusSchema });

export const adminMessagesQuerySchema = adminPageQuerySchema.extend({
  unread: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type AdminMessagesQuery = z.infer<typeof adminMessagesQuerySchema>;

export const adminMessageSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  subject: z.string().nullable(),
  message: z.string(),
  createdAt: z.iso.datetime(),
  readAt: z.iso.datetime().nullable(),
  notifiedAt: z.iso.datetime().nullable(),
});
export type AdminMessage = z.infer<typeof adminMessageSchema>;

export const messageReadUpdateSchema = z.object({ read: z.boolean() });

const POST_STATUSES = ['published', 'draft', 'scheduled'] as const;
const postStatusSchema = z.enum(POST_STATUSES);
export type PostStatus = z.infer<typeof postStatusSchema>;

/** The posts table of `/admin/posts`: newest change first, `before` is an `updatedAt`. */
export const adminPostsQuerySchema = adminPageQuerySchema.extend({
  status: postStatusSchema.optional(),
  q: text().trim().max(LIMITS.search).optional(),
});
export type AdminPostsQuery = z.infer<typeof adminPostsQuerySchema>;

export const adminPostRowSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  slug: z.string(),
  status: postStatusSchema,
  /** When a scheduled post goes out (absent when none was set). */
  publishAt: z.iso.datetime().optional(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  views: z.number().int(),
  comments: z.number().int(),
});
export type AdminPostRow = z.infer<typeof adminPostRowSchema>;

export const statsQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(STATS_DAYS.max).default(STATS_DAYS.default),
});

export const statsSchema = z.object({
  posts: z.object({ published: z.number().int(), drafts: z.number().int(), scheduled: z.number().int() }),
  comments: z.object({ held: z.number().int(), published: z.number().int(), spam: z.number().int() }),
  messages: z.object({ unread: z.number().int(), total: z.number().int() }),
  views: z.array(z.object({ day: z.iso.date(), views: z.number().int() })),
  topPosts: z.array(z.object({ id: z.uuid(), title: z.string(), slug: z.string(), views: z.number().int() })),
});
export type Stats = z.infer<typeof statsSchema>;
