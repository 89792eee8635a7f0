import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

/** One query API for both engines: every query in the app is written against this type. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  /** Applies the committed drizzle-kit migrations that have not run yet. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = path.join(import.meta.dirname, 'migrations');

/** Advisory lock key held while migrating ("folio" in ASCII). */
const MIGRATION_LOCK = 0x666f6c696f;

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
export function openDatabase(options: {
  url?: string;
  dataDir?: string;
  pglite?: PGlite;
  checkpoints?: CheckpointOptions;
}): DatabaseHandle {
  if (options.url) {
    // Times are read back with `new Date(text)`. In the server's own zone, a time from before that
    // zone's standard time (New York before 1883) has an offset in seconds (`-04:56:02`): no date.
    const pool = new pg.Pool({ connectionString: options.url, max: 10, options: '-c TimeZone=UTC' });
    // An idle client whose connection drops (server restart, failover, admin kill) makes the pool
    // emit 'error'; unheard, that would crash the process. The pool has already discarded that
    // client and opens a new connection for the next query.
    pool.on('error', (error) => console.error(`[db] idle PostgreSQL connection lost: ${error.message}`));
    // pool.end() resolves once it has *asked* its connections to close, not once they have. Until
    // then a backend may still be attached to the database (and a DROP DATABASE ... WITH (FORCE)
    // then kills it mid-goodbye); so close() also waits for every socket to be gone.
    const connections = new Set<Promise<void>>();
    pool.on('connect', (client) => {
      const ended = new Promise<void>((resolve) => client.once('end', () => resolve()));
      connections.add(ended);
      void ended.then(() => connections.delete(ended));
    });
    const db = drizzlePg({ client: pool, schema });
    return {
      db: db as unknown as Database,
      migrate: async () => {
        // Instances starting together (a rolling deploy, replicas) take turns: the first applies
        // the migrations, the others then find nothing left to do.
        const lock = await pool.connect();
        try {
          await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
          try {
            await migratePg(db, { migrationsFolder });
          } finally {
            await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
          }
        } finally {
          lock.release();
        }
      },
      close: async () => {
        await pool.end();
        await Promise.all(connections);
      },
    };
  }
  let client = options.pglite;
  if (!client) {
    const dir = options.dataDir ? path.join(options.dataDir, 'db') : undefined;
    if (dir) mkdirSync(dir, { recursive: true });
    client = new PGlite(dir, { startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS] });
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
 * PostgreSQL settings of the embedded database. Its buffer cache lives in the process's memory
 * (WebAssembly memory never shrinks) and is all touched when the database opens: PostgreSQL's
 * default of 128 MB was a quarter of the server's resident size and over a tenth of a second of
 * its start. The operating system's page cache holds the files anyway; with 8, 16 or 32 MB pages
 * and API calls cost the same CPU, and a search for a new term at 10,000 posts had the same p95
 * at 8 MB as at 16 (18-19 ms), for 8 MB less resident. It also keeps each checkpoint short.
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=8MB'];

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
