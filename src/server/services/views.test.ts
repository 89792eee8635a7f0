import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie, createTestApp, postPayload, type TestApp } from '../../../tests/support/test-app.ts';
import type { Post } from '../../shared/posts.ts';
import { postViews } from '../db/schema.ts';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const OTHER_BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile Safari/604.1';

let t: TestApp;
let cookie: string;
let now = new Date('2026-03-10T09:00:00Z');
let counter = 0;

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => now });
  cookie = await adminCookie(t.app);
});
afterAll(() => t.close());

async function createPost(overrides: Record<string, unknown> = {}): Promise<Post> {
  const response = await t.app.inject({ method: 'POST', url: '/api/blog-posts', headers: { cookie }, payload: postPayload({ slug: `viewed-${++counter}`, ...overrides }) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Post>();
}

/** Reads the post by slug as a reader with this address and user agent; answers its view count. */
async function read(key: string, options: { ip?: string; ua?: string; admin?: boolean } = {}): Promise<number | undefined> {
  const headers: Record<string, string> = {};
  if (options.ua !== '') headers['user-agent'] = options.ua ?? BROWSER;
  if (options.admin) headers.cookie = cookie;
  const response = await t.app.inject({ method: 'GET', url: `/api/blog-posts/${key}`, remoteAddress: options.ip ?? '203.0.113.5', headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Post>().metadata.views;
}

const storedViews = async (post: Post) => (await read(post.id, { admin: true })) ?? 0;

describe('post views', () => {
  it('counts a reader once a day, and another address or browser as another reader', async () => {
    const post = await createPost();
    expect(post.metadata.views).toBeUndefined();
    expect(await read(post.slug)).toBe(1);
    expect(await read(post.slug)).toBe(1);
    expect(await read(post.slug, { ua: OTHER_BROWSER })).toBe(2);
    expect(await read(post.slug, { ip: '198.51.100.7' })).toBe(3);
    expect(await storedViews(post)).toBe(3);
  });

  it('does not count the admin, bots, clients without a user agent, reads by id, or drafts', async () => {
    const post = await createPost();
    await read(post.slug, { admin: true });
    await read(post.slug, { ua: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    await read(post.slug, { ua: '' });
    await read(post.id);
    expect(await storedViews(post)).toBe(0);

    const draft = await createPost({ published: false });
    await read(draft.slug, { admin: true });
    expect(await storedViews(draft)).toBe(0);
  });

  it('counts the same reader again the next day and forgets the previous day', async () => {
    const post = await createPost();
    expect(await read(post.slug)).toBe(1);
    now = new Date('2026-03-11T00:00:01Z');
    expect(await read(post.slug)).toBe(2);
    const days = await t.db.select({ day: postViews.day }).from(postViews).where(eq(postViews.postId, post.id));
    expect(days.map((row) => row.day)).toEqual(['2026-03-11']);
  });

  it('keeps the count through the editor saving the post, without moving updatedAt when read', async () => {
    const post = await createPost();
    await read(post.slug, { ip: '192.0.2.44' });
    const afterRead = (await t.app.inject({ method: 'GET', url: `/api/blog-posts/${post.id}`, headers: { cookie } })).json<Post>();
    expect(afterRead.updatedAt).toBe(post.updatedAt);
    const update = await t.app.inject({
      method: 'PUT',
      url: `/api/blog-posts/${post.id}`,
      headers: { cookie },
      payload: postPayload({ slug: post.slug, metadata: { readTime: 3, author: 'Author Name', views: 0 } }),
    });
    expect(update.json<Post>().metadata.views).toBe(1);
  });
});
