// `npm run backup -- --out FILE`: the same zip as the dashboard's `Download backup`, for cron jobs.
// With DATABASE_URL it reads PostgreSQL and the storage directly. With the embedded database it
// asks the running server (PORT on this machine, logging in with ADMIN_PASSWORD), since only one
// process may open PGlite's files; when no server answers there, it reads them itself.
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { createStorage } from '../src/server/adapters/storage.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { ConfigError, loadConfig, type Config } from '../src/server/env.ts';
import { writeBackup } from '../src/server/services/site-data/backup/export.ts';

const USAGE = `Usage: npm run backup -- --out FILE [--server URL]
  --out FILE     where to write the zip (written to FILE.partial, then renamed)
  --server URL   the running server to ask (default http://127.0.0.1:PORT when the embedded
                 database is used); needs ADMIN_PASSWORD`;

function fail(message: string): never {
  console.error(`backup: ${message}\n${USAGE}`);
  process.exit(1);
}

let values;
try {
  ({ values } = parseArgs({
    options: { out: { type: 'string' }, server: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    strict: true,
  }));
} catch (error) {
  fail((error as Error).message);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (!values.out) fail('--out is required');
const out = values.out;

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  fail(error.message);
}

/** The zip from a running server's `GET /api/admin/export`, or undefined when none answers. */
async function fromServer(base: string): Promise<Readable | undefined> {
  try {
    await fetch(new URL('/api/admin/session', base), { signal: AbortSignal.timeout(2000) });
  } catch {
    return undefined;
  }
  if (!config.adminPassword) fail(`a server answers at ${base}: set ADMIN_PASSWORD so the backup can log in`);
  const login = await fetch(new URL('/api/admin/verify', base), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: config.adminPassword }),
  });
  if (!login.ok) fail(`logging in to ${base} failed (${login.status})`);
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const answer = await fetch(new URL('/api/admin/export', base), { headers: { cookie } });
  if (!answer.ok || !answer.body) fail(`${base}/api/admin/export answered ${answer.status}`);
  return Readable.fromWeb(answer.body as import('node:stream/web').ReadableStream);
}

const started = performance.now();
const partial = `${out}.partial`;
let source = '';
try {
  const server = values.server ?? (config.databaseUrl ? undefined : `http://127.0.0.1:${config.port}`);
  let zip = server ? await fromServer(server) : undefined;
  let close = async () => {};
  if (zip) source = server!;
  else if (values.server) fail(`no server answers at ${values.server}`);
  else {
    const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
    await database.migrate();
    close = () => database.close();
    zip = (await writeBackup(database.db, createStorage({ dataDir: config.dataDir, s3: config.s3 }))).outputStream as Readable;
    source = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  }
  await pipeline(zip, createWriteStream(partial));
  await close();
  await rename(partial, out);
} catch (error) {
  await rm(partial, { force: true });
  throw error;
}
console.log(`backup: wrote ${out} from ${source} in ${Math.round(performance.now() - started)} ms`);
