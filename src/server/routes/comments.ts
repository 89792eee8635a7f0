import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commentRequestSchema, commentSchema, postedCommentSchema } from '../../shared/comments.ts';
import { text } from '../../shared/fields.ts';
import { badRequest } from '../errors.ts';
import { acceptFormPosts, isFormPost } from '../http/form-posts.ts';
import { viewerOf } from '../http/viewer.ts';
import type { CommentService } from '../services/comments/index.ts';

const params = z.object({ postId: text().min(1).max(100) });

export const commentRoutes: FastifyPluginAsyncZod<{
  comments: CommentService;
  writeGuard: (request: import('fastify').FastifyRequest) => Promise<void>;
  /** Whether cookies go over https only (SITE_URL is https). */
  secureCookies: boolean;
}> = async (app, { comments, writeGuard, secureCookies }) => {
  // The post page's form works without script too: a plain POST, answered 303 back to the page.
  const answerForm = await acceptFormPosts(app, 'comment', secureCookies);

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
      const posted = await comments.create(viewerOf(request), postId, input);
      if (isFormPost(request)) return answerForm(request, reply, posted.status === 'published' ? 'sent' : 'held');
      return reply.code(201).send(posted);
    },
  );
};
