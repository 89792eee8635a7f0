import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '../../shared/fields.ts';
import { commentRequestSchema, commentSchema } from '../../shared/comments.ts';
import type { Database } from '../db/client.ts';
import { comments } from '../db/schema.ts';
import { badRequest, notFound } from '../errors.ts';
import { listPublicComments, publicCommentColumns, toApiComment } from '../services/comments.ts';
import type { PostService } from '../services/posts.ts';
import { isAdmin } from '../services/session.ts';

const params = z.object({ postId: text().min(1).max(100) });

export const commentRoutes: FastifyPluginAsyncZod<{
  db: Database;
  posts: PostService;
  writeGuard: (request: import('fastify').FastifyRequest) => Promise<void>;
}> = async (app, { db, posts, writeGuard }) => {
  /** Comments belong to posts the reader may see: drafts are the admin's alone. */
  async function visiblePostId(request: import('fastify').FastifyRequest, postId: string): Promise<string> {
    const post = await posts.findById(postId);
    if (!post || (!post.published && !isAdmin(request))) throw notFound('Post not found');
    return post.id;
  }

  app.get(
    '/api/blog-posts/:postId/comments',
    { schema: { params, response: { 200: z.array(commentSchema) } } },
    async (request) => {
      const postId = await visiblePostId(request, request.params.postId);
      return listPublicComments(db, postId);
    },
  );

  app.post(
    '/api/blog-posts/:postId/comments',
    { preHandler: writeGuard, schema: { params, body: commentRequestSchema, response: { 201: commentSchema } } },
    async (request, reply) => {
      const postId = await visiblePostId(request, request.params.postId);
      const { website, postId: bodyPostId, ...input } = request.body;
      if (bodyPostId && bodyPostId.toLowerCase() !== postId) throw badRequest('postId does not match the post');
      if (website) {
        // Honeypot filled: answer like a success so the bot learns nothing, store nothing.
        request.log.info({ postId }, 'comment honeypot filled; dropped');
        return reply
          .code(201)
          .send({ id: randomUUID(), postId, author: input.author, content: input.content, createdAt: new Date().toISOString() });
      }
      const [row] = await db
        .insert(comments)
        .values({ ...input, postId })
        .returning(publicCommentColumns);
      return reply.code(201).send(toApiComment(row!));
    },
  );
};
