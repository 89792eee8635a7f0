import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie, createTestApp, postPayload, type TestApp, tables } from '../../../tests/support/test-app.ts';
import { postConflictSchema, type Post, type PostConflict } from '../../shared/posts.ts';
import {
  REVISIONS_PER_POST,
  revisionSchema,
  revisionSummarySchema,
  type Revision,
  type RevisionSummary,
} from '../../shared/revisions.ts';

const { postRevisions } = tables;

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await adminCookie(t.app);
});
afterAll(() => t.close());

type Payload = Record<string, unknown>;
const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Payload) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

let counter = 0;
async function createPost(overrides: Payload = {}): Promise<Post> {
  const response = await admin('POST', '/api/blog-posts', postPayload({ slug: `revised-${++counter}`, ...overrides }));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Post>();
}

/** A save from the editor: the whole post, and the `updatedAt` it loaded when it has one. */
async function save(post: Post, overrides: Payload = {}): Promise<LightMyRequestResponse> {
  // Two saves in one millisecond would carry the same `updatedAt` (the API answers milliseconds).
  await sleep(3);
  return admin('PUT', `/api/blog-posts/${post.id}`, postPayload({ slug: post.slug, ...overrides }));
}

async function revisionsOf(postId: string): Promise<RevisionSummary[]> {
  const response = await admin('GET', `/api/blog-posts/${postId}/revisions`);
  expect(response.statusCode, response.body).toBe(200);
  return revisionSummarySchema.array().parse(response.json());
}

async function revision(postId: string, revisionId: string): Promise<Revision> {
  const response = await admin('GET', `/api/blog-posts/${postId}/revisions/${revisionId}`);
  expect(response.statusCode, response.body).toBe(200);
  return revisionSchema.parse(response.json());
}

async function stored(postId: string): Promise<Post> {
  const response = await admin('GET', `/api/blog-posts/${postId}`);
  expect(response.statusCode, response.body).toBe(200);
  const { html: _html, ...post } = response.json<Post & { html: string }>();
  return post;
}

const storedRevisionCount = async (postId: string) =>
  (await t.db.select({ n: count() }).from(postRevisions).where(eq(postRevisions.postId, postId)))[0]!.n;

function expectError(response: LightMyRequestResponse, status: number): void {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toEqual({ message: expect.any(String) });
}

