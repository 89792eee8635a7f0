import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../tests/support/test-app.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { ADMIN_USERNAME, checkAdminPassword, ensureAdminAccount } from './admin-account.ts';

const opened: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((close) => close()));
});

async function freshDb(): Promise<Database> {
  const database = await createTestDatabase();
  opened.push(database.close);
  return database.db;
}

async function adminRows(db: Database) {
  return db.select().from(users).where(eq(users.username, ADMIN_USERNAME));
}

describe('ensureAdminAccount without ADMIN_PASSWORD', () => {
  it('generates a password on first start, returns it once and stores only its hash', async () => {
    const db = await freshDb();
    expect(await adminRows(db)).toHaveLength(0);

    const first = await ensureAdminAccount(db);
    expect(first.generatedPassword).toEqual(expect.any(String));
    const generated = first.generatedPassword!;
    expect(generated.length).toBeGreaterThanOrEqual(20);

    const rows = await adminRows(db);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.password).not.toBe(generated);
    expect(rows[0]!.password).not.toContain(generated);
    expect(rows[0]!.password).toMatch(/^scrypt\$/);
    expect(await checkAdminPassword(db, generated)).toBe(true);
    expect(await checkAdminPassword(db, `${generated}x`)).toBe(false);

    const second = await ensureAdminAccount(db);
    expect(second.generatedPassword).toBeUndefined();
    const after = await adminRows(db);
    expect(after).toHaveLength(1);
    expect(after[0]!.password).toBe(rows[0]!.password);
    expect(await checkAdminPassword(db, generated)).toBe(true);
  });

  it('generates a different password for every new database', async () => {
    const a = await ensureAdminAccount(await freshDb());
    const b = await ensureAdminAccount(await freshDb());
    expect(a.generatedPassword).toBeDefined();
    expect(b.generatedPassword).toBeDefined();
    expect(a.generatedPassword).not.toBe(b.generatedPassword);
  });

  it('two instances starting at once create one account, and only one prints a password', async () => {
    const db = await freshDb();
    const results = await Promise.all([ensureAdminAccount(db), ensureAdminAccount(db)]);
    const printed = results.map((r) => r.generatedPassword).filter(Boolean);
    expect(printed).toHaveLength(1);
    expect(await adminRows(db)).toHaveLength(1);
    expect(await checkAdminPassword(db, printed[0]!)).toBe(true);
  });
});

describe('ensureAdminAccount with ADMIN_PASSWORD', () => {
  it('two instances starting at once on a fresh database with ADMIN_PASSWORD: both start, one account', async () => {
    const db = await freshDb();
    const results = await Promise.all([ensureAdminAccount(db, 'same-password-1'), ensureAdminAccount(db, 'same-password-1')]);
    expect(results).toEqual([{}, {}]);
    expect(await adminRows(db)).toHaveLength(1);
    expect(await checkAdminPassword(db, 'same-password-1')).toBe(true);
  });

  it('makes the configured password the password, stored as a hash, and returns nothing to print', async () => {
    const db = await freshDb();
    expect(await ensureAdminAccount(db, 'configured-secret-1')).toEqual({});
    const rows = await adminRows(db);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.password).not.toContain('configured-secret-1');
    expect(await checkAdminPassword(db, 'configured-secret-1')).toBe(true);
    expect(await checkAdminPassword(db, 'something-else')).toBe(false);
  });

  it('keeps the stored hash when the configured password has not changed', async () => {
    const db = await freshDb();
    await ensureAdminAccount(db, 'configured-secret-1');
    const [before] = await adminRows(db);
    expect(await ensureAdminAccount(db, 'configured-secret-1')).toEqual({});
    const [after] = await adminRows(db);
    expect(after!.password).toBe(before!.password);
  });

  it('replaces the hash when the configured password changes: the old one stops working', async () => {
    const db = await freshDb();
    await ensureAdminAccount(db, 'configured-secret-1');
    const [before] = await adminRows(db);
    await ensureAdminAccount(db, 'configured-secret-2');
    const rows = await adminRows(db);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(before!.id);
    expect(rows[0]!.password).not.toBe(before!.password);
    expect(await checkAdminPassword(db, 'configured-secret-2')).toBe(true);
    expect(await checkAdminPassword(db, 'configured-secret-1')).toBe(false);
  });

  it('takes over from a generated password once ADMIN_PASSWORD is set', async () => {
    const db = await freshDb();
    const { generatedPassword } = await ensureAdminAccount(db);
    expect(await ensureAdminAccount(db, 'now-configured')).toEqual({});
    expect(await checkAdminPassword(db, 'now-configured')).toBe(true);
    expect(await checkAdminPassword(db, generatedPassword!)).toBe(false);
    // Removing ADMIN_PASSWORD later keeps the last password rather than generating a new one.
    expect(await ensureAdminAccount(db)).toEqual({});
    expect(await checkAdminPassword(db, 'now-configured')).toBe(true);
  });
});

describe('checkAdminPassword', () => {
  it('answers false when there is no admin account yet', async () => {
    const db = await freshDb();
    expect(await checkAdminPassword(db, '')).toBe(false);
    expect(await checkAdminPassword(db, 'anything')).toBe(false);
  });
});
