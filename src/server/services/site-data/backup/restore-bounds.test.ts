import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import { adminCookie, createTestApp, type TestApp, tables } from '../../../../../tests/support/test-app.ts';
import { bytesOf, declareSize, zipBomb, zipOf, type ZipSource } from '../../../../../tests/support/zip-fixtures.ts';
import type { AdminPostRow, Stats } from '../../../../shared/back-office.ts';
import { LocalStorage } from '../../../adapters/storage.ts';
import { stringifyFrontMatter } from '../imports/front-matter.ts';
import { SiteDataService } from '../site-data.ts';
import { MAX_VIEWS } from '../../posts/views.ts';
import { workersRunning } from '../../../lib/worker-pool.ts';
import { RESTORE_LIMITS, restoresRunning } from './restore.ts';
import { ZIP_LIMITS, ZipInput } from './zip-input.ts';

const { blogPosts, comments, pageCacheGeneration } = tables;

/** Regression tests of issue 19: a restore is linear, bounded, checked field by field, and stoppable. */

const POST_ID = '11111111-1111-4111-8111-111111111111';
const TIME = '2024-05-01T10:00:00.000Z';
const MANIFEST: ZipSource = {
  name: 'manifest.json',
  data: JSON.stringify({
    format: 'folio-backup',
    version: 1,
    exportedAt: TIME,
    counts: { posts: 1, comments: 0, messages: 0, revisions: 0, uploads: 0 },
  }),
};

const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

/** A post file as export writes it; `fields` replace the front matter's. */
function postFile(fields: Record<string, unknown> = {}, name = 'posts/restored.md'): ZipSource {
  const frontMatter = {
    id: POST_ID,
    title: 'Restored',
    slug: 'restored',
    excerpt: null,
    tags: ['Restore'],
    published: true,
    publishAt: null,
    createdAt: TIME,
    updatedAt: TIME,
    featuredImage: null,
    metadata: { readTime: 1 },
    ...fields,
  };
  return { name, data: stringifyFrontMatter(frontMatter, 'The body of the restored post.') };
}

function commentLine(n: number, fields: Record<string, unknown> = {}): string {
  return JSON.stringify({
    id: uuid(n),
    postId: POST_ID,
    author: 'A reader',
    email: 'reader@example.com',
    content: `Comment ${n}`,
    status: 'published',
    createdAt: TIME,
    ...fields,
  });
}

/** A JSON file of the archive: one item per line, as export writes it. */
const jsonFile = (lines: string[]) => `[\n${lines.join(',\n')}\n]\n`;

/** A backup of one post and `commentLines` (as they are: blank, repeated, broken). */
function backup(commentLines: string[] = [], files: ZipSource[] = [postFile()]): Promise<Buffer> {
  return zipOf([MANIFEST, ...files, { name: 'comments.json', data: jsonFile(commentLines) }]);
}

function importFile(t: TestApp, cookie: string, body: Buffer): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/import',
    headers: { cookie, 'content-type': 'application/zip' },
    payload: body,
  });
}

const rowsOf = async (t: TestApp) => ({
  posts: await t.db.select().from(blogPosts).orderBy(asc(blogPosts.id)),
  comments: await t.db.select().from(comments).orderBy(asc(comments.id)),
});

/** Polls `condition` every few milliseconds, for at most `limitMs` (generous: the machine may be busy). */
async function until(condition: () => boolean, what: string, limitMs = 120_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > limitMs) throw new Error(`waited ${limitMs / 1000} s for ${what}`);
    await sleep(5);
  }
}

/** A feed in the page cache, so that it can be asked for while the database is busy. */
async function cacheTheFeed(t: TestApp): Promise<void> {
  const start = Date.now();
  while (t.app.pageCache.size === 0) {
    const response = await t.app.inject({ method: 'GET', url: '/rss.xml' });
    expect(response.statusCode).toBe(200);
    if (Date.now() - start > 60_000) throw new Error('the feed never went into the page cache');
    await sleep(20);
  }
}

let site: TestApp;
let cookie: string;
beforeAll(async () => {
  site = await createTestApp();
  cookie = await adminCookie(site.app);
});
afterAll(() => site?.close());

/** Imports `zip` into `site` and expects it refused with `status` and `message`, nothing changed. */
async function refused(zip: Buffer, status: number, message: string | RegExp) {
  const before = await rowsOf(site);
  const response = await importFile(site, cookie, zip);
  expect(response.statusCode, response.body).toBe(status);
  const text = response.json<{ message: string }>().message;
  if (typeof message === 'string') expect(text).toBe(message);
  else expect(text).toMatch(message);
  expect(await rowsOf(site)).toEqual(before);
}

