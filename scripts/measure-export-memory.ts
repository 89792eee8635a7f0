// `node --expose-gc scripts/measure-export-memory.ts [--mb 200] [--file-mb 5]`: how much the
// server's memory grows while `GET /api/admin/export` streams a site with --mb MB of uploads (the
// issue's bar: within 50 MB of idle). A child process fills a temporary data directory (embedded
// database, uploads written through the storage: random bytes, export does not look inside them);
// this process then opens it as the server does, measures the resident size at rest (after a
// garbage collection when --expose-gc is given), and downloads the backup through a listening
// server while sampling the resident size every 20 ms. The download is counted, not kept.
// Filling the directory in another process keeps its writes out of the resident size measured.
import { execFile, execFileSync } from 'node:child_process';
import { randomFillSync, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { LocalStorage } from '../src/server/adapters/storage.ts';
import { buildApp } from '../src/server/app.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { sql } from 'drizzle-orm';
import { blogPosts, uploads } from '../src/server/db/schema.ts';
import { loadConfig } from '../src/server/env.ts';
import { ensureAdminAccount } from '../src/server/services/auth/admin-account.ts';

const { values } = parseArgs({
  options: {
    mb: { type: 'string', default: '200' },
    'file-mb': { type: 'string', default: '5' },
    /** Who downloads: a child process (default: only the server's memory is measured) or this process. */
    client: { type: 'string', default: 'child' },
    /** Internal: fill this data directory and exit (run in a child process). */
    fill: { type: 'string' },
  },
});
const totalMb = Number(values.mb);
const fileMb = Number(values['file-mb']);
if (!(totalMb > 0 && fileMb > 0)) throw new Error('--mb and --file-mb must be positive numbers');
if (values.client !== 'child' && values.client !== 'inline') throw new Error('--client is child or inline');

const PASSWORD = 'measure-export-memory-password';
const MB = 1024 * 1024;
const mb = (bytes: number) => (bytes / MB).toFixed(1);
const gc = (globalThis as { gc?: () => void }).gc;

/** The site to export: --mb MB of uploads and a few posts, in `dataDir`. */
async function fill(dataDir: string): Promise<void> {
  const database = await openDatabase({ dataDir });
  try {
    await database.migrate();
    await ensureAdminAccount(database.db, PASSWORD);
    const storage = new LocalStorage(dataDir);
    const files = Math.ceil(totalMb / fileMb);
    const chunk = Buffer.alloc(Math.round(fileMb * MB));
    let written = 0;
    for (let i = 0; i < files; i++) {
      const size = Math.min(chunk.length, Math.round(totalMb * MB) - written);
      const bytes = randomFillSync(chunk).subarray(0, size);
      const id = randomUUID();
      await storage.put(id, bytes);
      await database.db.insert(uploads).values({ id, contentType: 'image/jpeg', size, width: 4000, height: 3000 });
      written += size;
    }
    await database.db.insert(blogPosts).values(
      Array.from({ length: 20 }, (_, i) => ({
        title: `Post ${i}`,
        slug: `post-${i}`,
        content: `Words of post ${i}. `.repeat(500),
        published: true,
      })),
    );
  } finally {
    await database.close();
  }
}

/** Downloads the backup in this process, counting its bytes. */
async function download(base: string, cookie: string, onChunk: () => void): Promise<number> {
  const response = await fetch(`${base}/api/admin/export`, { headers: { cookie } });
  if (!response.ok || !response.body) throw new Error(`export answered ${response.status}`);
  let bytes = 0;
  for await (const part of response.body) {
    bytes += (part as Uint8Array).length;
    onChunk();
  }
  return bytes;
}

/** Downloads the backup in a child process (its memory is not the server's), counting its bytes. */
function downloadInChild(base: string, cookie: string): Promise<number> {
  const code = `
    const response = await fetch(process.argv[1], { headers: { cookie: process.argv[2] } });
    if (!response.ok) throw new Error('export answered ' + response.status);
    let bytes = 0;
    for await (const part of response.body) bytes += part.length;
    console.log(bytes);`;
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--input-type=module', '-e', code, `${base}/api/admin/export`, cookie],
      { maxBuffer: 1024 * 1024 },
      (error, stdout) => (error ? reject(error) : resolve(Number(stdout.trim()))),
    );
  });
}

if (values.fill) {
  await fill(values.fill);
  process.exit(0);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'folio-export-memory-'));
let app: Awaited<ReturnType<typeof buildApp>> | undefined;
let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
try {
  const filling = performance.now();
  execFileSync(
    process.execPath,
    [import.meta.filename, '--fill', dataDir, '--mb', String(totalMb), '--file-mb', String(fileMb)],
    {
      stdio: 'inherit',
    },
  );
  console.log(`filled       ${dataDir} in ${((performance.now() - filling) / 1000).toFixed(1)} s`);

  database = await openDatabase({ dataDir });
  await database.migrate();
  app = await buildApp({
    config: loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, SITE_URL: 'http://127.0.0.1' }),
    db: database.db,
    storage: new LocalStorage(dataDir),
    sessionSecret: 'measure-export-memory-session-secret-0123456789',
  });
  const [stored] = await database.db.select({ bytes: sql<number>`coalesce(sum(${uploads.size}), 0)::float8` }).from(uploads);
  const uploadBytes = stored?.bytes ?? 0;
  const files = (await database.db.select({ id: uploads.id }).from(uploads)).length;

  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  const base = `http://127.0.0.1:${port}`;
  const login = await fetch(`${base}/api/admin/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: PASSWORD }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');

  // At rest: after the writes above have settled.
  for (let i = 0; i < 3; i++) {
    gc?.();
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const rest = process.memoryUsage();
  const idle = rest.rss;

  let peak = process.memoryUsage();
  const sample = () => {
    const now = process.memoryUsage();
    if (now.rss > peak.rss) peak = now;
  };
  const sampler = setInterval(sample, 20);
  const started = performance.now();
  const zipBytes = values.client === 'inline' ? await download(base, cookie, sample) : await downloadInChild(base, cookie);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  sample();

  console.log(`uploads      ${mb(uploadBytes)} MB in ${files} files`);
  console.log(`zip          ${mb(zipBytes)} MB`);
  console.log(`time         ${seconds.toFixed(2)} s (${mb(zipBytes / seconds)} MB/s)`);
  console.log(`idle RSS     ${mb(idle)} MB${gc ? ' (after gc)' : ' (run with --expose-gc to collect first)'}`);
  console.log(`peak RSS     ${mb(peak.rss)} MB`);
  console.log(`peak - idle  ${mb(peak.rss - idle)} MB (bar: 50 MB)`);
  console.log(
    `at the peak  heap ${mb(peak.heapUsed)} MB (${mb(peak.heapUsed - rest.heapUsed)} more than at rest), buffers ${mb(peak.arrayBuffers)} MB (${mb(peak.arrayBuffers - rest.arrayBuffers)} more); downloaded by ${values.client === 'inline' ? 'this process' : 'a child process'}`,
  );
} finally {
  await app?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
}
