import { readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceRenderer } from '../../../tests/support/fuzz.ts';
import { startPostgresServer, type PostgresServer } from '../../../tests/support/postgres-server.ts';
import { ADMIN_PASSWORD, adminCookie, createTestApp, postPayload, type TestApp } from '../../../tests/support/test-app.ts';
import { LocalStorage } from '../adapters/storage.ts';
import type { Post } from '../../shared/posts.ts';
import type { PostedComment } from '../../shared/comments.ts';
import { categoryLabels, type SiteDocument } from '../../shared/site.ts';
import { defaultSite } from '../../content/site.ts';
import * as entry from '../../client/entry-server.tsx';
import { buildApp } from '../app.ts';
import { openDatabase } from '../db/client.ts';
import { loadConfig } from '../env.ts';
import { PRIVATE_CACHE, PUBLIC_CACHE } from '../http/cache-headers.ts';
import { identityOf } from '../pages/page-cache.ts';
import { ensureAdminAccount } from '../services/auth/admin-account.ts';
import { isSearchAddress, pageCacheKey } from './pages.ts';

const SITE_URL = 'http://localhost:3000';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const renderer = sourceRenderer(entry, readFileSync('index.html', 'utf8'), SITE_URL);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let nextSlug = 1;
/** The category buttons of a fresh install. */
const LABELS = categoryLabels(defaultSite);

const visit = (app: FastifyInstance, url: string, headers: Record<string, string> = {}, remoteAddress = '203.0.113.9') =>
  app.inject({ method: 'GET', url, remoteAddress, headers: { 'user-agent': BROWSER, ...headers } });

/** Polls until `done` holds; a loaded machine may take seconds to brotli-compress a page. */
async function until(done: () => boolean, ms = 30_000) {
  for (const deadline = Date.now() + ms; !done() && Date.now() < deadline;) await sleep(10);
}

/** A search page of a made-up term, as an attacker could have any number rendered. */
const madeUp = (i: number) => ({
  status: 200,
  body: `<!doctype html><title>made-up ${i}</title>`,
  contentType: 'text/html; charset=utf-8',
  etag: `made-up-${i}`,
});

/** Waits until the page rendered for the first visitor has been compressed and kept. */
async function cached(app: FastifyInstance, size: number) {
  await until(() => app.pageCache.size >= size);
  expect(app.pageCache.size).toBe(size);
}

describe('pageCacheKey', () => {
  it('keys a page by its path, and /blog by its page and category only', () => {
    expect(pageCacheKey('/', 'utm_source=x')).toBe('/');
    expect(pageCacheKey('/blog/a-post', undefined)).toBe('/blog/a-post');
    expect(pageCacheKey('/blog', 'page=2&category=Digital%20Literacy&utm=1', LABELS)).toBe(
      '/blog?category=Digital+Literacy&page=2',
    );
    expect(pageCacheKey('/blog', 'category=Digital+Literacy&page=2', LABELS)).toBe('/blog?category=Digital+Literacy&page=2');
    expect(pageCacheKey('/blog', 'page=1')).toBe('/blog');
  });

  it('keys a search by its trimmed term, page and category; an empty one is /blog', () => {
    expect(pageCacheKey('/blog', 'q=%20robots%20&utm=1')).toBe('/blog?q=robots');
    expect(pageCacheKey('/blog', 'page=2&q=robots&category=Digital+Literacy', LABELS)).toBe(
      '/blog?q=robots&category=Digital+Literacy&page=2',
    );
    expect(pageCacheKey('/blog', 'q=+++')).toBe('/blog');
    expect(isSearchAddress('/blog?q=robots')).toBe(true);
    expect(isSearchAddress('/blog?category=Digital+Literacy&page=2')).toBe(false);
  });

  it('keeps no author screen, no unusable search and no address nobody links to', () => {
    for (const path of ['/admin', '/admin/comments', '/write', '/edit/abc'])
      expect(pageCacheKey(path, undefined)).toBeUndefined();
    expect(pageCacheKey('/blog', `q=${'a'.repeat(201)}`)).toBeUndefined();
    expect(pageCacheKey('/blog', 'q=a%00b')).toBeUndefined();
    expect(pageCacheKey('/blog', 'page=0')).toBeUndefined();
    expect(pageCacheKey('/blog', 'page=9999999')).toBeUndefined();
    expect(pageCacheKey('/blog', 'category=Anything+at+all', LABELS)).toBeUndefined();
    // A label of the site document's categories only: one it had before a rename is not kept.
    expect(pageCacheKey('/blog', 'category=Digital+Literacy', ['All Posts', 'Digital Skills'])).toBeUndefined();
  });
});

