import { createHash, randomBytes } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_SESSION_MS } from '../../shared/constants.ts';
import type { Database } from '../db/client.ts';
import { adminSessions } from '../db/schema.ts';
import { unauthorized } from '../errors.ts';

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
export const sessionCookieName = (secure: boolean) => (secure ? '__Host-admin_session' : 'admin_session');

/** The database keeps a hash of each session token, never the token that unlocks the admin. */
const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * Admin sessions kept in the database, so that every instance knows at once when one ends:
 * logging out deletes this session, a password change deletes them all. Each lives 4 hours.
 */
export class SessionStore {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  async create(): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.db
      .insert(adminSessions)
      .values({ id: tokenHash(token), expiresAt: sql`now() + ${`${ADMIN_SESSION_MS} milliseconds`}::interval` });
    return token;
  }

  async isLive(token: string): Promise<boolean> {
    const [row] = await this.db
      .select({ live: sql<boolean>`${adminSessions.expiresAt} > now()` })
      .from(adminSessions)
      .where(eq(adminSessions.id, tokenHash(token)));
    return row?.live === true;
  }

  async end(token: string): Promise<void> {
    await this.db.delete(adminSessions).where(eq(adminSessions.id, tokenHash(token)));
  }

  /** Drops expired sessions; run from time to time so the table stays small. */
  async prune(): Promise<void> {
    await this.db.delete(adminSessions).where(lt(adminSessions.expiresAt, sql`now()`));
  }
}

/** Every session ends: the password changed. */
export async function endAllSessions(db: Database): Promise<void> {
  await db.delete(adminSessions).where(sql`true`);
}

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

export const isAdmin = (request: FastifyRequest): boolean => request.adminSession;

/** onRequest hook of every admin-only route: refused before the body is even read. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!request.adminSession) throw unauthorized();
}