describe('a revision per save', () => {
  it('keeps the create and every update with the fields saved, listed newest first', async () => {
    const post = await createPost({
      title: 'First title',
      content: 'One two three four five.',
      excerpt: 'The first excerpt.',
      tags: ['Future Leaders'],
      published: false,
      metadata: { readTime: 2, author: 'Ama Mensah' },
    });
    const second = await save(post, {
      title: 'Second title',
      slug: 'second-address',
      content: 'Now the body has exactly seven words.',
      excerpt: 'The second excerpt.',
      tags: ['Digital Literacy', 'Robotics'],
      published: true,
      publishAt: '2031-05-04T09:30:00.000Z',
      metadata: { readTime: 3, author: 'Kofi Boateng', metaTitle: 'A title for search engines' },
    });
    expect(second.statusCode, second.body).toBe(200);
    const third = await save({ ...post, slug: 'second-address' }, { title: 'Third title', content: 'Short.', publishAt: null });
    expect(third.statusCode, third.body).toBe(200);

    const list = await revisionsOf(post.id);
    expect(list).toHaveLength(3);
    expect(list.map(({ title, words, published, refused }) => ({ title, words, published, refused }))).toEqual([
      { title: 'Third title', words: 1, published: true, refused: false },
      { title: 'Second title', words: 7, published: true, refused: false },
      { title: 'First title', words: 5, published: false, refused: false },
    ]);
    const times = list.map((r) => Date.parse(r.savedAt));
    expect(times[0]).toBeGreaterThan(times[1]!);
    expect(times[1]).toBeGreaterThan(times[2]!);
    // Each save's time is when the post was saved.
    expect(list[0]!.savedAt).toBe(third.json<Post>().updatedAt);
    expect(list[2]!.savedAt).toBe(post.updatedAt);

    expect(await revision(post.id, list[1]!.id)).toEqual({
      id: list[1]!.id,
      postId: post.id,
      savedAt: list[1]!.savedAt,
      title: 'Second title',
      slug: 'second-address',
      content: 'Now the body has exactly seven words.',
      excerpt: 'The second excerpt.',
      tags: ['Digital Literacy', 'Robotics'],
      published: true,
      publishAt: '2031-05-04T09:30:00.000Z',
      metadata: { readTime: 3, author: 'Kofi Boateng', metaTitle: 'A title for search engines' },
      words: 7,
      refused: false,
    });
    const first = await revision(post.id, list[2]!.id);
    expect(first).toMatchObject({
      title: 'First title',
      slug: post.slug,
      content: 'One two three four five.',
      excerpt: 'The first excerpt.',
      tags: ['Future Leaders'],
      published: false,
      metadata: { readTime: 2, author: 'Ama Mensah' },
      words: 5,
      refused: false,
    });
    expect(first.publishAt).toBeUndefined();
    // The newest revision is the post as it now is.
    const current = await stored(post.id);
    const newest = await revision(post.id, list[0]!.id);
    for (const field of ['title', 'slug', 'content', 'excerpt', 'tags', 'published', 'publishAt', 'metadata'] as const) {
      expect(newest[field], field).toEqual(current[field]);
    }
    expect(newest.publishAt).toBeUndefined();
  });

  it('goes with its post when the post is deleted', async () => {
    const post = await createPost();
    expect((await save(post, { title: 'Edited once' })).statusCode).toBe(200);
    expect(await storedRevisionCount(post.id)).toBe(2);
    const kept = await createPost();

    expect((await admin('DELETE', `/api/blog-posts/${post.id}`)).statusCode).toBe(204);
    expect(await storedRevisionCount(post.id)).toBe(0);
    expect(await storedRevisionCount(kept.id)).toBe(1);
    expectError(await admin('GET', `/api/blog-posts/${post.id}/revisions`), 404);
  });

  it('answers 401 to a visitor asking for the list or one revision', async () => {
    const post = await createPost({ title: 'Private history' });
    const [only] = await revisionsOf(post.id);
    for (const url of [`/api/blog-posts/${post.id}/revisions`, `/api/blog-posts/${post.id}/revisions/${only!.id}`]) {
      const response = await t.app.inject({ url });
      expectError(response, 401);
      expect(response.body).not.toContain('Private history');
    }
  });

  it('answers 404 for an unknown post, an unknown revision and a revision of another post', async () => {
    const post = await createPost();
    const other = await createPost();
    const [ofOther] = await revisionsOf(other.id);
    expectError(await admin('GET', `/api/blog-posts/${UNKNOWN_ID}/revisions`), 404);
    expectError(await admin('GET', `/api/blog-posts/${post.id}/revisions/${UNKNOWN_ID}`), 404);
    expectError(await admin('GET', `/api/blog-posts/${post.id}/revisions/${ofOther!.id}`), 404);
    expectError(await admin('GET', `/api/blog-posts/${UNKNOWN_ID}/revisions/${ofOther!.id}`), 404);
  });

  it(`keeps only the newest ${REVISIONS_PER_POST} revisions of a post`, async () => {
    const post = await createPost({ title: 'Long history' });
    const [created] = await revisionsOf(post.id);
    // Older saves, written directly: 260 saves over HTTP would take most of a minute.
    const start = Date.parse(post.createdAt) - 1_000_000;
    await t.db.insert(postRevisions).values(
      Array.from({ length: 260 }, (_, n) => ({
        postId: post.id,
        savedAt: new Date(start + n * 1000),
        title: `Old save ${n}`,
        slug: post.slug,
        content: 'An older text.',
        tags: [],
        published: true,
        metadata: {},
        words: 3,
      })),
    );
    expect(await storedRevisionCount(post.id)).toBe(261);

    const response = await save(post, { title: 'The latest save' });
    expect(response.statusCode, response.body).toBe(200);
    const list = await revisionsOf(post.id);
    expect(list).toHaveLength(REVISIONS_PER_POST);
    expect(await storedRevisionCount(post.id)).toBe(REVISIONS_PER_POST);
    // The oldest went: the save just made, the create, and the 248 newest of the older ones stay.
    expect(list[0]!.title).toBe('The latest save');
    expect(list[1]!.id).toBe(created!.id);
    expect(list.slice(2).map((r) => r.title)).toEqual(
      Array.from({ length: REVISIONS_PER_POST - 2 }, (_, i) => `Old save ${259 - i}`),
    );
  });
});

