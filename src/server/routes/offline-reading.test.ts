import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseHTML } from 'linkedom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceRenderer } from '../../../tests/support/fuzz.ts';
import { adminCookie, createTestApp, postPayload, type TestApp } from '../../../tests/support/test-app.ts';
import * as entry from '../../client/entry-server.tsx';
import type { Post } from '../../shared/posts.ts';

const SITE_URL = 'http://localhost:3000';
const renderer = sourceRenderer(entry, readFileSync('index.html', 'utf8'), SITE_URL);
const WORKER_SOURCE = 'self.addEventListener("fetch", () => {});\n';

describe('offline reading (DESIGN.md): /saved and the service worker', () => {
  let t: TestApp;
  let clientDir: string;
  let post: Post;

  beforeAll(async () => {
    // A built client as `npm run build` leaves it: the worker at its root.
    clientDir = mkdtempSync(path.join(tmpdir(), 'folio-client-'));
    for (const dir of ['assets', 'images']) mkdirSync(path.join(clientDir, dir));
    writeFileSync(path.join(clientDir, 'sw.js'), WORKER_SOURCE);
    t = await createTestApp({ SITE_URL }, { renderer, clientDir });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/blog-posts',
      headers: { cookie: await adminCookie(t.app) },
      payload: postPayload({ title: 'Read on the bus' }),
    });
    expect(created.statusCode, created.body).toBe(201);
    post = created.json<Post>();
  });
  afterAll(async () => {
    await t.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('renders /saved with its heading, kept out of search engines and the sitemap', async () => {
    const response = await t.app.inject({ url: '/saved' });
    expect(response.statusCode).toBe(200);
    const { document } = parseHTML(response.body);
    expect(document.querySelector('h1')?.textContent).toBe('Saved for offline');
    expect(document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    // The list is read in the browser: the page carries its island.
    expect(document.querySelector('[data-island="saved-list"]')).not.toBeNull();
    const sitemap = await t.app.inject({ url: '/sitemap.xml' });
    expect(sitemap.body).not.toContain('/saved');
  });

  it('serves /sw.js from the site root as JavaScript that browsers revalidate', async () => {
    const response = await t.app.inject({ url: '/sw.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(WORKER_SOURCE);
  });

  it('lets pages register a worker of their own origin', async () => {
    const response = await t.app.inject({ url: '/saved' });
    expect(String(response.headers['content-security-policy'])).toMatch(/(^|;)worker-src 'self'(;|$)/);
  });

  it('offers Save for offline on a post page, and on its card, in place of the bookmark', async () => {
    const page = parseHTML((await t.app.inject({ url: `/blog/${post.slug}` })).body).document;
    const island = page.querySelector('[data-island="save-offline"]');
    expect(JSON.parse(island?.getAttribute('data-props') ?? '{}')).toEqual({ path: `/blog/${post.slug}`, title: post.title });
    expect(island?.textContent).toBe('Save for offline');
    const blog = parseHTML((await t.app.inject({ url: '/blog' })).body).document;
    const card = [...blog.querySelectorAll('article')].find((article) => article.textContent.includes(post.title));
    expect(card?.querySelector(`button[aria-label="Save for offline: ${post.title}"]`)).not.toBeNull();
    expect(blog.body.innerHTML).not.toContain('Bookmark');
  });
});
