import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../../scripts/lib/site-server.ts';

export interface PostgresServer {
  /** Connection string of the server's `postgres` database. */
  url: string;
  /** A new, empty database on the server; its connection string. */
  createDatabase(): Promise<string>;
  stop(): Promise<void>;
}

function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  if (!versions[0]) throw new Error('PostgreSQL is not installed under /usr/lib/postgresql');
  return path.join(root, versions[0], 'bin');
}

/**
 * A PostgreSQL server for tests that need several connections to one database (two app instances
 * at once): DATABASE_URL when set, else a throwaway cluster in a temp dir, as `.ci/run` starts one.
 */
export async function startPostgresServer(): Promise<PostgresServer> {
  let url = process.env.DATABASE_URL;
  let stop = async () => {};
  if (!url) {
    const bin = postgresBin();
    const dir = mkdtempSync(path.join(tmpdir(), 'folio-pg-'));
    const asRoot = process.getuid?.() === 0;
    // PostgreSQL refuses to run as root: the cluster belongs to the postgres user then.
    const run = (command: string, args: string[]) =>
      asRoot
        ? execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', [command, ...args].map((a) => `'${a}'`).join(' ')], {
            stdio: 'pipe',
          })
        : execFileSync(command, args, { stdio: 'pipe' });
    if (asRoot)
      chownSync(
        dir,
        Number(execFileSync('id', ['-u', 'postgres']).toString()),
        Number(execFileSync('id', ['-g', 'postgres']).toString()),
      );
    const port = await freePort();
    run(path.join(bin, 'initdb'), ['-D', `${dir}/data`, '-A', 'trust', '-U', 'postgres']);
    run(path.join(bin, 'pg_ctl'), [
      '-D',
      `${dir}/data`,
      '-l',
      `${dir}/log`,
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
      'start',
    ]);
    url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    stop = async () => {
      run(path.join(bin, 'pg_ctl'), ['-D', `${dir}/data`, '-m', 'immediate', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const serverUrl = url;
  return {
    url: serverUrl,
    stop,
    async createDatabase() {
      const name = `test_${Math.random().toString(36).slice(2, 10)}`;
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`create database ${name}`);
      await client.end();
      const database = new URL(serverUrl);
      database.pathname = `/${name}`;
      return database.toString();
    },
  };
}
