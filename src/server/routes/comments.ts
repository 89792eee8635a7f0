import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commentRequestSchema, commentSchema, postedCommentSchema } from '../../shared/comments.ts';
import { text } from '../../shared/fields.ts';
import { badRequest } from '../errors.ts';
import { viewerOf } from '../http/viewer.ts';
import type { CommentService } from '../services/comments.ts';

const params = z.object({ postId: text().min(1).max(100) });

export const commentRoutes: FastifyPluginAsyncZod<{
  comments: CommentService;
  writeGuard: (request: import('fastify').FastifyRequest) => Promise<void>;
}> = async (app, { comments, writeGuard }) => {
  app.get(
    '/api/blog-posts/:postId/comments',
    { schema: { params, response: { 200: z.array(commentSchema) } } },
    async (request) => comments.listPublic(viewerOf(request), request.params.postId),
  );

  app.post(
    '/api/blog-posts/:postId/comments',
    { preHandler: writeGuard, schema: { params, body: commentRequestSchema, response: { 201: postedCommentSchema } } },
    async (request, reply) => {
      const { postId } = request.params;
      const { postId: bodyPostId, ...input } = request.body;
      if (bodyPostId && bodyPostId.toLowerCase() !== postId.toLowerCase()) throw badRequest('postId does not match the post');
      return reply.code(201).send(await comments.create(viewerOf(request), postId, input));
    },
  );
};
