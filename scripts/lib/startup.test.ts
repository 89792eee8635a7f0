// The production server restarted after kill -9, as scripts/lib/startup.ts does it for the
// benchmark: every committed row is still there and the server answers again, on the embedded
// database and on PostgreSQL. Nothing here is timed.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgresServer, type PostgresServer } from '../../tests/support/postgres-server.ts';
import { adminSession } from './site-server.ts';
import { measureIdleRss, measureRestartAfterKill, startServer, type StartOptions } from './startup.ts';

const PASSWORD = 'startup-test-password';
// The API alone: the test does not depend on a build of the pages.
const READY = ['/api/blog-posts?published=true'];

async function createPosts(origin: string, cookie: string, round: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) {
    const response = await fetch(`${origin}/api/blog-posts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        title: `Crash round ${round} post ${i}`,
        content: `Written before kill -9 number ${round}.`,
        published: true,
      }),
    });
    expect(response.status).toBe(201);
    ids.push(((await response.json()) as { id: string }).id);
  }
  return ids;
}

/** Three rounds of: start, write posts, kill -9; then the starts after that must show them all. */
async function crashRounds(options: StartOptions): Promise<void> {
  const written: string[] = [];
  for (let round = 1; round <= 3; round++) {
    const server = await startServer(options);
    try {
      // The measured process is the server itself, not a launcher in front of it.
      expect(readFileSync(`/proc/${server.pid}/cmdline`, 'utf8')).toContain('src/server/main.ts');
      expect(await measureIdleRss(server.pid, { settleMs: 0 })).toBeGreaterThan(20);
      written.push(...(await createPosts(server.origin, await adminSession(server.origin, PASSWORD), round)));
    } finally {
      await server.kill();
    }
  }
  // Once more the way the benchmark does it: start, kill -9, start again.
  expect(await measureRestartAfterKill(options)).toBeGreaterThan(0);
  const server = await startServer(options);
  try {
    const cookie = await adminSession(server.origin, PASSWORD);
    for (const id of written) {
      const response = await fetch(`${server.origin}/api/blog-posts/${id}`, { headers: { cookie } });
      expect(response.status, `post ${id} after the crashes`).toBe(200);
    }
    const titles = ((await (await fetch(`${server.origin}/api/blog-posts?published=true`)).json()) as { title: string }[]).map(
      (post) => post.title,
    );
    expect(titles).toEqual(expect.arrayContaining(['Crash round 1 post 0', 'Crash round 3 post 2']));
  } finally {
    await server.stop();
  }
}

describe('restart after kill -9', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'folio-startup-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps every committed post of the embedded database and starts again each time', async () => {
    await crashRounds({
      dataDir,
      entry: 'main',
      paths: READY,
      env: { DATABASE_URL: undefined, ADMIN_PASSWORD: PASSWORD },
    });
  }, 180_000);

  it('writes its compile cache once it is up: a start after kill -9 finds it', async () => {
    const cache = path.join(dataDir, 'compile-cache');
    const server = await startServer({
      dataDir,
      entry: 'main',
      paths: READY,
      env: { DATABASE_URL: undefined, ADMIN_PASSWORD: PASSWORD, NODE_COMPILE_CACHE: cache },
    });
    try {
      // Node writes it when a process exits; the server writes it as soon as it listens.
      const files = () => readdirSync(cache, { recursive: true }).filter((name) => String(name).includes('/')).length;
      const deadline = Date.now() + 30_000;
      while (files() < 100 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(files()).toBeGreaterThanOrEqual(100);
    } finally {
      await server.kill();
    }
  }, 120_000);

  describe('with DATABASE_URL', () => {
    let postgres: PostgresServer;
    beforeAll(async () => {
      postgres = await startPostgresServer();
    }, 60_000);
    afterAll(() => postgres?.stop());

    it('keeps every committed post on PostgreSQL and starts again each time', async () => {
      await crashRounds({
        dataDir,
        entry: 'main',
        paths: READY,
        env: { DATABASE_URL: await postgres.createDatabase(), ADMIN_PASSWORD: PASSWORD },
      });
    }, 180_000);
  });
});
