import { z } from 'zod';
import { LIMITS } from './constants.ts';
import { commentStatusSchema } from './back-office.ts';
import { text } from './fields.ts';

/** A visitor's comment as the form sends it (SPEC.md section 3 insert schema). */
export const commentInputSchema = z.object({
  postId: z.uuid(),
  author: text().trim().min(1, 'Required').max(LIMITS.name),
  email: z.email().max(LIMITS.email),
  content: text().trim().min(1, 'Required').max(LIMITS.comment),
});

/** The server takes the post from the path; the body may repeat it and carries the honeypot. */
export const commentRequestSchema = commentInputSchema.extend({
  postId: z.uuid().optional(),
  website: text().max(LIMITS.url).optional(),
});

/** What browsers receive: never the commenter's e-mail address. */
export const commentSchema = z.object({
  id: z.uuid(),
  postId: z.uuid(),
  author: z.string(),
  content: z.string(),
  createdAt: z.iso.datetime(),
  /** The published comment this one answers (a thread brought by an import); absent: the post. */
  parentId: z.uuid().optional(),
});
export type Comment = z.infer<typeof commentSchema>;

/** The answer to a posted comment: its status says whether readers see it yet. */
export const postedCommentSchema = commentSchema.extend({ status: commentStatusSchema });
export type PostedComment = z.infer<typeof postedCommentSchema>;
