import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie, createTestApp, postPayload, type TestApp } from '../../../../tests/support/test-app.ts';
import type { Post } from '../../../shared/posts.ts';
import { postViews } from '../../db/schema.ts';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const OTHER_BROWSER =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile Safari/604.1';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

let t: TestApp;
let cookie: string;
/** The counter's clock (AppOptions.clock): tests move it to the next day. */
let now = new Date('2026-03-10T09:00:00Z');
let counter = 0;

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => now });
  cookie = await adminCookie(t.app);
});
afterAll(() => t.close());

async function createPost(overrides: Record<string, unknown> = {}): Promise<Post> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/blog-posts',
    headers: { cookie },
    payload: postPayload({ slug: `viewed-${++counter}`, ...overrides }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Post>();
}

interface Reader {
  ip?: string;
  ua?: string;
  admin?: boolean;
}

function get(key: string, reader: Reader = {}) {
  const headers: Record<string, string> = {};
  if (reader.ua !== '') headers['user-agent'] = reader.ua ?? BROWSER;
  if (reader.admin) headers.cookie = cookie;
  return t.app.inject({ method: 'GET', url: `/api/blog-posts/${key}`, remoteAddress: reader.ip ?? '203.0.113.5', headers });
}

/** Reads the post by slug (or id) as this reader; answers the view count the reader is shown. */
async function read(key: string, reader: Reader = {}): Promise<number | undefined> {
  const response = await get(key, reader);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Post>().metadata.views;
}

/**
 * The stored count once the queued reads are written, as the editor loads it (by id, as the
 * admin: neither counts).
 */
async function storedViews(post: Post): Promise<number> {
  await t.app.viewCounter.flush();
  return (await read(post.id, { admin: true })) ?? 0;
}

describe('post views', () => {
  it('counts a reader once a day, and another address or browser as another reader', async () => {
    const post = await createPost();
    expect(post.metadata.views).toBeUndefined();
    // The answer never waits for the count: it shows the total stored before this read.
    expect(await read(post.slug)).toBeUndefined();
    expect(await storedViews(post)).toBe(1);
    expect(await read(post.slug)).toBe(1);
    expect(await storedViews(post)).toBe(1);
    await read(post.slug, { ua: OTHER_BROWSER });
    await read(post.slug, { ip: '198.51.100.7' });
    expect(await storedViews(post)).toBe(3);
  });

  it.each<[string, (post: Post) => Promise<unknown>]>([
    ['the admin', (post) => read(post.slug, { admin: true })],
    ['a client that says it is a bot', (post) => read(post.slug, { ua: GOOGLEBOT })],
    ['a client without a user agent', (post) => read(post.slug, { ua: '' })],
    ['a read by id (the editor loading the post)', (post) => read(post.id)],
  ])('does not count %s', async (_who, readAs) => {
    const post = await createPost();
    await readAs(post);
    expect(await storedViews(post)).toBe(0);
    expect(await t.db.select().from(postViews).where(eq(postViews.postId, post.id))).toEqual([]);
  });

  it('does not count drafts, whether a visitor (refused) or the admin asks', async () => {
    const draft = await createPost({ published: false });
    expect((await get(draft.slug)).statusCode).toBe(401);
    await read(draft.slug, { admin: true });
    expect(await storedViews(draft)).toBe(0);
  });

  it('counts concurrent readers exactly once each (one atomic increment per new reader)', async () => {
    const post = await createPost();
    const readers = Array.from({ length: 8 }, (_, i) => ({ ip: `192.0.2.${i + 1}` }));
    // Each reader twice, all at once: eight views, whatever the interleaving.
    await Promise.all([...readers, ...readers].map((reader) => read(post.slug, reader)));
    expect(await storedViews(post)).toBe(8);
  });

  it('keeps the count through the editor saving the post, without moving updatedAt when read', async () => {
    const post = await createPost();
    await read(post.slug, { ip: '192.0.2.44' });
    await t.app.viewCounter.flush();
    const afterRead = (await get(post.id, { admin: true })).json<Post>();
    expect(afterRead.metadata.views).toBe(1);
    expect(afterRead.updatedAt).toBe(post.updatedAt);
    const update = await t.app.inject({
      method: 'PUT',
      url: `/api/blog-posts/${post.id}`,
      headers: { cookie },
      payload: postPayload({ slug: post.slug, metadata: { readTime: 3, author: 'Author Name', views: 0 } }),
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(update.json<Post>().metadata).toMatchObject({ readTime: 3, views: 1 });
    expect(await storedViews(post)).toBe(1);
  });

  // Last: it moves the clock on for good.
  it('counts the same reader again the next day, and deletes the previous days’ hashes', async () => {
    const post = await createPost();
    await read(post.slug);
    expect(await storedViews(post)).toBe(1);
    expect((await t.db.select({ day: postViews.day }).from(postViews)).some((row) => row.day === '2026-03-10')).toBe(true);
    now = new Date('2026-03-11T00:00:01Z');
    await read(post.slug);
    expect(await storedViews(post)).toBe(2);
    // Every earlier test's rows went too, not only this post's.
    const days = new Set((await t.db.select({ day: postViews.day }).from(postViews)).map((row) => row.day));
    expect([...days]).toEqual(['2026-03-11']);
  });
});
