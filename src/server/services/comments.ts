import { desc, eq } from 'drizzle-orm';
import type { Comment } from '../../shared/comments.ts';
import type { Database } from '../db/client.ts';
import { comments } from '../db/schema.ts';

/** Columns a browser may see: never the e-mail address. */
export const publicCommentColumns = {
  id: comments.id,
  postId: comments.postId,
  author: comments.author,
  content: comments.content,
  createdAt: comments.createdAt,
};

export const toApiComment = (row: { id: string; postId: string; author: string; content: string; createdAt: Date }): Comment => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

/** A post's comments as readers see them, newest first. */
export async function listPublicComments(db: Database, postId: string): Promise<Comment[]> {
  const rows = await db
    .select(publicCommentColumns)
    .from(comments)
    .where(eq(comments.postId, postId))
    .orderBy(desc(comments.createdAt), desc(comments.id));
  return rows.map(toApiComment);
}
