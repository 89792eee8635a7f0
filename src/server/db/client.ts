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

/** PostgreSQL server when `url` is set, else PGlite (embedded PostgreSQL) in `dataDir`. */
export function openDatabase(options: { url?: string; dataDir?: string; pglite?: PGlite }): DatabaseHandle {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    const db = drizzlePg({ client: pool, schema });
    return {
      db: db as unknown as Database,
      migrate: () => migratePg(db, { migrationsFolder }),
      close: () => pool.end(),
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
