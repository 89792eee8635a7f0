import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_SESSION_MS } from '../../shared/constants.ts';
import { unauthorized } from '../errors.ts';
import type { SessionStore } from '../services/auth/index.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** True when the request carries a live admin session (set once, before any route runs). */
    adminSession: boolean;
  }
}

/**
 * The session cookie's name. Over https it takes the `__Host-` prefix, which browsers accept only
 * when Secure, for path / and without a Domain: no subdomain or plain-http page can plant one.
 */
const sessionCookieName = (secure: boolean) => (secure ? '__Host-admin_session' : 'admin_session');

/**
 * Reads the session cookie once per request, before routes and their hooks run. The cookie is
 * signed, so a forged one is turned away without a database query; visitors send none.
 */
export function registerSessions(app: FastifyInstance, store: SessionStore, secure: boolean): void {
  const name = sessionCookieName(secure);
  app.decorateRequest('adminSession', false);
  app.addHook('onRequest', async (request) => {
    const token = sessionToken(request, name);
    if (token) request.adminSession = await store.isLive(token);
  });
}

function sessionToken(request: FastifyRequest, name: string): string | undefined {
  const raw = request.cookies[name];
  if (!raw) return undefined;
  const { valid, value } = request.unsignCookie(raw);
  return valid && value ? value : undefined;
}

export async function startSession(store: SessionStore, reply: FastifyReply, secure: boolean): Promise<void> {
  reply.setCookie(sessionCookieName(secure), await store.create(), {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure,
    signed: true,
    maxAge: ADMIN_SESSION_MS / 1000,
  });
}

/** Ends the request's session on every instance and clears the cookie. */
export async function endSession(
  store: SessionStore,
  request: FastifyRequest,
  reply: FastifyReply,
  secure: boolean,
): Promise<void> {
  const name = sessionCookieName(secure);
  const token = sessionToken(request, name);
  if (token) await store.end(token);
  reply.clearCookie(name, { path: '/', httpOnly: true, sameSite: 'strict', secure });
}

/**
 * Ends every admin session but the request's: a browser that got in with the password alone before
 * `Require a passkey` was turned on (perhaps not the author's) is out at once.
 */
export async function endOtherSessions(store: SessionStore, request: FastifyRequest, secure: boolean): Promise<void> {
  const token = sessionToken(request, sessionCookieName(secure));
  if (token) await store.endOthers(token);
}

export const isAdmin = (request: FastifyRequest): boolean => request.adminSession;

/** onRequest hook of every admin-only route: refused before the body is even read. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!request.adminSession) throw unauthorized();
}
