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

/** PostgreSQL server when `url` is set, else PGlite (embedded PostgreSQL) in `dataDir`. */
export function openDatabase(options: { url?: string; dataDir?: string; pglite?: PGlite }): DatabaseHandle {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
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
    client = new PGlite(dir);
  }
  const db = drizzlePglite({ client, schema });
  const pglite = client;
  return {
    db: db as unknown as Database,
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => pglite.close(),
  };
}
