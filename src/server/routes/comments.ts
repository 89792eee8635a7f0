import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commentRequestSchema, commentSchema, postedCommentSchema } from '../../shared/comments.ts';
import { text } from '../../shared/fields.ts';
import { badRequest } from '../errors.ts';
import { mayUseSharedCache, sendRendered } from '../http/cached-response.ts';
import { acceptFormPosts, isFormPost } from '../http/form-posts.ts';
import { viewerOf } from '../http/viewer.ts';
import type { PageCache, RenderedResponse } from '../pages/page-cache.ts';
import type { CommentService } from '../services/comments/index.ts';

const commentList = z.array(commentSchema);

const params = z.object({ postId: text().min(1).max(100) });

export const commentRoutes: FastifyPluginAsyncZod<{
  comments: CommentService;
  writeGuard: (request: import('fastify').FastifyRequest) => Promise<void>;
  /** Whether cookies go over https only (SITE_URL is https). */
  secureCookies: boolean;
  cache: PageCache;
}> = async (app, { comments, writeGuard, secureCookies, cache }) => {
  // The post page's form works without script too: a plain POST, answered 303 back to the page.
  const answerForm = await acceptFormPosts(app, 'comment', secureCookies);

  app.get('/api/blog-posts/:postId/comments', { schema: { params, response: { 200: commentList } } }, async (request, reply) => {
    const viewer = viewerOf(request);
    const { postId } = request.params;
    if (!mayUseSharedCache(request)) return comments.listPublic(viewer, postId);
    // Every reader of a post asks for its comments: the list is read, serialised and compressed
    // once per change of posts or comments, like the pages, instead of two queries per reader
    // queued on the one database connection (at 100 connections, answers waited seconds). A post
    // readers may not see is a 404, which is never kept, so only real posts take a place.
    const produce = async (): Promise<RenderedResponse> => {
      const body = JSON.stringify(commentList.parse(await comments.listPublic(viewer, postId)));
      return {
        status: 200,
        body,
        contentType: 'application/json; charset=utf-8',
        etag: createHash('sha256').update(body).digest('base64url').slice(0, 27),
      };
    };
    const key = `/api/blog-posts/${encodeURIComponent(postId.toLowerCase())}/comments`;
    return sendRendered(request, reply, cache.get(key) ?? (await cache.render(key, produce)));
  });

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
