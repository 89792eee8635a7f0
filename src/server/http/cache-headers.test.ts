import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceRenderer } from '../../../tests/support/fuzz.ts';
import { adminCookie, createTestApp, postPayload, type TestApp } from '../../../tests/support/test-app.ts';
import * as entry from '../../client/entry-server.tsx';
import { PRIVATE_CACHE, PUBLIC_CACHE } from './cache-headers.ts';

const SITE_URL = 'http://localhost:3000';
const READER = { 'user-agent': 'Mozilla/5.0 (Linux; Android 10) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36' };

let t: TestApp;
let cookie: string;
let slug: string;
beforeAll(async () => {
  const renderer = sourceRenderer(entry, readFileSync('index.html', 'utf8'), SITE_URL);
  t = await createTestApp({ SITE_URL }, { renderer });
  cookie = await adminCookie(t.app);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/blog-posts',
    headers: { cookie },
    payload: postPayload({ slug: 'cached-post' }),
  });
  slug = response.json<{ slug: string }>().slug;
});
afterAll(() => t.close());

const PUBLIC_GETS = ['/', '/blog', '/cv', '/blog/cached-post', '/rss.xml', '/sitemap.xml', '/robots.txt', '/api/blog-posts'];

describe('ETag and Cache-Control (DESIGN.md, reading at the speed of a static site)', () => {
  it.each([...PUBLIC_GETS, '/api/blog-posts/cached-post'])(
    '%s: the same answer twice has one ETag, and If-None-Match gets a 304 without a body',
    async (url) => {
      const first = await t.app.inject({ url, headers: READER });
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe(PUBLIC_CACHE);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^W\/".+"$/);
      const second = await t.app.inject({ url, headers: READER });
      expect(second.headers.etag).toBe(etag);
      expect(second.body).toBe(first.body);

      const revalidated = await t.app.inject({ url, headers: { ...READER, 'if-none-match': etag } });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.body).toBe('');
      expect(revalidated.headers['cache-control']).toBe(PUBLIC_CACHE);
      // A compressed answer is the same representation: the same weak ETag revalidates it.
      const gzipped = await t.app.inject({ url, headers: { ...READER, 'accept-encoding': 'gzip', 'if-none-match': etag } });
      expect(gzipped.statusCode).toBe(304);
    },
  );

  it('a page keeps one nonce in its CSP header and its data script, the same on every request', async () => {
    const nonces = [];
    for (let i = 0; i < 2; i++) {
      const page = await t.app.inject({ url: '/blog' });
      const inHeader = /'nonce-([^']+)'/.exec(String(page.headers['content-security-policy']))?.[1];
      const inPage = /<script id="__QUERY_STATE__"[^>]* nonce="([^"]+)"/.exec(page.body)?.[1];
      expect(inHeader).toBeTruthy();
      expect(inPage).toBe(inHeader);
      nonces.push(inPage);
    }
    expect(nonces[1]).toBe(nonces[0]);
  });

  it('a page changes its ETag when what it shows changes', async () => {
    const before = await t.app.inject({ url: '/blog' });
    await t.app.inject({
      method: 'POST',
      url: '/api/blog-posts',
      headers: { cookie },
      payload: postPayload({ title: 'A newer post', slug: 'newer-post' }),
    });
    const after = await t.app.inject({ url: '/blog', headers: { 'if-none-match': before.headers.etag as string } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.body).toContain('A newer post');
  });

  it.each([...PUBLIC_GETS, '/admin', '/write', '/api/blog-posts?published=false', '/api/admin/stats'])(
    '%s with the admin session is private, no-store',
    async (url) => {
      const response = await t.app.inject({ url, headers: { cookie } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe(PRIVATE_CACHE);
    },
  );

  it.each(['/no-such-page', '/blog/no-such-post', '/api/blog-posts/no-such-post', '/api/blog-posts?published=false'])(
    '%s (an error) is kept by no cache',
    async (url) => {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.headers['cache-control']).toBe(PRIVATE_CACHE);
    },
  );

  it('the admin screens are private, no-store for visitors too', async () => {
    for (const url of ['/admin', '/admin/comments', '/write', `/edit/${slug}`]) {
      expect((await t.app.inject({ url })).headers['cache-control']).toBe(PRIVATE_CACHE);
    }
  });
});
