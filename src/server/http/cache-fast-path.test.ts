import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceRenderer } from '../../../tests/support/fuzz.ts';
import { adminCookie, createTestApp, postPayload, type TestApp } from '../../../tests/support/test-app.ts';
import * as entry from '../../client/entry-server.tsx';
import type { Post } from '../../shared/posts.ts';

const SITE_URL = 'http://localhost:3000';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const renderer = sourceRenderer(entry, readFileSync('index.html', 'utf8'), SITE_URL);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Headers of an answer that belong to that one answer, not to the page. */
const PER_ANSWER = ['date', 'connection', 'keep-alive', 'content-length', 'content-encoding', 'transfer-encoding'];
const pageHeaders = (response: Response) =>
  Object.fromEntries([...response.headers].filter(([name]) => !PER_ANSWER.includes(name)));

describe('cache hits answered before Fastify', () => {
  let t: TestApp;
  let origin: string;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({ SITE_URL }, { renderer });
    cookie = await adminCookie(t.app);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${origin}${path}`, { headers: { 'user-agent': BROWSER, 'accept-encoding': 'br', ...headers } });

  /** Asks for `path` until the full path has sent it from the cache once (it is then remembered). */
  async function remembered(path: string) {
    for (const end = Date.now() + 30_000; Date.now() < end; await sleep(20)) {
      const before = t.app.cacheFastPath.served;
      await (await get(path)).arrayBuffer();
      if (t.app.cacheFastPath.served > before) return;
    }
    throw new Error(`${path} was never answered by the fast path`);
  }

  const createPost = async (title: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/blog-posts',
      headers: { cookie },
      payload: postPayload({ title, slug: `fast-${Date.now()}` }),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Post>();
  };

  it('answers a kept page with the bytes and headers the full path sent, 304 to its ETag, and HEAD without a body', async () => {
    const post = await createPost('Answered before the framework');
    const path = `/blog/${post.slug}`;
    // fetch decodes the body; the encoding is read from the headers.
    const full = await get(path);
    const fullBody = await full.text();
    await remembered(path);

    const before = t.app.cacheFastPath.served;
    const fast = await get(path);
    expect(t.app.cacheFastPath.served).toBe(before + 1);
    expect(fast.status).toBe(200);
    expect(fast.headers.get('content-encoding')).toBe('br');
    expect(pageHeaders(fast)).toEqual(pageHeaders(full));
    const html = await fast.text();
    expect(html).toContain('Answered before the framework');
    expect(html).toBe(fullBody);
    // The CSP names the page's own nonce, as the full path's did.
    expect(fast.headers.get('content-security-policy')).toContain(`'nonce-${/nonce="([^"]+)"/.exec(html)![1]}'`);

    const gzip = await get(path, { 'accept-encoding': 'gzip' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    const identity = await get(path, { 'accept-encoding': 'identity' });
    expect(identity.headers.get('content-encoding')).toBeNull();
    expect(await identity.text()).toBe(html);

    const unchanged = await get(path, { 'if-none-match': full.headers.get('etag')! });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe('');
    const head = await fetch(`${origin}${path}`, { method: 'HEAD', headers: { 'accept-encoding': 'br' } });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect(head.headers.get('etag')).toBe(full.headers.get('etag'));
    // Without an encoding, the length of the text itself (kept only compressed, never unzipped for a HEAD).
    const servedBefore = t.app.cacheFastPath.served;
    const plainHead = await fetch(`${origin}${path}`, { method: 'HEAD', headers: { 'accept-encoding': 'identity' } });
    expect(t.app.cacheFastPath.served).toBe(servedBefore + 1);
    expect(plainHead.headers.get('content-encoding')).toBeNull();
    expect(Number(plainHead.headers.get('content-length'))).toBe(Buffer.byteLength(html));
  });

  it('counts a read it answers, once per reader and day, as the page route does', async () => {
    const post = await createPost('Counted before the framework');
    const path = `/blog/${post.slug}`;
    await remembered(path);
    const before = t.app.cacheFastPath.served;
    await (await get(path, { 'user-agent': `${BROWSER} reader-two` })).arrayBuffer();
    expect(t.app.cacheFastPath.served).toBe(before + 1);
    await t.app.viewCounter.flush();
    const shown = await t.app.inject({ method: 'GET', url: `/api/blog-posts/${post.slug}`, headers: { 'user-agent': BROWSER } });
    // The first reader (all the requests above from one agent) and the second.
    expect(shown.json<Post>().metadata.views).toBe(2);
  });

  it('leaves to the full path a request with a cookie, a page changed since, and a data-saver reader', async () => {
    const post = await createPost('Edited after it was kept');
    const path = `/blog/${post.slug}`;
    await remembered(path);

    let before = t.app.cacheFastPath.served;
    const admin = await get(path, { cookie });
    expect(t.app.cacheFastPath.served).toBe(before);
    expect(admin.headers.get('cache-control')).toMatch(/private/);

    before = t.app.cacheFastPath.served;
    const saver = await get(path, { 'save-data': 'on' });
    expect(t.app.cacheFastPath.served).toBe(before);
    expect(await saver.text()).not.toContain('<script type="module"');

    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/blog-posts/${post.id}`,
      headers: { cookie },
      payload: postPayload({ title: 'Edited: the new title', slug: post.slug }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const next = await get(path);
    expect(await next.text()).toContain('Edited: the new title');
  });
});
