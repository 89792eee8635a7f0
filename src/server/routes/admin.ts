import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSessionSchema, adminVerifySchema } from '../../shared/admin.ts';
import { LOGIN_MAX_FAILURES, LOGIN_WINDOW_MS } from '../../shared/constants.ts';
import type { Database } from '../db/client.ts';
import { HttpError, tooManyRequests } from '../errors.ts';
import { checkAdminPassword } from '../services/admin-account.ts';
import type { RateLimiter } from '../services/rate-limiter.ts';
import { endSession, isAdmin, startSession } from '../services/session.ts';

export const adminRoutes: FastifyPluginAsyncZod<{ db: Database; limiter: RateLimiter; secureCookies: boolean }> = async (
  app,
  { db, limiter, secureCookies },
) => {
  app.post(
    '/api/admin/verify',
    { schema: { body: adminVerifySchema, response: { 200: adminSessionSchema } } },
    async (request, reply) => {
      const key = `login-failure:${request.ip}`;
      const failures = await limiter.peek(key);
      if (failures.count >= LOGIN_MAX_FAILURES) {
        throw tooManyRequests(failures.retryAfter, 'Too many wrong passwords, try again later');
      }
      if (!(await checkAdminPassword(db, request.body.password))) {
        await limiter.hit(key, LOGIN_WINDOW_MS);
        throw new HttpError(401, 'Invalid password');
      }
      startSession(reply, secureCookies);
      return { authenticated: true };
    },
  );

  app.post('/api/admin/logout', { schema: { response: { 200: adminSessionSchema } } }, async (_request, reply) => {
    endSession(reply, secureCookies);
    return { authenticated: false };
  });

  app.get('/api/admin/session', { schema: { response: { 200: adminSessionSchema } } }, async (request) => ({
    authenticated: isAdmin(request),
  }));
};