describe('a restore is linear', () => {
  const LINES = 100_000;
  let many: Buffer;
  beforeAll(async () => {
    many = await backup(Array.from({ length: LINES }, (_, n) => commentLine(n)));
  });

  it(`restores ${LINES.toLocaleString('en-US')} comment lines, written 500 to a statement (not one by one)`, async () => {
    const t = await createTestApp();
    try {
      const generation = async () =>
        (await t.db.select().from(pageCacheGeneration).where(eq(pageCacheGeneration.id, 1)))[0]?.generation ?? 0;
      const before = await generation();
      const response = await importFile(t, await adminCookie(t.app), many);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ posts: 1, comments: LINES, skipped: 0 });
      expect((await rowsOf(t)).comments).toHaveLength(LINES);
      // Each statement writing comments bumps the page cache's generation (twice for an upsert:
      // its INSERT and UPDATE triggers). That row, updated once per line in one transaction, made
      // the restore quadratic (3,000 lines 11 s, 20,000 lines 188 s).
      expect((await generation()) - before).toBeLessThanOrEqual((LINES / 500) * 2 + 5);
    } finally {
      await t.close();
    }
  }, 600_000);

  it('restores 300,000 copies of one comment line as that one comment', async () => {
    const t = await createTestApp();
    try {
      const line = commentLine(7);
      const response = await importFile(t, await adminCookie(t.app), await backup(Array.from({ length: 300_000 }, () => line)));
      expect(response.statusCode, response.body).toBe(200);
      const { comments: restored } = await rowsOf(t);
      expect(restored.map((row) => row.id)).toEqual([uuid(7)]);
    } finally {
      await t.close();
    }
  }, 600_000);

  it('keeps serving a cached page while a large backup restores', async () => {
    const t = await createTestApp();
    try {
      await cacheTheFeed(t);
      const restoring = importFile(t, await adminCookie(t.app), many);
      await until(() => restoresRunning() > 0, 'the restore to start');
      const feed = await t.app.inject({ method: 'GET', url: '/rss.xml' });
      // Answered while the restore still runs, not after it.
      expect(restoresRunning()).toBeGreaterThan(0);
      expect(feed.statusCode).toBe(200);
      expect((await restoring).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  }, 600_000);
});

