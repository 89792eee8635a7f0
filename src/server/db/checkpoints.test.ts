import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './client.ts';

let dataDir: string;
let handle: DatabaseHandle;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'folio-checkpoints-'));
  // Small thresholds stand in for the server's (16 MB, checked every 30 s).
  handle = await openDatabase({ dataDir, checkpoints: { pollMs: 50, afterBytes: 256 * 1024 } });
  await handle.migrate();
}, 60_000);
afterAll(async () => {
  await handle?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const redoPoint = async () =>
  (
    (await handle.db.execute(sql`select redo_lsn::text as lsn from pg_control_checkpoint()`)) as unknown as {
      rows: { lsn: string }[];
    }
  ).rows[0]!.lsn;

it('makes checkpoints while the embedded database is written, so that a crash has little WAL to replay', async () => {
  const before = await redoPoint();
  await handle.db.execute(sql`create table filler (text text)`);
  await handle.db.execute(sql`insert into filler select repeat(md5(g::text), 20) from generate_series(1, 2000) g`);
  // PGlite has no checkpointer process: without the database client's own, the point from which
  // a crash replays stays where the database was opened.
  await expect.poll(redoPoint, { timeout: 20_000, interval: 100 }).not.toBe(before);
});
