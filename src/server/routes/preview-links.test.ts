import { readFileSync } from 'node:fs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceRenderer } from '../../../tests/support/fuzz.ts';
import { adminCookie, createTestApp, postPayload, type TestApp } from '../../../tests/support/test-app.ts';
import type { Post } from '../../shared/posts.ts';
import { PREVIEW_LINK_DAYS, previewLinkSchema, type PreviewLink } from '../../shared/revisions.ts';
import * as entry from '../../client/entry-server.tsx';
import { LocalStorage } from '../adapters/storage.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../env.ts';
import { PRIVATE_CACHE } from '../http/cache-headers.ts';

const SITE_URL = 'http://localhost:3000';
const renderer = sourceRenderer(entry, readFileSync('index.html', 'utf8'), SITE_URL);
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const SECOND = 1000;
const DAY = 24 * 3600 * SECOND;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let now = new Date('2026-06-01T10:00:00.000Z');
let t: TestApp;
let cookie: string;
let draft: Post;
let scheduled: Post;
let published: Post;

const visit = (url: string, app: FastifyInstance = t.app) => app.inject({ url });
/** The site-relative address of a link, as a visitor's browser requests it. */
const pathOf = (link: PreviewLink) => new URL(link.url).pathname;
const tokenOf = (link: PreviewLink) => pathOf(link).slice('/preview/'.length);

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

async function linkFor(postId: string): Promise<PreviewLink> {
  const response = await t.app.inject({ method: 'POST', url: `/api/blog-posts/${postId}/preview-link`, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return previewLinkSchema.parse(response.json());
}

const robotsMeta = (html: string) => /<meta name="robots" content="([^"]*)"/.exec(html)?.[1];

/** A refused link: the site's not-found page, nothing of any post, and kept by no cache or index. */
function expectRefused(response: LightMyRequestResponse, ...hidden: Post[]): void {
  expect(response.statusCode).toBe(404);
  expect(response.headers['content-type']).toMatch(/^text\/html/);
  expect(response.body).toContain('Preview Not Available');
  for (const post of hidden) expect(response.body).not.toContain(post.title);
  expect(response.headers['cache-control']).toBe(PRIVATE_CACHE);
  expect(robotsMeta(response.body)).toMatch(/noindex/);
}

beforeAll(async () => {
  t = await createTestApp({ SITE_URL, VISITOR_WRITE_LIMIT: '100000' }, { renderer, clock: () => now });
  cookie = await adminCookie(t.app);
  draft = await createPost({
    title: 'A draft for a second reader',
    slug: 'draft-for-review',
    published: false,
    content: '# Notes\n\nThe club in **Mombasa** meets on Saturdays.',
  });
  scheduled = await createPost({
    title: 'Scheduled for next week',
    slug: 'scheduled-for-review',
    publishAt: new Date(now.getTime() + 7 * DAY - SECOND).toISOString(),
  });
  published = await createPost({ title: 'Already public', slug: 'already-public' });
});
afterAll(() => t?.close());

describe('POST /api/blog-posts/{id}/preview-link', () => {
  it('answers 401 without the session cookie and 404 for an unknown post', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: `/api/blog-posts/${draft.id}/preview-link` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: expect.any(String) });
    const unknown = await t.app.inject({
      method: 'POST',
      url: `/api/blog-posts/${UNKNOWN_ID}/preview-link`,
      headers: { cookie },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: expect.any(String) });
  });

  it(`gives an absolute /preview/ address valid ${PREVIEW_LINK_DAYS} days`, async () => {
    const link = await linkFor(draft.id);
    expect(link.url.startsWith(`${SITE_URL}/preview/`)).toBe(true);
    const expires = Date.parse(link.expiresAt);
    expect(expires).toBeGreaterThan(now.getTime() + PREVIEW_LINK_DAYS * DAY - 2 * SECOND);
    expect(expires).toBeLessThanOrEqual(now.getTime() + PREVIEW_LINK_DAYS * DAY);
    // Nothing about the draft is readable from the address but its id.
    expect(link.url).not.toContain(draft.slug);
  });
});

