import { readFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceRenderer } from '../../../tests/support/fuzz.ts';
import { adminCookie, createTestApp, postPayload, type TestApp, tables } from '../../../tests/support/test-app.ts';
import { editZip } from '../../../tests/support/zip-fixtures.ts';
import * as entry from '../../client/entry-server.tsx';
import { siteImportResultSchema } from '../../shared/backup.ts';
import type { Post } from '../../shared/posts.ts';

/**
 * Issue 19: addresses, query values and times that no database column can hold, or that name a
 * page other than the one the server's rules read. Run on PGlite, and on PostgreSQL with
 * DATABASE_URL set.
 */

const SITE_URL = 'http://localhost:3000';
const renderer = sourceRenderer(entry, readFileSync('index.html', 'utf8'), SITE_URL);
const BROWSER = 'Mozilla/5.0 (hostile input test)';

let t: TestApp;
let cookie: string;
let origin: string;
let published: Post;
let draft: Post;
/** Every line the app logged (warnings and worse), as JSON text. */
const logLines: string[] = [];

beforeAll(async () => {
  t = await createTestApp(
    { SITE_URL },
    { renderer, logger: { level: 'warn', stream: { write: (line: string) => void logLines.push(line) } } },
  );
  cookie = await adminCookie(t.app);
  published = await createPost({ title: 'A Published Post', slug: 'a-published-post' });
  draft = await createPost({ title: 'A Draft', slug: 'a-draft', published: false });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

async function createPost(overrides: Record<string, unknown>): Promise<Post> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/blog-posts',
    headers: { cookie },
    payload: postPayload(overrides),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Post>();
}

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A GET whose path goes on the wire exactly as written: `app.inject` (like a browser) resolves
 * `..` and `%2e%2e` before sending, a hand-written client or a crawler need not.
 */
function rawGet(path: string, headers: Record<string, string> = { 'user-agent': BROWSER }): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${origin}/`, { path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

const asVisitor = (url: string) => t.app.inject({ url, headers: { 'user-agent': BROWSER } });
const asAdmin = (url: string) => t.app.inject({ url, headers: { cookie } });

function expectRefused(response: { statusCode: number; headers: Record<string, unknown>; body: string }, url: string) {
  expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(400);
  expect(String(response.headers['content-type']), url).toMatch(/^application\/json/);
  // The guard's message names the part (`Invalid q: ...`); the router's names the address.
  expect(JSON.parse(response.body), url).toEqual({ message: expect.stringMatching(/^Invalid |is not a valid url component/) });
}

describe('NUL, lone surrogates and bytes that are not UTF-8 in an address (issue 19)', () => {
  // Percent-encoded, as they arrive: %00 is NUL, %ED%A0%80 and %ED%B0%80 lone surrogates (WTF-8),
  // %C0%80 a NUL written long, %F0%9F a character cut short.
  const HOSTILE = ['%00', 'a%00b', '%ED%A0%80', 'x%ED%B0%80', '%C0%80', '%F0%9F'];

  it('GET /blog/a%00b answers 400 { message }, not 500, and so does every page route', async () => {
    for (const value of HOSTILE) {
      for (const url of [
        `/blog/${value}`,
        `/${value}`,
        `/cv${value}`,
        `/edit/${value}`,
        `/edit/${published.id}${value}`,
        `/admin/${value}`,
        `/preview/${value}`,
        `/blog/${published.slug}${value}`,
      ]) {
        expectRefused(await asVisitor(url), url);
        expectRefused(await asAdmin(url), url);
      }
    }
  });

  it('answers 400 for such a query value of a page (q, category, page, any other) or its name', async () => {
    for (const value of HOSTILE) {
      for (const url of [
        `/blog?q=${value}`,
        `/blog?q=kampala+${value}`,
        `/blog?category=Future+Leaders${value}`,
        `/blog?page=2${value}`,
        `/blog?page=${value}&category=Future+Leaders`,
        `/?utm_source=${value}`,
        `/blog/${published.slug}?ref=${value}`,
        `/cv?${value}=1`,
      ]) {
        expectRefused(await asVisitor(url), url);
      }
    }
    expect((await asVisitor('/blog?q=a%00b')).json().message).toBe(
      'Invalid q: contains a character that is not text (NUL or an unpaired surrogate)',
    );
    expect((await asVisitor('/blog/a%00b')).json().message).toMatch(/^Invalid path: /);
    expect((await asVisitor('/blog?category=%ED%A0%80')).json().message).toBe(
      'Invalid category: is not UTF-8 text once its %-escapes are decoded',
    );
  });

  it('answers 400 for a preview token or an upload path holding them', async () => {
    const link = await t.app.inject({ method: 'POST', url: `/api/blog-posts/${draft.id}/preview-link`, headers: { cookie } });
    const token = new URL(link.json<{ url: string }>().url).pathname.split('/').pop()!;
    const upload = '00000000-0000-4000-8000-000000000000';
    for (const value of HOSTILE) {
      for (const url of [
        `/preview/${token}${value}`,
        `/preview/${token}?x=${value}`,
        `/objects/uploads/${value}`,
        `/objects/uploads/${upload}${value}`,
        `/objects/uploads/${upload}/640.webp${value}`,
        `/objects/uploads/${upload}/640.webp?v=${value}`,
        `/api/objects/upload/${upload}?expires=1&signature=${value}`,
      ]) {
        expectRefused(await asVisitor(url), url);
      }
    }
  });

  it('answers 400 for them in the JSON API: by slug, ?search=, ?category=, ?q=, ?before=', async () => {
    for (const value of HOSTILE) {
      for (const url of [
        `/api/blog-posts/${value}`,
        `/api/blog-posts/by-slug/${value}`,
        `/api/blog-posts/${value}/comments`,
        `/api/blog-posts?search=${value}`,
        `/api/blog-view?category=${value}`,
        `/api/blog-view?q=${value}`,
        `/api/admin/posts?q=${value}`,
        `/api/admin/posts?before=${value}`,
        `/api/admin/comments?before=2024-01-01T00:00:00Z${value}`,
        `/api/admin/messages?before=${value}`,
      ]) {
        expectRefused(await asAdmin(url), url);
      }
    }
    // The route's own parameter is named.
    expect((await asVisitor('/api/blog-posts/a%00b')).json().message).toMatch(/^Invalid slugOrId: /);
  });

  it('refuses them on the wire too, where nothing resolved the address first', async () => {
    for (const path of ['/blog/a%00b', '/blog/%2e%2e/a%00b', '/blog?q=%ED%A0%80', '/preview/x%C0%80']) {
      const response = await rawGet(path);
      expect(response.status, path).toBe(400);
      expect(JSON.parse(response.body), path).toEqual({ message: expect.any(String) });
    }
  });

  it('answers a lone surrogate typed into an address as the client sends it: one replacement character', async () => {
    // A client has to write \uD800 as UTF-8 to send it at all: it arrives as U+FFFD, a character.
    const page = await asVisitor('/blog/a\uD800b');
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect((await asVisitor('/blog?q=\uD800')).statusCode).toBe(200);
    expect((await asVisitor('/api/blog-posts?search=\uDFFF')).json()).toEqual([]);
  });

  it('leaves UTF-8 text alone: encoded letters, emoji, a plus, a % that starts no escape', async () => {
    for (const url of [
      '/blog?q=caf%C3%A9',
      '/blog?q=%F0%9F%99%82',
      '/blog?q=a+b',
      '/blog?q=100%',
      '/blog?q=%zz',
      '/cv?ref=%25',
    ]) {
      expect((await asVisitor(url)).statusCode, url).toBe(200);
    }
    const found = await asVisitor('/api/blog-posts?search=Publi%C5%A1hed%20Post+%');
    expect(found.statusCode).toBe(200);
  });
});

describe('`.` and `..` in a page address (issue 19)', () => {
  it('redirects /blog/../preview/<token> to the preview, which stays private, noindex and out of the page cache', async () => {
    const link = await t.app.inject({ method: 'POST', url: `/api/blog-posts/${draft.id}/preview-link`, headers: { cookie } });
    const preview = new URL(link.json<{ url: string }>().url).pathname;
    for (const path of [`/blog/..${preview}`, `/blog/%2e%2e${preview}`, `/cv/.%2E${preview}/`, `/blog/./..${preview}`]) {
      const response = await rawGet(path);
      expect(response.status, path).toBe(301);
      expect(response.headers.location, path).toBe(preview);
      expect(t.app.pageCache.get(path), path).toBeUndefined();
    }
    const shown = await rawGet(preview);
    expect(shown.status).toBe(200);
    expect(shown.body).toContain('A Draft');
    expect(shown.headers['cache-control']).toBe('private, no-store');
    expect(shown.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(t.app.pageCache.get(preview)).toBeUndefined();
  });

  it('redirects /blog/../admin, /write and /edit/<id> to the author screens, which no cache may keep', async () => {
    const cases: [string, string][] = [
      ['/blog/../admin', '/admin'],
      ['/blog/%2e%2e/write', '/write'],
      [`/blog/.%2E/edit/${published.id}`, `/edit/${published.id}`],
      ['/blog/%2E%2e/Admin/posts', '/admin/posts'],
      ['/blog\\..\\admin', '/admin'],
      ['/cv/../blog/../write?from=menu', '/write?from=menu'],
    ];
    for (const [path, target] of cases) {
      const response = await rawGet(path);
      expect(response.status, path).toBe(301);
      expect(response.headers.location, path).toBe(target);
      expect(t.app.pageCache.get(path.split('?')[0]!), path).toBeUndefined();
      const screen = await rawGet(target);
      expect(screen.headers['cache-control'], target).toBe('private, no-store');
    }
  });

  it('redirects a public page reached through dot segments to its one address, never to another site', async () => {
    const cases: [string, string][] = [
      ['/blog/./a-published-post', '/blog/a-published-post'],
      ['/blog/a-published-post/..', '/blog'],
      ['/../../cv', '/cv'],
      ['/blog/..//evil.example', '/evil.example'],
      ['/blog/../?page=2', '/?page=2'],
    ];
    for (const [path, target] of cases) {
      const response = await rawGet(path);
      expect(response.status, path).toBe(301);
      expect(response.headers.location, path).toBe(target);
    }
    // `..%5c` is no dot segment for the renderer either: a slug of its own, and no such post.
    expect((await rawGet('/blog/..%5cadmin')).status).toBe(404);
  });
});

describe('times the database cannot keep exactly (issue 19)', () => {
  const UNSTORABLE = [
    '0049-03-01T00:00:00Z',
    '0027-06-15T12:00:00Z',
    '0030-01-01T00:00:00.000Z',
    '0000-01-01T00:00:00Z',
    '0999-12-31T23:59:59.999Z',
    '1000-01-01T00:30:00+01:00',
    '9999-12-31T23:59:59-23:59',
    '10000-01-01T00:00:00Z',
  ];

  it('refuses a publishAt of year 49 (read back as 2049) and every time outside 1000-9999 UTC with 400 naming it', async () => {
    const before = await t.db.$count(tables.blogPosts);
    for (const publishAt of UNSTORABLE) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/blog-posts',
        headers: { cookie },
        payload: postPayload({ title: `Dated ${publishAt}`, publishAt }),
      });
      expect(response.statusCode, `${publishAt}: ${response.body}`).toBe(400);
      expect(response.json().message, publishAt).toMatch(/publishAt/);
      const update = await t.app.inject({
        method: 'PUT',
        url: `/api/blog-posts/${published.id}`,
        headers: { cookie },
        payload: postPayload({ title: published.title, slug: published.slug, publishAt }),
      });
      expect(update.statusCode, `${publishAt}: ${update.body}`).toBe(400);
      const expected = await t.app.inject({
        method: 'PUT',
        url: `/api/blog-posts/${published.id}`,
        headers: { cookie },
        payload: postPayload({ title: published.title, slug: published.slug, expectedUpdatedAt: publishAt }),
      });
      expect(expected.statusCode, `${publishAt}: ${expected.body}`).toBe(400);
      expect(expected.json().message, publishAt).toMatch(/expectedUpdatedAt/);
    }
    expect(await t.db.$count(tables.blogPosts)).toBe(before);
    const [stored] = await t.db.select().from(tables.blogPosts).where(eq(tables.blogPosts.id, published.id));
    expect(stored?.publishAt).toBeNull();
  });

  it('keeps every time from 1000 to 9999 exactly, offsets included, on this engine', async () => {
    const times: [string, string][] = [
      ['1000-01-01T00:00:00.000Z', '1000-01-01T00:00:00.000Z'],
      ['1000-01-01T01:30:00+01:00', '1000-01-01T00:30:00.000Z'],
      ['1049-03-01T00:00:00Z', '1049-03-01T00:00:00.000Z'],
      ['1582-10-10T12:00:00Z', '1582-10-10T12:00:00.000Z'],
      ['1850-07-01T00:00:00.001Z', '1850-07-01T00:00:00.001Z'],
      ['1883-11-18T16:59:59.999Z', '1883-11-18T16:59:59.999Z'],
      ['2024-02-29T23:59:59.999-12:00', '2024-03-01T11:59:59.999Z'],
      ['9999-12-31T23:59:59.999Z', '9999-12-31T23:59:59.999Z'],
      ['9999-12-31T23:59:59+00:00', '9999-12-31T23:59:59.000Z'],
    ];
    for (const [publishAt, utc] of times) {
      const post = await createPost({ title: `Dated ${publishAt}`, publishAt });
      expect(post.publishAt, publishAt).toBe(utc);
      const read = await asAdmin(`/api/blog-posts/${post.id}`);
      expect(read.json<Post>().publishAt, publishAt).toBe(utc);
      const listed = await asAdmin(`/api/admin/posts?q=${encodeURIComponent(`Dated ${publishAt}`)}`);
      expect(listed.json<{ publishAt?: string }[]>().map((row) => row.publishAt)).toContain(utc);
      await t.app.inject({ method: 'DELETE', url: `/api/blog-posts/${post.id}`, headers: { cookie } });
    }
  });

  it('answers 400 for a `before` of an admin list outside those years, and pages from the first one', async () => {
    for (const list of ['posts', 'comments', 'messages']) {
      for (const before of UNSTORABLE) {
        const response = await asAdmin(`/api/admin/${list}?before=${encodeURIComponent(before)}`);
        expect(response.statusCode, `${list} ${before}: ${response.body}`).toBe(400);
        expect(response.json().message).toMatch(/before/);
      }
      const first = await asAdmin(`/api/admin/${list}?before=1000-01-01T00:00:00Z`);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual([]);
    }
  });

  it('refuses a backup post or day of readers whose time the database cannot keep, naming the field', async () => {
    const exported = await t.app.inject({ url: '/api/admin/export', headers: { cookie } });
    expect(exported.statusCode).toBe(200);
    const postFile = `posts/${published.slug}.md`;
    const cases: [string, (text: string) => string, string][] = [
      [postFile, (text) => text.replace(/^createdAt: .*$/m, 'createdAt: 0049-03-01T00:00:00.000Z'), 'createdAt'],
      [postFile, (text) => text.replace(/^createdAt: .*$/m, "createdAt: '0000-01-01T00:00:00.000Z'"), 'createdAt'],
      [postFile, (text) => text.replace(/^publishAt: .*$/m, 'publishAt: 9999-12-31T23:59:59-23:59'), 'publishAt'],
      ['readers.json', () => `[\n${JSON.stringify({ postId: published.id, day: '0000-01-01', views: 1 })}\n]\n`, 'day'],
    ];
    for (const [name, edit, field] of cases) {
      const archive = await editZip(exported.rawPayload, (file) => (file.name === name ? edit(file.data.toString()) : undefined));
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/admin/import',
        headers: { cookie, 'content-type': 'application/zip' },
        payload: archive,
      });
      // The archive is refused (4xx) or the entry skipped with a warning; either way the field is named.
      expect(response.statusCode, `${name} ${field}: ${response.body}`).toBeLessThan(500);
      const said =
        response.statusCode === 200
          ? siteImportResultSchema.parse(response.json()).warnings
          : [response.json<{ message: string }>().message];
      expect(
        said.some((line) => line.startsWith(name) && line.includes(`${field} must be`)),
        said.join('\n'),
      ).toBe(true);
    }
    const [stored] = await t.db.select().from(tables.blogPosts).where(eq(tables.blogPosts.id, published.id));
    expect(stored?.createdAt.toISOString()).toBe(published.createdAt);
  });
});

describe('the warning logged when counting views fails (issue 19)', () => {
  it('logs why the count failed, never the query parameters (the readers hashes, the posts ids)', async () => {
    const read = await t.app.inject({
      url: `/api/blog-posts/${published.slug}`,
      headers: { 'user-agent': BROWSER },
      remoteAddress: '203.0.113.19',
    });
    expect(read.statusCode).toBe(200);
    // A real failure of the database, whose own message carries no value: the insert breaks a check.
    await t.db.execute(sql`alter table post_views add constraint refuse_every_read check (false) not valid`);
    try {
      logLines.length = 0;
      await t.app.viewCounter.flush();
    } finally {
      await t.db.execute(sql`alter table post_views drop constraint refuse_every_read`);
    }
    const warnings = logLines.filter((line) => line.includes('counting post views failed'));
    expect(warnings).toHaveLength(1);
    const logged = JSON.parse(warnings[0]!) as { err: { message: string; code: string; reason: string }; reads: number };
    expect(logged.reads).toBe(1);
    expect(logged.err.code).toBe('23514');
    expect(logged.err.reason).toContain('refuse_every_read');
    expect(logged.err.message).toMatch(/^Failed query: insert into "post_views"/);
    expect(warnings[0]).not.toContain(published.id);
    expect(warnings[0]).not.toContain('params');
    // A reader's hash is 43 characters of base64url.
    expect(warnings[0]).not.toMatch(/[A-Za-z0-9_-]{43}/);
  });
});
