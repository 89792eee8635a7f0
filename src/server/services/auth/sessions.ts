import { createHash, randomBytes } from 'node:crypto';
import { eq, lt, ne, sql } from 'drizzle-orm';
import { ADMIN_SESSION_MS } from '../../../shared/constants.ts';
import type { Database } from '../../db/client.ts';
import { adminSessions } from '../../db/schema.ts';

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

  /** Ends every session but `token`'s, on every instance. */
  async endOthers(token: string): Promise<void> {
    await this.db.delete(adminSessions).where(ne(adminSessions.id, tokenHash(token)));
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