describe('pages from the cache, on one instance', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({ SITE_URL }, { renderer });
    cookie = await adminCookie(t.app);
  });
  afterAll(() => t.close());

  const createPost = async (overrides: Record<string, unknown> = {}) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/blog-posts',
      headers: { cookie },
      payload: postPayload({ slug: `cached-${nextSlug++}`, ...overrides }),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Post>();
  };

  it('serves a kept page compressed once, in the encoding asked for, with the same ETag and CSP nonce', async () => {
    const post = await createPost({ title: 'Kept and compressed' });
    const first = await visit(t.app, `/blog/${post.slug}`);
    expect(first.statusCode).toBe(200);
    await cached(t.app, 1);
    const br = await visit(t.app, `/blog/${post.slug}`, { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await visit(t.app, `/blog/${post.slug}`, { 'accept-encoding': 'gzip' });
    const plain = await visit(t.app, `/blog/${post.slug}`);
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(first.body);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(first.body);
    expect(plain.body).toBe(first.body);
    for (const response of [br, gzip, plain]) {
      expect(response.headers.etag).toBe(first.headers.etag);
      expect(response.headers['cache-control']).toBe(PUBLIC_CACHE);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      const nonce = /nonce="([^"]+)"/.exec(first.body)?.[1];
      expect(response.headers['content-security-policy']).toContain(`'nonce-${nonce}'`);
    }
  });

  it('answers 304 without a body to a matching If-None-Match, on pages, feeds and the API', async () => {
    const post = await createPost({ title: 'Not modified' });
    // Reads the earlier tests queued are written now, not between two requests below (a count
    // written in between changes the lists' answers).
    await t.app.viewCounter.flush();
    // Not counted as a reader: a count written between two requests would change the list's answer.
    const CRAWLER = { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' };
    for (const url of [
      `/blog/${post.slug}`,
      '/blog',
      '/rss.xml',
      '/sitemap.xml',
      // By id: a read by slug is counted, and its answer then shows the new count.
      `/api/blog-posts/${post.id}`,
      '/api/blog-posts',
      '/api/blog-view?page=1',
    ]) {
      const first = await visit(t.app, url, CRAWLER);
      expect(first.statusCode, url).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag, url).toMatch(/^W\/"/);
      await sleep(50);
      const again = await visit(t.app, url, { ...CRAWLER, 'if-none-match': etag, 'accept-encoding': 'br' });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
      const changed = await visit(t.app, url, { ...CRAWLER, 'if-none-match': 'W/"something-else"' });
      expect(changed.statusCode, url).toBe(200);
    }
  });

  it('shows an edit, a new comment and a deletion on the very next request', async () => {
    const post = await createPost({ title: 'Before the edit' });
    const url = `/blog/${post.slug}`;
    expect((await visit(t.app, url)).body).toContain('Before the edit');
    expect((await visit(t.app, '/blog')).body).toContain('Before the edit');
    await sleep(100);
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/blog-posts/${post.id}`,
      headers: { cookie },
      payload: postPayload({ slug: post.slug, title: 'After the edit' }),
    });
    expect(edited.statusCode).toBe(200);
    expect((await visit(t.app, url)).body).toContain('After the edit');
    expect((await visit(t.app, '/blog')).body).toContain('After the edit');

    const comment = await t.app.inject({
      method: 'POST',
      url: `/api/blog-posts/${post.id}/comments`,
      remoteAddress: '198.51.100.20',
      payload: { author: 'Ama', email: 'ama@example.org', content: 'A comment seen at once', postId: post.id },
    });
    expect(comment.json<PostedComment>().status).toBe('published');
    expect((await visit(t.app, url)).body).toContain('A comment seen at once');

    expect((await t.app.inject({ method: 'DELETE', url: `/api/blog-posts/${post.id}`, headers: { cookie } })).statusCode).toBe(
      204,
    );
    expect((await visit(t.app, url)).statusCode).toBe(404);
    expect((await visit(t.app, '/blog')).body).not.toContain('After the edit');
  });

  it('never gives the admin a kept page, nor keeps what the admin was shown', async () => {
    const draft = await createPost({ title: 'A draft only the author sees', published: false });
    const url = `/blog/${draft.slug}`;
    // Saving emptied the cache.
    expect(t.app.pageCache.size).toBe(0);
    const asAdmin = await visit(t.app, url, { cookie });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.body).toContain('A draft only the author sees');
    expect(asAdmin.headers['cache-control']).toBe(PRIVATE_CACHE);
    await sleep(100);
    expect(t.app.pageCache.size).toBe(0);
    const asVisitor = await visit(t.app, url);
    expect(asVisitor.statusCode).toBe(404);
    expect(asVisitor.body).not.toContain('A draft only the author sees');

    // A page a visitor filled is not what the admin gets either: the admin's is rendered for them.
    const published = await createPost({ title: 'Seen by both' });
    await visit(t.app, `/blog/${published.slug}`);
    await cached(t.app, 1);
    const adminView = await visit(t.app, `/blog/${published.slug}`, { cookie, 'accept-encoding': 'br' });
    expect(adminView.statusCode).toBe(200);
    expect(adminView.headers['cache-control']).toBe(PRIVATE_CACHE);
  });

  it('held and spam comments keep every kept page: only a change readers can see empties the cache', async () => {
    const post = await createPost({ title: 'Quiet under spam' });
    const url = `/blog/${post.slug}`;
    await t.app.pageCache.sync();
    await visit(t.app, url);
    await visit(t.app, '/');
    const kept = 2;
    await cached(t.app, kept);
    const write = (payload: Record<string, unknown>, address: string) =>
      t.app.inject({ method: 'POST', url: `/api/blog-posts/${post.id}/comments`, remoteAddress: address, payload });
    // A bot filling the honeypot from rotating addresses, and a comment held for its links.
    for (let i = 0; i < 3; i++) {
      const spam = await write(
        { author: 'Bot', email: `bot${i}@example.org`, content: `Cheap pills ${i}`, website: 'https://spam.example' },
        `198.51.100.${100 + i}`,
      );
      expect(spam.statusCode).toBe(201);
    }
    const links = 'https://a.example https://b.example https://c.example';
    const held = await write({ author: 'Linker', email: 'links@example.org', content: `See ${links}` }, '198.51.100.120');
    expect(held.json<PostedComment>().status).toBe('held');
    const spam = await t.app.inject({ method: 'GET', url: '/api/admin/comments?status=spam', headers: { cookie } });
    expect(spam.json<Array<{ postId: string }>>().filter((c) => c.postId === post.id)).toHaveLength(3);
    await t.app.pageCache.sync();
    expect(t.app.pageCache.size).toBe(kept);
    expect(t.app.pageCache.get(url)).toBeDefined();

    const published = await write({ author: 'Ama', email: 'ama2@example.org', content: 'Seen by readers' }, '198.51.100.121');
    expect(published.json<PostedComment>().status).toBe('published');
    await t.app.pageCache.sync();
    expect(t.app.pageCache.get(url)).toBeUndefined();
    expect((await visit(t.app, url)).body).toContain('Seen by readers');
  });

  it('keeps only real pages: no 404 and no page number past the last', async () => {
    const urls = ['/no-such-page', '/blog/no-such-post', '/blog?page=9000', '/blog?page=9001'];
    for (const url of urls) await visit(t.app, url);
    // A real page, rendered after them: once it is kept, anything they would have stored is too.
    await visit(t.app, '/cv');
    await until(() => t.app.pageCache.get('/cv') !== undefined);
    expect(t.app.pageCache.get('/cv')).toBeDefined();
    for (const url of urls) expect(t.app.pageCache.get(url), url).toBeUndefined();
  });

  it('keeps a search among the searches, shows a new matching post on the next request, and never lets searches push out a page', async () => {
    const term = `kestrel${Date.now()}`;
    await createPost({ title: `Sighted a ${term}` });
    const url = `/blog?q=${term}`;
    expect((await visit(t.app, url)).body).toContain(`Found 1 results for &quot;${term}&quot;`);
    await until(() => t.app.pageCache.get(url, 'searches') !== undefined);
    expect(identityOf(t.app.pageCache.get(url, 'searches')!).toString()).toContain(`Sighted a ${term}`);
    // The same search with spaces around the term is the same page.
    expect((await visit(t.app, `/blog?q=%20${term}%20`)).headers.etag).toBe((await visit(t.app, url)).headers.etag);

    await createPost({ title: `A second ${term}` });
    expect((await visit(t.app, url)).body).toContain(`Found 2 results for &quot;${term}&quot;`);

    // A page kept, then more made-up searches than the searches' room holds: the page stays.
    await visit(t.app, '/cv');
    await until(() => t.app.pageCache.get('/cv') !== undefined);
    for (let i = 0; i < 520; i++) await t.app.pageCache.render(`/blog?q=made-up-${i}`, async () => madeUp(i), 'searches');
    await until(() => t.app.pageCache.get('/blog?q=made-up-519', 'searches') !== undefined);
    expect(t.app.pageCache.get('/cv')).toBeDefined();
    expect(t.app.pageCache.get('/blog?q=made-up-0', 'searches')).toBeUndefined();
  });

  it("keeps visitors' post lists of the API compressed, apart from any made-up list, and never the admin's", async () => {
    const post = await createPost({ title: 'Listed by the API' });
    const plain = await visit(t.app, '/api/blog-posts?published=true', { 'accept-encoding': 'br' });
    expect(plain.statusCode).toBe(200);
    const key = '/api/blog-posts?search=&limit=200&offset=0';
    await until(() => t.app.pageCache.get(key) !== undefined);
    const again = await visit(t.app, '/api/blog-posts', { 'accept-encoding': 'br' });
    expect(again.headers['content-encoding']).toBe('br');
    expect(again.headers.etag).toBe(plain.headers.etag);
    expect(JSON.parse(brotliDecompressSync(again.rawPayload).toString()).map((p: Post) => p.id)).toContain(post.id);
    // Another limit or a search: kept among the searches.
    await visit(t.app, '/api/blog-posts?limit=2');
    await until(() => t.app.pageCache.get('/api/blog-posts?search=&limit=2&offset=0', 'searches') !== undefined);
    expect(t.app.pageCache.get('/api/blog-posts?search=&limit=2&offset=0')).toBeUndefined();

    // A draft saved since is never in a visitor's list; the admin's list, never kept, has it.
    const draft = await createPost({ title: 'Not out yet', published: false });
    const next = await visit(t.app, '/api/blog-posts');
    expect(next.json<Post[]>().map((p) => p.id)).not.toContain(draft.id);
    const shown = await t.app.inject({ method: 'GET', url: '/api/blog-posts', headers: { cookie } });
    expect(shown.json<Post[]>().map((p) => p.id)).toContain(draft.id);
    await visit(t.app, '/cv');
    await until(() => t.app.pageCache.get('/cv') !== undefined);
    expect(identityOf(t.app.pageCache.get(key)!).toString()).not.toContain(draft.id);
  });

  it('keeps no admin screen for anyone', async () => {
    const urls = ['/admin', '/admin/comments', '/write'];
    for (const url of urls) {
      const response = await visit(t.app, url);
      expect(response.headers['cache-control'], url).toBe(PRIVATE_CACHE);
    }
    // A real page rendered after them: once it is kept, an admin screen would have been too.
    // (Counting entries instead raced with pages of earlier tests still being compressed.)
    await visit(t.app, '/blog');
    await until(() => t.app.pageCache.get('/blog') !== undefined);
    expect(t.app.pageCache.get('/blog')).toBeDefined();
    for (const url of urls) expect(t.app.pageCache.get(url), url).toBeUndefined();
  });

  it('counts each reader of a kept post page once a day, without waiting for the count', async () => {
    const post = await createPost({ title: 'Counted from the cache' });
    const url = `/blog/${post.slug}`;
    await visit(t.app, url, {}, '192.0.2.71');
    await sleep(100);
    for (const address of ['192.0.2.71', '192.0.2.71', '192.0.2.72']) await visit(t.app, url, {}, address);
    await visit(t.app, url, { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' }, '192.0.2.73');
    await t.app.viewCounter.flush();
    const stored = await t.app.inject({ url: `/api/blog-posts/${post.id}`, headers: { cookie } });
    expect(stored.json<Post>().metadata.views).toBe(2);
  });
});

describe('two instances on one PostgreSQL', () => {
  let server: PostgresServer;
  const apps: FastifyInstance[] = [];
  const closers: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    server = await startPostgresServer();
    const url = await server.createDatabase();
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ url });
      await database.migrate();
      await ensureAdminAccount(database.db, ADMIN_PASSWORD);
      const dataDir = `.tmp/page-cache-test-${process.pid}-${i}`;
      const app = await buildApp({
        config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SITE_URL }),
        db: database.db,
        storage: new LocalStorage(dataDir),
        sessionSecret: 'test-secret-that-is-long-enough-for-signing-cookies',
        renderer,
        logger: { level: 'warn' },
      });
      await app.ready();
      apps.push(app);
      closers.push(async () => {
        await app.close();
        await database.close();
      });
    }
  });
  afterAll(async () => {
    for (const close of closers) await close();
    await server?.stop();
  });

  /** Visits `url` on `app` until the page is kept (a render that overlapped a write is not). */
  async function fill(app: FastifyInstance, url: string, check: (body: string) => void) {
    for (let i = 0; i < 60 && app.pageCache.size === 0; i++) {
      check((await visit(app, url)).body);
      await sleep(50);
    }
    expect(app.pageCache.size).toBe(1);
  }

  /** Asks `app` for `url` every 50 ms until `seen` holds; the time it took. */
  async function timeUntil(app: FastifyInstance, url: string, seen: (body: string) => boolean): Promise<number> {
    const started = performance.now();
    while (performance.now() - started < 3000) {
      if (seen((await visit(app, url)).body)) return performance.now() - started;
      await sleep(50);
    }
    throw new Error(`${url} did not change within 3 s`);
  }

  it('a post edit and a comment approval on one instance show on the other within 1 s', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const cookie = await adminCookie(a);
    const created = await a.inject({
      method: 'POST',
      url: '/api/blog-posts',
      headers: { cookie },
      payload: postPayload({ slug: 'shared-post', title: 'Shared first title' }),
    });
    expect(created.statusCode).toBe(201);
    const post = created.json<Post>();
    const url = `/blog/${post.slug}`;
    await fill(b, url, (body) => expect(body).toContain('Shared first title'));

    const edit = await a.inject({
      method: 'PUT',
      url: `/api/blog-posts/${post.id}`,
      headers: { cookie },
      payload: postPayload({ slug: post.slug, title: 'Shared second title' }),
    });
    expect(edit.statusCode).toBe(200);
    expect(await timeUntil(b, url, (body) => body.includes('Shared second title'))).toBeLessThan(1000);

    const held = await a.inject({
      method: 'POST',
      url: `/api/blog-posts/${post.id}/comments`,
      remoteAddress: '198.51.100.30',
      payload: {
        author: 'Kofi',
        email: 'kofi@example.org',
        content: 'Three links http://a.example http://b.example http://c.example',
        postId: post.id,
      },
    });
    const comment = held.json<PostedComment>();
    expect(comment.status).toBe('held');
    // B keeps the page again once it has seen the comment's write (a held one shows nowhere).
    await fill(b, url, (body) => expect(body).not.toContain('Three links'));
    const approve = await a.inject({
      method: 'PATCH',
      url: `/api/admin/comments/${comment.id}`,
      headers: { cookie },
      payload: { status: 'published' },
    });
    expect(approve.statusCode).toBe(200);
    expect(await timeUntil(b, url, (body) => body.includes('Three links'))).toBeLessThan(1000);
  });

  it('a save of the site document on one instance shows on the other within 1 s', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const cookie = await adminCookie(a);
    const before = (await a.inject({ url: '/api/site' })).json<SiteDocument>();
    // B keeps /cv (a render that overlapped an earlier write is not kept: visit until it is).
    for (const end = Date.now() + 30_000; !b.pageCache.get('/cv') && Date.now() < end; await sleep(50)) {
      expect((await visit(b, '/cv')).body).toContain(before.profile.name);
    }
    expect(b.pageCache.get('/cv')).toBeDefined();
    const saved = await a.inject({
      method: 'PUT',
      url: '/api/admin/site',
      headers: { cookie },
      payload: { ...before, profile: { ...before.profile, name: 'Wanjiru Kamau' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await timeUntil(b, '/cv', (body) => body.includes('Wanjiru Kamau'))).toBeLessThan(1000);
    expect((await b.inject({ url: '/api/site' })).json<SiteDocument>().profile.name).toBe('Wanjiru Kamau');
  });

  it('a scheduled post shows on every instance on the first request after its time, with no write', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const cookie = await adminCookie(a);
    // Far enough ahead that both instances keep /blog without it first, even on a busy machine.
    const publishAt = new Date(Date.now() + 5000);
    const created = await a.inject({
      method: 'POST',
      url: '/api/blog-posts',
      headers: { cookie },
      payload: postPayload({
        slug: 'scheduled-shared',
        title: 'Out on the hour',
        published: true,
        publishAt: publishAt.toISOString(),
      }),
    });
    expect(created.statusCode, created.body).toBe(201);
    for (const app of [a, b]) {
      await app.pageCache.sync();
      for (let i = 0; i < 60 && app.pageCache.get('/blog') === undefined; i++) {
        expect((await visit(app, '/blog')).body).not.toContain('Out on the hour');
        await sleep(50);
      }
      expect(app.pageCache.get('/blog')).toBeDefined();
    }
    expect(Date.now()).toBeLessThan(publishAt.getTime());
    await sleep(publishAt.getTime() - Date.now() + 20);
    // No write happened since: only the time passing can empty the kept pages.
    for (const app of [a, b]) {
      expect((await visit(app, '/blog')).body).toContain('Out on the hour');
      expect((await visit(app, '/blog/scheduled-shared')).statusCode).toBe(200);
    }
  });
});