describe('GET /preview/<token>', () => {
  it('shows a visitor the draft as readers will see it, never indexed, never kept, without a comment form', async () => {
    const response = await visit(pathOf(await linkFor(draft.id)));
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(draft.title);
    expect(response.body).toContain('<strong>Mombasa</strong>');
    expect(robotsMeta(response.body)).toMatch(/noindex/);
    expect(response.headers['x-robots-tag']).toMatch(/noindex/);
    expect(response.headers['cache-control']).toBe(PRIVATE_CACHE);
    expect(response.body).not.toContain('Leave a comment');
    // The same post's public page has the form: the preview leaves it out.
    const publicPage = await visit(`/blog/${published.slug}`);
    expect(publicPage.body).toContain('Leave a comment');
    expect(robotsMeta(publicPage.body)).toBeUndefined();
  });

  it('shows a scheduled post before its time, while its own address is still not found', async () => {
    const response = await visit(pathOf(await linkFor(scheduled.id)));
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(scheduled.title);
    expect((await visit(`/blog/${scheduled.slug}`)).statusCode).toBe(404);
  });

  it('is never kept by the page cache', async () => {
    // A save empties the cache (and drops what earlier tests' visits were still compressing).
    await createPost({ title: 'Saved to empty the cache', slug: 'empties-the-cache' });
    expect(t.app.pageCache.size).toBe(0);
    const link = await linkFor(draft.id);
    for (let i = 0; i < 3; i++) expect((await visit(pathOf(link))).statusCode).toBe(200);
    expectRefused(await visit('/preview/garbage'));
    await sleep(150);
    expect(t.app.pageCache.size).toBe(0);
    // A public page visited the same way is kept: the cache is at work.
    await visit('/blog');
    // Polled for up to 30 s: brotli-11 is slow on a loaded machine.
    for (const end = Date.now() + 30_000; t.app.pageCache.size === 0 && Date.now() < end;) await sleep(10);
    expect(t.app.pageCache.size).toBe(1);
  });

  it("does not count a preview as a reader's visit", async () => {
    const post = await createPost({ title: 'Counted by readers only', slug: 'counted-by-readers-only' });
    const link = await linkFor(post.id);
    const views = async () => {
      await t.app.viewCounter.flush();
      const stored = await t.app.inject({ url: `/api/blog-posts/${post.id}`, headers: { cookie } });
      return stored.json<Post>().metadata.views ?? 0;
    };
    const asBrowser = (url: string, remoteAddress: string) =>
      t.app.inject({ url, remoteAddress, headers: { 'user-agent': BROWSER } });
    expect((await asBrowser(pathOf(link), '198.51.100.31')).statusCode).toBe(200);
    expect(await views()).toBe(0);
    // The same visitor on the post's own page is a reader.
    expect((await asBrowser(`/blog/${post.slug}`, '198.51.100.32')).statusCode).toBe(200);
    expect(await views()).toBe(1);
  });

  it("refuses a link whose post id was replaced by another post's", async () => {
    const [, expires, signature] = tokenOf(await linkFor(published.id)).split('.');
    expect((await visit(`/preview/${published.id}.${expires}.${signature}`)).statusCode).toBe(200);
    expectRefused(await visit(`/preview/${draft.id}.${expires}.${signature}`), draft);
  });

  it('refuses a tampered signature or expiry, and garbage', async () => {
    const token = tokenOf(await linkFor(draft.id));
    const [id, expires, signature] = token.split('.') as [string, string, string];
    const flipped = signature.slice(0, -1) + (signature.endsWith('A') ? 'B' : 'A');
    const later = (parseInt(expires, 36) + 30 * 24 * 3600).toString(36);
    for (const bad of [
      `${id}.${expires}.${flipped}`,
      `${id}.${expires}.${signature.slice(0, -1)}`,
      `${id}.${expires}.${signature}x`,
      `${id}.${later}.${signature}`,
      `${id}.${expires}`,
      `${id}.${expires}.${signature}.${signature}`,
      id,
      'garbage',
      'a.b.c',
    ]) {
      expectRefused(await visit(`/preview/${bad}`), draft);
    }
  });

  it(`refuses a link ${PREVIEW_LINK_DAYS} days and a second after it was made`, async () => {
    const made = now;
    const link = await linkFor(draft.id);
    try {
      now = new Date(made.getTime() + PREVIEW_LINK_DAYS * DAY - 2 * SECOND);
      expect((await visit(pathOf(link))).statusCode).toBe(200);
      now = new Date(made.getTime() + PREVIEW_LINK_DAYS * DAY + SECOND);
      expectRefused(await visit(pathOf(link)), draft);
    } finally {
      now = made;
    }
  });

  it('refuses a link to a post that was deleted', async () => {
    const gone = await createPost({ title: 'Soon deleted', slug: 'soon-deleted', published: false });
    const link = await linkFor(gone.id);
    expect((await visit(pathOf(link))).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/blog-posts/${gone.id}`, headers: { cookie } })).statusCode).toBe(
      204,
    );
    expectRefused(await visit(pathOf(link)), gone);
  });

  it('refuses every link made before the session secret changed', async () => {
    const link = await linkFor(draft.id);
    // The same site on the same database, restarted with another secret.
    const restarted = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', DATA_DIR: t.dataDir, SITE_URL }),
      db: t.db,
      storage: new LocalStorage(t.dataDir),
      sessionSecret: 'another-secret-that-is-long-enough-for-signing-cookies',
      renderer,
      clock: () => now,
    });
    try {
      await restarted.ready();
      expectRefused(await visit(pathOf(link), restarted), draft);
      // A link it makes itself opens the same post.
      const login = await restarted.inject({
        method: 'POST',
        url: '/api/admin/verify',
        payload: { password: 'correct horse battery staple' },
      });
      const session = login.cookies.find((c) => c.name.endsWith('admin_session'))!;
      const fresh = await restarted.inject({
        method: 'POST',
        url: `/api/blog-posts/${draft.id}/preview-link`,
        headers: { cookie: `${session.name}=${session.value}` },
      });
      expect(fresh.statusCode, fresh.body).toBe(200);
      const opened = await visit(pathOf(fresh.json<PreviewLink>()), restarted);
      expect(opened.statusCode).toBe(200);
      expect(opened.body).toContain(draft.title);
    } finally {
      await restarted.close();
    }
  });
});