describe('a restore is bounded', () => {
  it('refuses a comments.json of only newlines (300 MB from a small zip) as it opens, reading none of it', async () => {
    const newlines = new ZipFile();
    newlines.addBuffer(Buffer.from(MANIFEST.data), MANIFEST.name);
    const megabyte = Buffer.alloc(1024 * 1024, '\n');
    newlines.addReadStream(
      Readable.from(
        (function* () {
          for (let i = 0; i < 300; i++) yield megabyte;
        })(),
      ),
      'comments.json',
    );
    newlines.end();
    const zip = await bytesOf(newlines.outputStream);
    expect(zip.length).toBeLessThan(1024 * 1024);
    const rss = process.memoryUsage().rss;
    await refused(zip, 400, `comments.json expands ${ZIP_LIMITS.streamedRatio}x or more: refused as a zip bomb`);
    expect(process.memoryUsage().rss - rss).toBeLessThan(100 * 1024 * 1024);
  }, 120_000);

  it(`refuses a JSON file of more than ${RESTORE_LIMITS.lines.toLocaleString('en-US')} lines, blank or not, at that line`, async () => {
    // Blank lines of random spaces and tabs, which do not compress past the ratio: only the count
    // of lines can stop them.
    const noise = randomBytes(RESTORE_LIMITS.lines + 10);
    const lines = Array.from(noise, (byte) => ' \t'.repeat(byte % 3).slice(byte % 2));
    const zip = await zipOf([MANIFEST, postFile(), { name: 'comments.json', data: lines.join('\n') }]);
    await refused(zip, 413, `comments.json has more than ${RESTORE_LIMITS.lines.toLocaleString('en-US')} lines`);
  }, 120_000);

  it('refuses 2 GB of comments.json without a newline as it opens', async () => {
    // 64 MB of zeros declared as the 2 GB they stand for: what is refused is the declared size.
    const bomb = declareSize(await zipBomb('comments.json', 64, [MANIFEST, postFile()]), 'comments.json', 2 ** 31);
    await refused(bomb, 400, `comments.json expands ${ZIP_LIMITS.streamedRatio}x or more: refused as a zip bomb`);
  }, 300_000);

  it('stops reading a line at the 16 MB cap (413), not at the end of the file', async () => {
    // 40 MB without a newline that compresses too little to be a zip bomb.
    const line = randomBytes(30 * 1024 * 1024).toString('base64');
    const zip = await zipOf([MANIFEST, postFile(), { name: 'comments.json', data: `[\n${line}` }]);
    await refused(zip, 413, 'comments.json has a line longer than 16 MB');

    const scratch = mkdtempSync(path.join(tmpdir(), 'folio-restore-bounds-'));
    try {
      writeFileSync(path.join(scratch, 'line.zip'), zip);
      const input = await ZipInput.open(path.join(scratch, 'line.zip'), { streamed: ['comments.json'] });
      let read = 0;
      const stream = input.stream.bind(input);
      input.stream = async (entry) => (await stream(entry)).on('data', (chunk: Buffer) => (read += chunk.length));
      try {
        await expect(
          (async () => {
            for await (const text of input.lines(input.find('comments.json')!)) void text;
          })(),
        ).rejects.toMatchObject({ statusCode: 413 });
      } finally {
        input.close();
      }
      expect(read).toBeGreaterThan(ZIP_LIMITS.lineBytes);
      expect(read).toBeLessThan(ZIP_LIMITS.lineBytes + 4 * 1024 * 1024);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }, 300_000);

  it('parses post front matter in a worker thread: YAML nested 100,000 deep is refused (422) while readers are served', async () => {
    await cacheTheFeed(site);
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const zip = await backup([], [{ name: 'posts/deep.md', data: `---\nid: ${POST_ID}\nmetadata: ${deep}\n---\nBody` }]);
    const before = await rowsOf(site);
    const restoring = importFile(site, cookie, zip);
    await until(() => workersRunning() > 0, 'the front matter to be parsed in a worker');
    const feed = await site.app.inject({ method: 'GET', url: '/rss.xml' });
    expect(feed.statusCode).toBe(200);
    const response = await restoring;
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json<{ message: string }>().message).toMatch(/^posts\/deep\.md: the front matter is not valid YAML/);
    expect(await rowsOf(site)).toEqual(before);
  }, 300_000);

  it(`refuses a backup of more than ${RESTORE_LIMITS.posts.toLocaleString('en-US')} post files before reading them`, async () => {
    const files = Array.from({ length: RESTORE_LIMITS.posts + 1 }, (_, n) => ({ name: `posts/p${n}.md`, data: '' }));
    await refused(
      await backup([], files),
      413,
      `The backup holds more than ${RESTORE_LIMITS.posts.toLocaleString('en-US')} posts`,
    );
  }, 120_000);

  it('refuses front matter over 512 KB (YAML nested 1,000,000 deep) before parsing it', async () => {
    const deep = `${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`;
    const file = { name: 'posts/deeper.md', data: `---\nid: ${POST_ID}\nmetadata: ${deep}\n---\nBody`, compress: false };
    const zip = await backup([], [file]);
    await refused(zip, 413, 'posts/deeper.md: the front matter is larger than 512 KB');
  }, 120_000);
});

describe('every restored field is checked as the API checks it', () => {
  it('refuses metadata.views of 3,000,000,000 (beyond what is summed as an integer), naming the field', async () => {
    await refused(
      await backup([], [postFile({ metadata: { views: 3_000_000_000 } })]),
      422,
      /^posts\/restored\.md: metadata\.views /,
    );
  });

  it.each([
    ['a/b', /^posts\/restored\.md: slug Slug may contain only letters/],
    ['../admin', /^posts\/restored\.md: slug Slug may contain only letters/],
    ['', /^posts\/restored\.md: slug must not be empty/],
    ['a'.repeat(5_000), /^posts\/restored\.md: slug Too big/],
  ])('refuses the slug %j', async (slug, message) => {
    await refused(await backup([], [postFile({ slug })]), 422, message);
  });

  it('refuses two post files with one id (a statement cannot write a row twice)', async () => {
    const twins = [postFile({ slug: 'first' }, 'posts/first.md'), postFile({ slug: 'second' }, 'posts/second.md')];
    await refused(
      await backup([], twins),
      422,
      `posts/second.md: id ${POST_ID} is that of posts/first.md too: the archive is damaged`,
    );
  });

  it('refuses a comment whose e-mail address is not one, naming the file, line and field', async () => {
    const lines = [commentLine(1), commentLine(2, { email: 'not an address' })];
    await refused(await backup(lines), 422, /^comments\.json line 3: email /);
  });

  it('refuses a comment longer than a visitor may write', async () => {
    await refused(await backup([commentLine(1, { content: 'x'.repeat(5_001) })]), 422, /^comments\.json line 2: content Too big/);
  });
});

