import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { endAllSessions } from './sessions.ts';
import { generatePassword, hashPassword, verifyPassword } from './passwords.ts';

export const ADMIN_USERNAME = 'admin';

/**
 * Makes sure the admin account exists. With `ADMIN_PASSWORD` set, that is the password (the
 * stored hash follows it). Without it, the first start generates one and returns it so that it
 * can be printed once; later starts keep the stored hash.
 */
export async function ensureAdminAccount(db: Database, configured?: string): Promise<{ generatedPassword?: string }> {
  const readAccount = async () => (await db.select().from(users).where(eq(users.username, ADMIN_USERNAME)))[0];
  let existing = await readAccount();
  if (configured) {
    if (!existing) {
      const inserted = await db
        .insert(users)
        .values({ username: ADMIN_USERNAME, password: await hashPassword(configured) })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (inserted.length) return {};
      // Another instance created the account at the same moment (both start with ADMIN_PASSWORD).
      existing = await readAccount();
    }
    if (existing && !(await verifyPassword(configured, existing.password))) {
      // A new password ends every session opened with the old one.
      await db
        .update(users)
        .set({ password: await hashPassword(configured) })
        .where(eq(users.id, existing.id));
      await endAllSessions(db);
    }
    return {};
  }
  if (existing) return {};
  const generatedPassword = generatePassword();
  const inserted = await db
    .insert(users)
    .values({ username: ADMIN_USERNAME, password: await hashPassword(generatedPassword) })
    .onConflictDoNothing()
    .returning({ id: users.id });
  // Another instance may have created the account at the same moment; its password stands.
  return inserted.length ? { generatedPassword } : {};
}

export async function checkAdminPassword(db: Database, password: string): Promise<boolean> {
  const [account] = await db.select({ password: users.password }).from(users).where(eq(users.username, ADMIN_USERNAME));
  if (!account) return false;
  return verifyPassword(password, account.password);
}
