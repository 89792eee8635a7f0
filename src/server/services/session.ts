import type { FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_SESSION_MS } from '../../shared/constants.ts';
import { unauthorized } from '../errors.ts';

export const SESSION_COOKIE = 'admin_session';

/**
 * Stateless admin session: a signed cookie holding its issue time, so that any instance sharing
 * the secret can check it, and it expires after 4 hours even if the browser keeps it.
 */
export function startSession(reply: FastifyReply, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, String(Date.now()), {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure,
    signed: true,
    maxAge: ADMIN_SESSION_MS / 1000,
  });
}

export function endSession(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'strict', secure });
}

export function isAdmin(request: FastifyRequest): boolean {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return false;
  const { valid, value } = request.unsignCookie(raw);
  if (!valid || !value) return false;
  const issuedAt = Number(value);
  const age = Date.now() - issuedAt;
  return Number.isFinite(issuedAt) && age >= 0 && age < ADMIN_SESSION_MS;
}

/** onRequest hook of every admin-only route: refused before the body is even read. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!isAdmin(request)) throw unauthorized();
}
