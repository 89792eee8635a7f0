// `npm run bench [-- --posts N] [--seconds S] [--sustain-seconds S] [--connections C] [--reseed]
// [--only a,b] [--no-nginx] [--no-build] [--json FILE]`: how fast readers are served. Seeds N posts
// once into .tmp/bench-data-<N>, measures start-up and idle memory, loads the main pages and
// searches with autocannon, and the same answers served by nginx as a static-site reference (the
// app's own gzip bytes from files, gzip_static, one worker). Then a search term never asked before
// at each request (1 connection), a minute at 50 connections over all of it (memory), and a
// minute of a reader's visits at 100 connections (no answer over 5 s). Prints the figures beside
// the goals of DESIGN.md ("readers on metered data" and the reading-speed goals before it).
import { writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildIsStale } from './build-state.ts';
import { ensureBuilt, MEASURE_ADMIN_PASSWORD } from './lib/site-server.ts';
import { measureColdStart, measureIdleRss, measureRestartAfterKill, startServer } from './lib/startup.ts';
import { prepareDataset } from './bench/dataset.ts';
import type { LoadSettings } from './bench/load.ts';
import { findNginx } from './bench/nginx.ts';
import { measureApp, measureMix, measureNginx, type Mix } from './bench/phases.ts';
import { type BenchFigures, checkGoals, formatReport } from './bench/report.ts';
import { newSearchTerms, ROTATING_SEARCH_TERMS } from './bench/search-terms.ts';
import {
  benchTargets,
  freshSearch,
  READ_MIX,
  READ_MIX_CONNECTIONS,
  readMixRequests,
  SEARCH_TERM,
  STARTUP,
  SUSTAINED,
  SUSTAINED_CONNECTIONS,
  sustainedMix,
  TARGET_NAMES,
} from './bench/targets.ts';

const NAMES = [...TARGET_NAMES, STARTUP, SUSTAINED, READ_MIX];
const USAGE = `Usage: npm run bench -- [options]
  --posts N            posts in the database, 1 to 100000 (default 10000; seeded once, then reused)
  --seconds S          measured seconds per target (default 10)
  --sustain-seconds S  seconds of the ${SUSTAINED} (${SUSTAINED_CONNECTIONS} connections) and ${READ_MIX} (${READ_MIX_CONNECTIONS}) loads (default 60)
  --connections C      concurrent connections per target (default 50)
  --reseed             seed the database again even if .tmp/bench-data-<N> exists
  --only a,b           measure only these: ${NAMES.join(', ')}
  --no-nginx           skip the nginx reference
  --no-build           measure dist/ as it is, even when older than the sources
  --json FILE          also write the figures to FILE`;

function fail(message: string): never {
  console.error(`bench: ${message}\n${USAGE}`);
  process.exit(1);
}

function integer(name: string, value: string, min: number, max: number): number {
  const number = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(number) || number < min || number > max) fail(`--${name} must be ${min} to ${max}, got "${value}"`);
  return number;
}

let values;
try {
  ({ values } = parseArgs({
    options: {
      posts: { type: 'string', default: '10000' },
      seconds: { type: 'string', default: '10' },
      'sustain-seconds': { type: 'string', default: '60' },
      connections: { type: 'string', default: '50' },
      reseed: { type: 'boolean', default: false },
      only: { type: 'string' },
      nginx: { type: 'boolean', default: true },
      build: { type: 'boolean', default: true },
      json: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    allowNegative: true,
    strict: true,
  }));
} catch (error) {
  fail((error as Error).message);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const posts = integer('posts', values.posts, 1, 100_000);
const seconds = integer('seconds', values.seconds, 1, 600);
const sustainSeconds = integer('sustain-seconds', values['sustain-seconds'], 1, 3600);
const connections = integer('connections', values.connections, 1, 1000);
const only = values.only?.split(',').map((name) => name.trim()) ?? NAMES;
const unknown = only.filter((name) => !NAMES.includes(name));
if (unknown.length > 0) fail(`unknown --only name: ${unknown.join(', ')}`);
const settings: LoadSettings = { connections, seconds, warmupSeconds: seconds >= 6 ? 2 : 1 };
const format = (numbers: number[]) => numbers.map((n) => n.toFixed(2)).join(' ');

// Whatever happens (an error, Ctrl-C), no server or nginx is left running.
const cleanups: Array<() => Promise<void>> = [];
async function cleanUp(): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void cleanUp().then(() => process.exit(130)));
}