describe('a huge metadata.views already stored', () => {
  it('never makes /api/admin/stats or /api/admin/posts answer 500, and a new reader is still counted', async () => {
    const t = await createTestApp();
    try {
      const admin = await adminCookie(t.app);
      const post = { title: 'Huge', slug: 'huge', content: 'Huge.', excerpt: null, tags: [], published: true };
      await t.db.insert(blogPosts).values({ ...post, id: POST_ID, metadata: { views: 3_000_000_000 } });
      for (const url of ['/api/admin/stats', '/api/admin/posts']) {
        const response = await t.app.inject({ method: 'GET', url, headers: { cookie: admin } });
        expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      }
      const stats = await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: { cookie: admin } });
      expect(stats.json<Stats>().topPosts).toEqual([expect.objectContaining({ id: POST_ID, views: MAX_VIEWS })]);
      const posts = await t.app.inject({ method: 'GET', url: '/api/admin/posts', headers: { cookie: admin } });
      expect(posts.json<AdminPostRow[]>()).toEqual([expect.objectContaining({ id: POST_ID, views: MAX_VIEWS })]);

      // The counter writes the reads of every post in one transaction: this post's failing cast
      // lost the other post's read as well.
      const other = { ...post, title: 'Other', slug: 'other' };
      const [second] = await t.db.insert(blogPosts).values(other).returning();
      const reader = { isAdmin: false, ip: '203.0.113.9', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0' };
      t.app.viewCounter.record(reader, POST_ID);
      t.app.viewCounter.record(reader, second!.id);
      await t.app.viewCounter.flush();
      const views = async (id: string) => (await t.db.select().from(blogPosts).where(eq(blogPosts.id, id)))[0]?.metadata.views;
      expect(await views(second!.id)).toBe(1);
      expect(await views(POST_ID)).toBe(MAX_VIEWS);
    } finally {
      await t.close();
    }
  });
});

describe('a restore stops when no one waits for it', () => {
  let many: Buffer;
  beforeAll(async () => {
    many = await backup(Array.from({ length: 100_000 }, (_, n) => commentLine(n)));
  });

  it('app.close() during a restore stops it promptly: the import answers 503 and the database is unchanged', async () => {
    const t = await createTestApp();
    const restoring = importFile(t, await adminCookie(t.app), many);
    try {
      await until(() => restoresRunning() > 0, 'the restore to start');
      await t.app.close();
      const response = await restoring;
      expect(response.statusCode, response.body).toBe(503);
      expect(response.json<{ message: string }>().message).toBe(
        'The server is stopping: the import was stopped and nothing was changed',
      );
      expect(restoresRunning()).toBe(0);
      expect(await rowsOf(t)).toEqual({ posts: [], comments: [] });
    } finally {
      await t.close();
    }
  }, 600_000);

  it('a client that leaves during a restore stops it, and nothing is changed', async () => {
    const t = await createTestApp();
    try {
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = t.app.server.address() as AddressInfo;
      const request = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/admin/import',
        headers: { cookie: await adminCookie(t.app), 'content-type': 'application/zip', 'content-length': String(many.length) },
      });
      request.on('error', () => {});
      request.end(many);
      await until(() => restoresRunning() > 0, 'the restore to start');
      request.destroy();
      await until(() => restoresRunning() === 0, 'the restore to stop');
      expect(await rowsOf(t)).toEqual({ posts: [], comments: [] });
    } finally {
      await t.close();
    }
  }, 600_000);

  it('a restore that runs out of time answers 413 and changes nothing', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'folio-restore-time-'));
    try {
      const service = new SiteDataService(site.db, new LocalStorage(dataDir), { tempDir: dataDir, restoreTimeoutMs: 1 });
      const before = await rowsOf(site);
      await expect(service.importFile(Readable.from([many]))).rejects.toMatchObject({
        statusCode: 413,
        message: 'The file is too large to import at once: restoring it took longer than 0.001 seconds',
      });
      expect(await rowsOf(site)).toEqual(before);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 600_000);
});
