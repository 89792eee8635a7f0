import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { unzip } from '../../../../../tests/support/zip-fixtures.ts';
import { openDatabase } from '../../../db/client.ts';
import { blogPosts, uploads } from '../../../db/schema.ts';
import { LocalStorage } from '../../../adapters/storage.ts';

const run = promisify(execFile);
const SCRIPT = path.resolve(import.meta.dirname, '../../../../../scripts/backup.ts');
const UPLOAD_ID = '7d3c2b1a-0f9e-4d8c-b7a6-5e4d3c2b1a09';

/** A port nobody listens on: taken from the system, then let go. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'folio-backup-script-'));
  // The site's embedded database, as the server leaves it in DATA_DIR/db: from the migrated
  // template when the tests made one, else migrated here.
  const dbDir = path.join(dataDir, 'db');
  mkdirSync(dbDir, { recursive: true });
  const template = process.env.DATABASE_URL ? undefined : inject('pgliteTemplate');
  const pglite =
    template && existsSync(template) ? new PGlite(dbDir, { loadDataDir: new Blob([readFileSync(template)]) }) : new PGlite(dbDir);
  const handle = await openDatabase({ pglite });
  await handle.migrate();
  await handle.db.insert(blogPosts).values({ title: 'From cron', slug: 'from-cron', content: 'Backed up at night.' });
  await handle.db.insert(uploads).values({ id: UPLOAD_ID, contentType: 'image/png', size: 4, width: 1, height: 1 });
  await new LocalStorage(dataDir).put(UPLOAD_ID, Buffer.from('png!'));
  await handle.close();
}, 60_000);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm run backup -- --out FILE', () => {
  it('writes the backup zip from the data directory when no server runs', async () => {
    const out = path.join(dataDir, 'b.zip');
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(await freePort()), NODE_ENV: 'production' };
    delete env.DATABASE_URL;
    delete env.ADMIN_PASSWORD;
    const { stdout } = await run(process.execPath, [SCRIPT, '--out', out], { env, timeout: 60_000 });
    expect(stdout).toMatch(/^backup: wrote .*b\.zip from PGlite in .* in \d+ ms\n$/);
    expect(existsSync(`${out}.partial`)).toBe(false);

    const entries = await unzip(readFileSync(out));
    expect(entries.map((entry) => entry.name)).toEqual(
      expect.arrayContaining(['manifest.json', 'posts/from-cron.md', `uploads/${UPLOAD_ID}.png`, 'comments.json']),
    );
    expect(entries.find((entry) => entry.name === 'posts/from-cron.md')!.data.toString()).toMatch(
      /^---\n[\s\S]*slug: from-cron\n[\s\S]*---\nBacked up at night\.$/,
    );
    expect(JSON.parse(entries.find((entry) => entry.name === 'manifest.json')!.data.toString())).toMatchObject({
      format: 'folio-backup',
      counts: { posts: 1, uploads: 1 },
    });
  }, 60_000);

  it('says what is missing when --out is not given', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    const failed = await run(process.execPath, [SCRIPT], { env, timeout: 30_000 }).catch((error: unknown) => error);
    expect(failed).toMatchObject({ code: 1, stderr: expect.stringContaining('backup: --out is required') });
  });
});