const loadStart = loadavg();
console.log(`Node ${process.version}, ${availableParallelism()} CPUs, load average at start: ${format(loadStart)}`);
if (loadStart[0]! >= availableParallelism()) {
  console.warn('The machine is busy (1-minute load >= its CPUs): the figures will be noisy and low.');
}
if (values.build) ensureBuilt();
else if (buildIsStale()) console.warn('dist/ is older than the sources (--no-build): measuring it as it is.');
const dataset = await prepareDataset(posts, { reseed: values.reseed });
const { summary } = dataset;
console.log(
  `${summary.posts} posts (${summary.published} published, ${summary.drafts} drafts), ${summary.comments} comments in ` +
    `${path.relative(process.cwd(), dataset.dataDir)} (${dataset.reused ? `reused, seeded ${dataset.seededAt}` : `seeded in ${(dataset.seedMs / 1000).toFixed(1)} s`})`,
);

const nginxBinary = values.nginx ? findNginx() : undefined;
const figures: Omit<BenchFigures, 'goals'> = {
  node: process.version,
  cpus: availableParallelism(),
  loadAverage: { start: loadStart },
  dataset: { ...summary, dataDir: dataset.dataDir, reused: dataset.reused },
  settings: { connections, seconds, warmupSeconds: settings.warmupSeconds, sustainSeconds },
  nginx: !values.nginx ? 'skipped: --no-nginx' : nginxBinary ? 'measured' : 'skipped: nginx is not installed',
  targets: [],
};

try {
  if (only.includes(STARTUP)) {
    // Before the load, on the database as seeded (or as the last run left it), as after a deploy.
    const options = { dataDir: dataset.dataDir, entry: 'main' as const, env: { ADMIN_PASSWORD: MEASURE_ADMIN_PASSWORD } };
    const coldStartMs = await measureColdStart(options);
    const restartAfterKillMs = await measureRestartAfterKill(options);
    const server = await startServer(options);
    cleanups.push(server.stop);
    const idleRssMb = await measureIdleRss(server.pid);
    await server.stop();
    figures.startup = { coldStartMs, restartAfterKillMs, idleRssMb };
  }

  const onCleanup = (stop: () => Promise<void>) => void cleanups.push(stop);
  // One source for the whole run: no search term is asked twice, whatever the phase.
  const newTerm = newSearchTerms({ exclude: [SEARCH_TERM, ...ROTATING_SEARCH_TERMS] });
  const targets = benchTargets(dataset.postSlug).filter((target) => only.includes(target.name));
  const measured = only.includes(freshSearch.name) ? [...targets, freshSearch] : targets;
  if (measured.length > 0) {
    const app = await measureApp(dataset.dataDir, measured, newTerm, settings, onCleanup);
    figures.targets = app.targets;
    figures.rssAfterLoadMb = app.rssAfterLoadMb;
    if (nginxBinary) {
      // The app's figures stand on their own: a failed reference is reported, not fatal.
      await measureNginx(nginxBinary, app, targets, settings, onCleanup).catch((error: Error) => {
        figures.nginx = `failed: ${error.message}`;
      });
    } else {
      console.log(`nginx reference ${figures.nginx}`);
    }
  }

  const { postSlug } = dataset;
  if (only.includes(SUSTAINED)) {
    const mix: Mix = {
      name: SUSTAINED,
      connections: SUSTAINED_CONNECTIONS,
      seconds: sustainSeconds,
      prepare: async () => ({
        paths: [...benchTargets(postSlug).map((target) => target.path), freshSearch.path],
        next: sustainedMix(postSlug, newTerm),
      }),
    };
    figures.sustained = await measureMix(dataset.dataDir, mix, onCleanup);
  }
  if (only.includes(READ_MIX)) {
    const mix: Mix = {
      name: READ_MIX,
      connections: READ_MIX_CONNECTIONS,
      seconds: sustainSeconds,
      prepare: async (origin) => {
        // The comments route takes the post's id, which only the server knows.
        const response = await fetch(`${origin}/api/blog-posts/${postSlug}`);
        if (!response.ok) throw new Error(`/api/blog-posts/${postSlug} answered ${response.status}`);
        const { id } = (await response.json()) as { id: string };
        const requests = readMixRequests(postSlug, id);
        let i = 0;
        return { paths: requests.map((request) => request.path), next: () => requests[i++ % requests.length]! };
      },
    };
    figures.readMix = await measureMix(dataset.dataDir, mix, onCleanup);
  }
} finally {
  await cleanUp();
}

figures.loadAverage.end = loadavg();
const report: BenchFigures = { ...figures, goals: checkGoals(figures) };
console.log(formatReport(report));
if (values.json) {
  writeFileSync(values.json, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`figures written to ${values.json}`);
}
