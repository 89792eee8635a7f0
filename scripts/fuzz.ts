// `npm run fuzz -- --runs N [--seed S] [--no-pages]`: the route fuzzer of src/server/fuzz.test.ts,
// for as long as asked. The real app on a fresh in-memory PGlite database, pages rendered from the
// sources through Vite. Each failure class found is shrunk, printed and then set aside, so that the
// run goes on to find the next one; the full cases are written to .tmp/fuzz-failures.json.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../src/server/app.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { loadConfig } from '../src/server/env.ts';
import { ensureAdminAccount } from '../src/server/services/auth/admin-account.ts';
import { LocalStorage } from '../src/server/adapters/storage.ts';
import { Fuzzer, runFuzz, sourceRenderer, type ServerEntry } from '../tests/support/fuzz.ts';
import { FuzzFailure, describeFailure, serverErrorLog } from '../tests/support/fuzz-report.ts';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '1000' },
    seed: { type: 'string' },
    pages: { type: 'boolean', default: true },
  },
  allowNegative: true,
});
const runs = Number(args.runs);
const seed = args.seed === undefined ? Date.now() % 2 ** 31 : Number(args.seed);
if (!Number.isSafeInteger(runs) || runs < 1 || !Number.isSafeInteger(seed)) {
  console.error('Usage: npm run fuzz -- --runs N [--seed S] [--no-pages]');
  process.exit(2);
}

const SITE_URL = 'http://localhost:3000';
const ADMIN_PASSWORD = 'fuzz-admin-password';
const started = performance.now();
const seconds = () => ((performance.now() - started) / 1000).toFixed(1);

/** The pages as the sources render them (no build needed), through Vite's SSR module loader. */
async function loadPages() {
  const { createServer } = await import('vite');
  const vite = await createServer({
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: 'custom',
    logLevel: 'error',
  });
  const entry = (await vite.ssrLoadModule('/src/client/entry-server.tsx')) as ServerEntry;
  return { renderer: sourceRenderer(entry, readFileSync('index.html', 'utf8'), SITE_URL), close: () => vite.close() };
}

const database = await openDatabase({ pglite: new PGlite() });
await database.migrate();
await ensureAdminAccount(database.db, ADMIN_PASSWORD);
const dataDir = mkdtempSync(path.join(tmpdir(), 'folio-fuzz-'));
// Not the process environment: IMPORT_ALLOW_HOSTS stays empty, so the importer refuses private addresses.
const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SITE_URL, VISITOR_WRITE_LIMIT: '1000000' });
const errors = serverErrorLog();
const pages = args.pages ? await loadPages() : undefined;
const app = await buildApp({
  config,
  db: database.db,
  storage: new LocalStorage(dataDir),
  sessionSecret: randomBytes(32).toString('hex'),
  renderer: pages?.renderer,
  logger: errors.logger,
});
await app.ready();
const fuzzer = await Fuzzer.start({ app, db: database.db, adminPassword: ADMIN_PASSWORD, errors, pages: Boolean(pages) });
console.log(
  `Route fuzz: ${runs} cases of seed ${seed}; pages ${pages ? 'rendered from the sources' : 'off'} (ready in ${seconds()} s)\n`,
);

const progress = setInterval(() => {
  const { executions, requests } = fuzzer.stats;
  console.log(`  … ${seconds()} s: ${executions} cases run, ${requests} requests, ${failures.length} failure classes`);
}, 30_000);
progress.unref();

const known = new Set<string>();
const failures: FuzzFailure[] = [];
// The cases of one seed, in order: after a failure is shrunk, the run resumes at the next case
// (fast-check's `path`), so `--seed S --runs N` meets exactly the cases the test suite meets.
let next = 0;
while (next < runs) {
  const { details, failure } = await runFuzz(
    fuzzer,
    { seed, numRuns: runs - next, ...(next ? { path: String(next) } : {}) },
    known,
  );
  if (!details.failed) {
    next = runs;
    break;
  }
  if (!failure) {
    console.error('The fuzzer itself failed:', details.errorInstance);
    process.exitCode = 2;
    break;
  }
  next += details.numRuns;
  failures.push(failure);
  known.add(failure.problem.signature);
  console.log(
    `✗ failure ${failures.length} (case ${next} of seed ${seed}, shrunk ${details.numShrinks} times, at ${seconds()} s): ${describeFailure(failure)}\n`,
  );
}
clearInterval(progress);

const { executions, requests, fuzzRequests, checkRequests, statuses, statusesByKind, slowest } = fuzzer.stats;
const histogram = (counts: Map<number, number>) =>
  [...counts]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status === 0 ? 'no answer' : status} ×${count}`)
    .join(', ');
console.log(
  [
    'Summary',
    `  cases: ${next} generated, ${executions} run (shrinking replays included)`,
    `  requests: ${requests} (${fuzzRequests} fuzzed, ${checkRequests} set-up and after-case checks)`,
    `  status codes of fuzzed requests: ${histogram(statuses)}`,
    ...[...statusesByKind].sort(([a], [b]) => a.localeCompare(b)).map(([kind, counts]) => `    ${kind}: ${histogram(counts)}`),
    '  slowest fuzzed requests:',
    ...slowest.map((s) => `    ${Math.round(s.ms)} ms ${s.what}${s.body ? `, body ${s.body}` : ''}`),
    `  failure classes: ${failures.length}${failures.map((f, i) => `\n    ${i + 1}. ${f.problem.signature}`).join('')}`,
    `  elapsed: ${seconds()} s`,
  ].join('\n'),
);

if (failures.length) {
  mkdirSync('.tmp', { recursive: true });
  const file = path.join('.tmp', 'fuzz-failures.json');
  const record = failures.map(({ problem, outcome }) => ({
    signature: problem.signature,
    exchanges: [...outcome.exchanges, ...(problem.afterCase ? [problem.exchange] : [])].map(
      ({ request, status, body, serverErrors }) => ({
        method: request.method,
        url: request.url,
        headers: request.headers,
        payload: Buffer.isBuffer(request.payload) ? { base64: request.payload.toString('base64') } : request.payload,
        status,
        body: body.slice(0, 2000),
        serverErrors,
      }),
    ),
  }));
  writeFileSync(file, JSON.stringify(record, null, 2));
  console.log(`  full cases: ${file}`);
  process.exitCode ||= 1;
}

await app.close();
await pages?.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
// Each rendered page leaves its query cache a 5-minute garbage-collection timer (gcTime in
// src/client/lib/query-client.ts): without this the process would linger that long.
process.exit();
