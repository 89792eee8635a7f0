// `.ci/run` started PostgreSQL on a fixed port (54329) and failed when another server held it:
// its cluster now takes a free port (scripts/with-postgres.ts).
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';

const run = promisify(execFile);
const OLD_FIXED_PORT = 54329;
let holder: Server | undefined;

beforeAll(async () => {
  // Hold the port the CI script used to take (if something else already holds it, even better).
  holder = createServer();
  await new Promise<void>((resolve) => {
    holder!.once('error', () => {
      holder = undefined;
      resolve();
    });
    holder!.listen(OLD_FIXED_PORT, '127.0.0.1', resolve);
  });
});
afterAll(() => new Promise<void>((resolve) => (holder ? holder.close(() => resolve()) : resolve())));

it('starts PostgreSQL on a free port when another server holds the one CI used to take', async () => {
  const probe = `const pg = require('pg'); const c = new pg.Client(process.env.DATABASE_URL);
    c.connect().then(() => c.query('select 41 + 1 as n')).then((r) => { console.log('answer', r.rows[0].n); return c.end(); })`;
  const { stdout } = await run(process.execPath, ['scripts/with-postgres.ts', '--', process.execPath, '-e', probe], {
    env: { ...process.env, DATABASE_URL: '' },
  });
  expect(stdout).toContain('answer 42');
  const port = Number(/PostgreSQL on (\d+)/.exec(stdout)?.[1]);
  expect(port).toBeGreaterThan(0);
  expect(port).not.toBe(OLD_FIXED_PORT);
}, 120_000);
