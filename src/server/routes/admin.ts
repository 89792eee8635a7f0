import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSessionSchema, adminVerifySchema } from '../../shared/admin.ts';
import { LOGIN_MAX_FAILURES, LOGIN_WINDOW_MS } from '../../shared/constants.ts';
import { HttpError, tooManyRequests } from '../errors.ts';
import type { RateLimiter } from '../services/auth/index.ts';
import { endSession, isAdmin, startSession } from '../http/session.ts';
import type { SessionStore } from '../services/auth/index.ts';

export const adminRoutes: FastifyPluginAsyncZod<{
  /** True when `password` is the admin's (services/auth/admin-account.ts). */
  checkPassword: (password: string) => Promise<boolean>;
  limiter: RateLimiter;
  sessions: SessionStore;
  secureCookies: boolean;
}> = async (app, { checkPassword, limiter, sessions, secureCookies }) => {
  app.post(
    '/api/admin/verify',
    { schema: { body: adminVerifySchema, response: { 200: adminSessionSchema } } },
    async (request, reply) => {
      // Each attempt takes its slot before the (slow) check, in one atomic step: a burst of
      // parallel guesses cannot all be checked while the counter still reads low.
      const key = `login-failure:${request.ip}`;
      const attempts = await limiter.hit(key, LOGIN_WINDOW_MS);
      if (attempts.count > LOGIN_MAX_FAILURES) {
        throw tooManyRequests(attempts.retryAfter, 'Too many wrong passwords, try again later');
      }
      if (!(await checkPassword(request.body.password))) throw new HttpError(401, 'Invalid password');
      // Only wrong passwords count against the address.
      await limiter.release(key);
      await startSession(sessions, reply, secureCookies);
      return { authenticated: true };
    },
  );

  app.post('/api/admin/logout', { schema: { response: { 200: adminSessionSchema } } }, async (request, reply) => {
    await endSession(sessions, request, reply, secureCookies);
    return { authenticated: false };
  });

  app.get('/api/admin/session', { schema: { response: { 200: adminSessionSchema } } }, async (request) => ({
    authenticated: isAdmin(request),
  }));
};