describe('saving over a post changed elsewhere (expectedUpdatedAt)', () => {
  it('refuses a stale save with 409 and the current post, keeps the post, and keeps the refused text', async () => {
    const loaded = await createPost({ title: 'Shared draft', content: 'The text both tabs loaded.' });
    // The second tab saves first.
    const elsewhere = await save(loaded, {
      title: 'Saved in the other tab',
      content: 'The other tab wrote this.',
      expectedUpdatedAt: loaded.updatedAt,
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    const theirs = elsewhere.json<Post>();
    expect(theirs.updatedAt).not.toBe(loaded.updatedAt);

    // The first tab saves over what it loaded.
    const mine = { title: 'Saved in this tab', content: 'Words this author must not lose.' };
    const refused = await save(loaded, { ...mine, expectedUpdatedAt: loaded.updatedAt });
    expect(refused.statusCode, refused.body).toBe(409);
    const conflict: PostConflict = postConflictSchema.parse(refused.json());
    expect(conflict.message).toBe('This post was changed elsewhere');
    expect(conflict.current).toEqual(theirs);

    // The post is what the other tab saved.
    expect(await stored(loaded.id)).toEqual(theirs);
    // The refused text is in the history, marked refused, newest first.
    const list = await revisionsOf(loaded.id);
    expect(list.map(({ title, refused }) => ({ title, refused }))).toEqual([
      { title: 'Saved in this tab', refused: true },
      { title: 'Saved in the other tab', refused: false },
      { title: 'Shared draft', refused: false },
    ]);
    expect(await revision(loaded.id, list[0]!.id)).toMatchObject({ ...mine, refused: true, words: 6 });

    // Keeping mine: saving again over the version the 409 gave goes through.
    const kept = await save(loaded, { ...mine, expectedUpdatedAt: conflict.current.updatedAt });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json<Post>()).toMatchObject(mine);
    expect(await stored(loaded.id)).toMatchObject(mine);
    expect((await revisionsOf(loaded.id))[0]).toMatchObject({ title: 'Saved in this tab', refused: false });
  });

  it('is not set off by readers: their visits and comments between load and save are no conflict', async () => {
    const post = await createPost({ title: 'Read while edited' });
    const reader = await t.app.inject({
      url: `/api/blog-posts/${post.slug}`,
      remoteAddress: '198.51.100.7',
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0' },
    });
    expect(reader.statusCode).toBe(200);
    await t.app.viewCounter.flush();
    const comment = await t.app.inject({
      method: 'POST',
      url: `/api/blog-posts/${post.id}/comments`,
      remoteAddress: '198.51.100.7',
      payload: { author: 'Baraka', email: 'baraka@example.org', content: 'Read it twice.' },
    });
    expect(comment.statusCode, comment.body).toBe(201);
    expect((await stored(post.id)).metadata.views).toBe(1);

    const response = await save(post, { title: 'Edited while read', expectedUpdatedAt: post.updatedAt });
    expect(response.statusCode, response.body).toBe(200);
    // The count readers made stays with the post.
    expect(response.json<Post>().metadata.views).toBe(1);
  });

  it('accepts the same time written with another offset', async () => {
    const post = await createPost();
    const at = new Date(post.updatedAt);
    // 02:00 ahead of UTC, same instant.
    const shifted = new Date(at.getTime() + 2 * 3600_000).toISOString().replace('Z', '+02:00');
    const response = await save(post, { title: 'Saved with an offset', expectedUpdatedAt: shifted });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('lets a save without expectedUpdatedAt through (older clients)', async () => {
    const post = await createPost();
    expect((await save(post, { title: 'Changed elsewhere', expectedUpdatedAt: post.updatedAt })).statusCode).toBe(200);
    const old = await save(post, { title: 'An old client saves' });
    expect(old.statusCode, old.body).toBe(200);
    expect((await stored(post.id)).title).toBe('An old client saves');
    expect((await revisionsOf(post.id)).map((r) => r.refused)).toEqual([false, false, false]);
  });

  it('answers 404, not 409, for a post that is gone', async () => {
    const post = await createPost();
    expect((await admin('DELETE', `/api/blog-posts/${post.id}`)).statusCode).toBe(204);
    expectError(await save(post, { expectedUpdatedAt: post.updatedAt }), 404);
  });
});
