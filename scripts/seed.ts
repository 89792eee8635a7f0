// `npm run db:seed -- --posts N [--seed S]`: fill the configured database (DATABASE_URL, or PGlite
// under DATA_DIR, as the server does) with N generated posts and their comments, for demos and
// benchmarks. The same seed gives the same content; existing posts are kept.
import { parseArgs } from 'node:util';
import { openDatabase } from '../src/server/db/client.ts';
import { ConfigError, loadConfig } from '../src/server/env.ts';
import { DEFAULT_SEED, seedDatabase } from './lib/seed.ts';

const MAX_POSTS = 100_000;
const USAGE = `Usage: npm run db:seed -- --posts N [--seed S]
  --posts N   number of posts to add, 1 to ${MAX_POSTS} (required)
  --seed S    integer seed of the generator, 0 to 4294967295 (default ${DEFAULT_SEED})`;

function fail(message: string): never {
  console.error(`db:seed: ${message}\n${USAGE}`);
  process.exit(1);
}

function parseInteger(name: string, value: string, min: number, max: number): number {
  const number = /^\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  if (!Number.isSafeInteger(number) || number < min || number > max) {
    fail(`--${name} must be a whole number from ${min} to ${max}, got "${value}"`);
  }
  return number;
}

let values;
try {
  ({ values } = parseArgs({
    options: { posts: { type: 'string' }, seed: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    strict: true,
    allowPositionals: false,
  }));
} catch (error) {
  fail((error as Error).message);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (values.posts === undefined) fail('--posts is required');
const posts = parseInteger('posts', values.posts, 1, MAX_POSTS);
const seed = values.seed === undefined ? DEFAULT_SEED : parseInteger('seed', values.seed, 0, 2 ** 32 - 1);

let config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`db:seed: ${error.message}`);
  process.exit(1);
}

const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  const started = performance.now();
  const summary = await seedDatabase(database.db, { posts, seed });
  const elapsed = Math.round(performance.now() - started);
  const target = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  console.log(
    `Seeded ${summary.posts} posts (${summary.published} published, ${summary.drafts} drafts) and ${summary.comments} comments into ${target} with seed ${seed} in ${elapsed} ms.`,
  );
} finally {
  await database.close();
}
