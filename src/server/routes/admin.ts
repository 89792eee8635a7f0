import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSessionSchema, adminVerifySchema } from '../../shared/admin.ts';
import { LOGIN_MAX_FAILURES, LOGIN_WINDOW_MS, PASSKEY_REQUIRED_MESSAGE } from '../../shared/constants.ts';
import { apiRoutes } from '../../shared/routes.ts';
import { passkeySignInSchema } from '../../shared/security.ts';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { FastifyRequest } from 'fastify';
import { HttpError, tooManyRequests } from '../errors.ts';
import type { RateLimiter } from '../services/auth/index.ts';
import type { PasskeyService } from '../services/auth/index.ts';
import { endSession, isAdmin, startSession } from '../http/session.ts';
import type { SessionStore } from '../services/auth/index.ts';

/** Sign-in ceremonies a visitor may start per window: each keeps a challenge for 5 minutes. */
const PASSKEY_OPTIONS_MAX = 30;

export const adminRoutes: FastifyPluginAsyncZod<{
  /** True when `password` is the admin's (services/auth/admin-account.ts). */
  checkPassword: (password: string) => Promise<boolean>;
  passkeys: PasskeyService;
  limiter: RateLimiter;
  sessions: SessionStore;
  secureCookies: boolean;
}> = async (app, { checkPassword, passkeys, limiter, sessions, secureCookies }) => {
  /**
   * Every step of the gate takes a slot of the address's failures before its (slow) check, in one
   * atomic step: a burst of parallel guesses cannot all be checked while the counter still reads
   * low. The slot is given back only when a session opens.
   */
  const takeAttempt = async (request: FastifyRequest, message: string) => {
    const key = `login-failure:${request.ip}`;
    const attempts = await limiter.hit(key, LOGIN_WINDOW_MS);
    if (attempts.count > LOGIN_MAX_FAILURES) throw tooManyRequests(attempts.retryAfter, message);
    return () => limiter.release(key);
  };

  app.post(
    apiRoutes.adminVerify,
    { schema: { body: adminVerifySchema, response: { 200: adminSessionSchema } } },
    async (request, reply) => {
      const succeeded = await takeAttempt(request, 'Too many wrong passwords, try again later');
      if (!(await checkPassword(request.body.password))) throw new HttpError(401, 'Invalid password');
      if (await passkeys.isRequired()) {
        const { recoveryCode } = request.body;
        if (!recoveryCode) {
          // The right password guessed nothing: its slot is given back, so that signing in in two
          // steps (password, then passkey) never counts as a failure. The 429 above still bounds it.
          await succeeded();
          throw new HttpError(401, PASSKEY_REQUIRED_MESSAGE, {}, { passkeyRequired: true });
        }
        if (!(await passkeys.useRecoveryCode(recoveryCode))) {
          throw new HttpError(
            401,
            'This recovery code is not one of yours, or it was used already',
            {},
            { passkeyRequired: true },
          );
        }
      }
      await succeeded();
      await startSession(sessions, reply, secureCookies);
      return { authenticated: true };
    },
  );

  // Sign in with a passkey: the options (a challenge kept for 5 minutes), then the signed answer.
  app.post(apiRoutes.passkeySignInOptions, async (request) => {
    const key = `passkey-options:${request.ip}`;
    const attempts = await limiter.hit(key, LOGIN_WINDOW_MS);
    if (attempts.count > PASSKEY_OPTIONS_MAX)
      throw tooManyRequests(attempts.retryAfter, 'Too many sign-in attempts, try again later');
    return passkeys.signInOptions();
  });

  app.post(
    apiRoutes.passkeySignIn,
    { bodyLimit: 64 * 1024, schema: { body: passkeySignInSchema, response: { 200: adminSessionSchema } } },
    async (request, reply) => {
      const succeeded = await takeAttempt(request, 'Too many failed sign-ins, try again later');
      if (!(await passkeys.signIn(request.body.response as AuthenticationResponseJSON))) {
        throw new HttpError(401, 'This passkey could not sign you in: try again, or use the password');
      }
      await succeeded();
      await startSession(sessions, reply, secureCookies);
      return { authenticated: true };
    },
  );

  app.post(apiRoutes.adminLogout, { schema: { response: { 200: adminSessionSchema } } }, async (request, reply) => {
    await endSession(sessions, request, reply, secureCookies);
    return { authenticated: false };
  });

  app.get(apiRoutes.adminSession, { schema: { response: { 200: adminSessionSchema } } }, async (request) => ({
    authenticated: isAdmin(request),
  }));
};
