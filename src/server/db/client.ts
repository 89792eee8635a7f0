import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { type Database, type DatabaseHandle, migrationsFolder } from './database.ts';
import * as schema from './schema.ts';

export { type Database, type DatabaseHandle, migrationsFolder } from './database.ts';

export interface CheckpointOptions {
  /** How often the WAL written since the last checkpoint is measured. */
  pollMs: number;
  /** WAL bytes since the last checkpoint beyond which one is made. */
  afterBytes: number;
}

/** Every 30 s, a checkpoint once 16 MB of WAL have piled up (see Checkpointer). */
const CHECKPOINTS: CheckpointOptions = { pollMs: 30_000, afterBytes: 16 * 1024 * 1024 };

/**
 * PostgreSQL server when `url` is set, else PGlite (embedded PostgreSQL) in `dataDir`, or the
 * `pglite` given (tests), which is used as it is.
 */
export async function openDatabase(options: {
  url?: string;
  dataDir?: string;
  pglite?: PGlite;
  checkpoints?: CheckpointOptions;
}): Promise<DatabaseHandle> {
  if (options.url) {
    // The PostgreSQL driver is loaded only when it is used: a server on the embedded database
    // does not hold it (with drizzle's adapter, 200 KB of source) for its whole life.
    const { openPostgres } = await import('./postgres.ts');
    return openPostgres(options.url);
  }
  let client = options.pglite;
  if (!client) {
    const dir = options.dataDir ? path.join(options.dataDir, 'db') : undefined;
    if (dir) mkdirSync(dir, { recursive: true });
    client = new PGlite(dir, {
      startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
      pgliteWasmModule: await compilePostgres(),
    });
  }
  const db = drizzlePglite({ client, schema });
  const pglite = client;
  const checkpoints = options.pglite ? undefined : new Checkpointer(pglite, options.checkpoints ?? CHECKPOINTS);
  return {
    db: db as unknown as Database,
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: async () => {
      await checkpoints?.stop();
      await pglite.close();
    },
  };
}

/**
 * PostgreSQL's WebAssembly module, compiled from its file. PGlite reads the 9 MB file into a
 * buffer that lives until a collection finds it, and an idle server may go minutes without one:
 * 9 MB more resident in one start out of three. V8 copies the bytes when compilation begins, so
 * the buffer is given back at once (a transferred ArrayBuffer frees its memory).
 */
async function compilePostgres(): Promise<WebAssembly.Module> {
  const bytes = await readFile(fileURLToPath(import.meta.resolve('@electric-sql/pglite/pglite.wasm')));
  const compiling = WebAssembly.compile(bytes);
  (bytes.buffer as ArrayBuffer & { transfer(length: number): ArrayBuffer }).transfer(0);
  return compiling;
}

/**
 * PostgreSQL settings of the embedded database. Its shared memory lives in the process's memory
 * (WebAssembly memory never shrinks) and is touched when the database opens: PostgreSQL's default
 * buffer cache of 128 MB was a quarter of the server's resident size and over a tenth of a second
 * of its start. The operating system's page cache holds the files anyway; with 4, 8, 16 or 32 MB
 * pages and API calls cost the same CPU, and a search for a new term at 10,000 posts had the same
 * p95 within the machine's noise (18-26 ms at 4 and 8 MB in the same hour). It also keeps each
 * checkpoint short. PGlite is one backend in one process: the connection slots, WAL senders and
 * autovacuum workers PostgreSQL sizes its lock and process tables for (100, 10 and 3) are never
 * used, and sizing them for 4, 0 and 1 takes its shared memory from 11 MB to 8.
 */
const PGLITE_SETTINGS = [
  ...['-c', 'shared_buffers=4MB'],
  ...['-c', 'max_connections=4', '-c', 'max_wal_senders=0', '-c', 'autovacuum_max_workers=1'],
];

/**
 * PGlite runs PostgreSQL as a single backend, without the checkpointer process: nothing makes a
 * checkpoint until the database is closed. After a crash (kill -9, out of memory) every WAL record
 * since the last clean close is replayed before the first query, which grew with uptime; the WAL
 * files grew on disk as well. This makes one whenever enough WAL has piled up, so a crash
 * replays a few megabytes. Committed rows do not depend on it: they are in the WAL at commit.
 */
class Checkpointer {
  private readonly client: PGlite;
  private readonly afterBytes: number;
  private readonly timer: NodeJS.Timeout;
  private running: Promise<void> | undefined;

  constructor(client: PGlite, options: CheckpointOptions) {
    this.client = client;
    this.afterBytes = options.afterBytes;
    this.timer = setInterval(() => {
      this.running ??= this.checkpointIfDue().finally(() => (this.running = undefined));
    }, options.pollMs);
    this.timer.unref();
  }

  private async checkpointIfDue(): Promise<void> {
    try {
      const { rows } = await this.client.query<{ bytes: number }>(
        'select pg_wal_lsn_diff(pg_current_wal_insert_lsn(), redo_lsn)::float8 as bytes from pg_control_checkpoint()',
      );
      if ((rows[0]?.bytes ?? 0) >= this.afterBytes) await this.client.query('checkpoint');
    } catch (error) {
      if (!this.client.closed) console.error(`[db] checkpoint failed: ${(error as Error).message}`);
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
