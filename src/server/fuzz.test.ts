import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, it } from 'vitest';
import { Fuzzer, runFuzz, sourceRenderer } from '../../tests/support/fuzz.ts';
import { describeRun, serverErrorLog } from '../../tests/support/fuzz-report.ts';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import * as entry from '../client/entry-server.tsx';

/**
 * A fixed seed, so that `npm test` is repeatable; `npm run fuzz -- --runs N --seed S` explores
 * further. 200 cases take about half a minute on two cores (one of them is a post whose markdown
 * runs into the renderer's 10 s limit).
 */
const SEED = 2;
const RUNS = 200;
const SITE_URL = 'http://localhost:3000';

let t: TestApp;
let fuzzer: Fuzzer;
beforeAll(async () => {
  const errors = serverErrorLog();
  // The integration apps of createTestApp have no page renderer; this one renders the pages from
  // the sources, so that stored values are read back by the pages as well as by the API.
  const renderer = sourceRenderer(entry, readFileSync('index.html', 'utf8'), SITE_URL);
  // Visitors may write as often as the fuzzer likes: the point is to store what it sends.
  t = await createTestApp({ SITE_URL, VISITOR_WRITE_LIMIT: '1000000' }, { logger: errors.logger, renderer });
  fuzzer = await Fuzzer.start({ app: t.app, db: t.db, adminPassword: ADMIN_PASSWORD, errors, pages: true });
});
afterAll(() => t?.close());

it(
  'answers anything without a 5xx, errors as JSON { message }, admin routes and drafts closed, NUL in addresses refused, feeds and pages up',
  { timeout: 180_000 },
  async () => {
    const { details, failure } = await runFuzz(fuzzer, { seed: SEED, numRuns: RUNS });
    // The script goes on past the first failure and lists every class these cases meet.
    if (details.failed)
      throw new Error(`${describeRun(details, failure)}\n\nAll of them: npm run fuzz -- --seed ${SEED} --runs ${RUNS}`);
  },
);
