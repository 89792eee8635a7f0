import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCommentSchema,
  adminCommentsQuerySchema,
  adminMessageSchema,
  adminMessagesQuerySchema,
  adminPostRowSchema,
  adminPostsQuerySchema,
  commentStatusUpdateSchema,
  messageReadUpdateSchema,
  statsQuerySchema,
  statsSchema,
} from '../../shared/back-office.ts';
import { text } from '../../shared/fields.ts';
import { PRIVATE_CACHE } from '../http/cache-headers.ts';
import { requireAdmin } from '../http/session.ts';
import type { CommentService } from '../services/comments/index.ts';
import type { DashboardService } from '../services/dashboard/index.ts';
import type { MessageService } from '../services/inbox/index.ts';

const idParams = z.object({ id: text().min(1).max(100) });

/** The author's back office (DESIGN.md): moderation, the inbox, the dashboard. Admin only. */
export const backOfficeRoutes: FastifyPluginAsyncZod<{
  comments: CommentService;
  messages: MessageService;
  dashboard: DashboardService;
}> = async (app, { comments, messages, dashboard }) => {
  // Every route of this plugin is refused (401) before its query or body is even read.
  app.addHook('onRequest', requireAdmin);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', PRIVATE_CACHE);
  });

  app.get(
    '/api/admin/comments',
    { schema: { querystring: adminCommentsQuerySchema, response: { 200: z.array(adminCommentSchema) } } },
    async (request) => comments.listForAdmin(request.query),
  );
  app.patch(
    '/api/admin/comments/:id',
    { schema: { params: idParams, body: commentStatusUpdateSchema, response: { 200: adminCommentSchema } } },
    async (request) => comments.setStatus(request.params.id, request.body.status),
  );
  app.delete('/api/admin/comments/:id', { schema: { params: idParams } }, async (request, reply) => {
    await comments.delete(request.params.id);
    return reply.code(204).send();
  });

  app.get(
    '/api/admin/messages',
    { schema: { querystring: adminMessagesQuerySchema, response: { 200: z.array(adminMessageSchema) } } },
    async (request) => messages.list(request.query),
  );
  app.patch(
    '/api/admin/messages/:id',
    { schema: { params: idParams, body: messageReadUpdateSchema, response: { 200: adminMessageSchema } } },
    async (request) => messages.setRead(request.params.id, request.body.read),
  );
  app.delete('/api/admin/messages/:id', { schema: { params: idParams } }, async (request, reply) => {
    await messages.delete(request.params.id);
    return reply.code(204).send();
  });

  app.get('/api/admin/stats', { schema: { querystring: statsQuerySchema, response: { 200: statsSchema } } }, async (request) =>
    dashboard.stats(request.query.days),
  );
  app.get(
    '/api/admin/posts',
    { schema: { querystring: adminPostsQuerySchema, response: { 200: z.array(adminPostRowSchema) } } },
    async (request) => dashboard.listPosts(request.query),
  );
};
