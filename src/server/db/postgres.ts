// The database on a PostgreSQL server (`DATABASE_URL`), through node-postgres. db/client.ts loads
// this module only when a URL is given.
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { type Database, type DatabaseHandle, migrationsFolder } from './database.ts';
import * as schema from './schema.ts';

/** Advisory lock key held while migrating ("folio" in ASCII). */
const MIGRATION_LOCK = 0x666f6c696f;

export function openPostgres(url: string): DatabaseHandle {
  // Times are read back with `new Date(text)`. In the server's own zone, a time from before that
  // zone's standard time (New York before 1883) has an offset in seconds (`-04:56:02`): no date.
  const pool = new pg.Pool({ connectionString: url, max: 10, options: '-c TimeZone=UTC' });
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
