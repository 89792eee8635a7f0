import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../src/server/db/client.ts';
import { passkeys, users } from '../src/server/db/schema.ts';
import { ensureAdminAccount } from '../src/server/services/auth/admin-account.ts';

const run = promisify(execFile);
const SCRIPT = path.resolve(import.meta.dirname, 'reset-passkeys.ts');

let dataDir: string;
/** The site's embedded database in DATA_DIR/db: from the migrated template when the tests made one. */
function openSiteDatabase() {
  const dbDir = path.join(dataDir, 'db');
  const template = inject('pgliteTemplate');
  const fresh = !existsSync(path.join(dbDir, 'PG_VERSION'));
  mkdirSync(dbDir, { recursive: true });
  const pglite =
    fresh && template && existsSync(template)
      ? new PGlite(dbDir, { loadDataDir: new Blob([readFileSync(template)]) })
      : new PGlite(dbDir);
  return openDatabase({ pglite });
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'folio-reset-passkeys-'));
  const handle = await openSiteDatabase();
  await handle.migrate();
  await ensureAdminAccount(handle.db, 'a password for the reset test');
  await handle.db.update(users).set({ requirePasskey: true });
  await handle.db.insert(passkeys).values([
    { credentialId: 'lost-phone', publicKey: 'AQID', name: 'Lost phone' },
    { credentialId: 'lost-key', publicKey: 'BAUG', name: 'Lost key' },
  ]);
  await handle.close();
}, 60_000);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm run admin:reset-passkeys', () => {
  it('turns the requirement off and removes every passkey, from the shell alone', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'production' };
    delete env.DATABASE_URL;
    const { stdout } = await run(process.execPath, [SCRIPT], { env, timeout: 60_000 });
    expect(stdout).toMatch(/^Passkeys reset: 2 removed/);

    const handle = await openSiteDatabase();
    try {
      expect(await handle.db.select().from(passkeys)).toEqual([]);
      expect((await handle.db.select({ required: users.requirePasskey }).from(users)).map((row) => row.required)).toEqual([
        false,
      ]);
    } finally {
      await handle.close();
    }
  });
});
