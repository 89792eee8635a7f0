import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie, createTestApp, postPayload, type TestApp, tables } from '../../../tests/support/test-app.ts';
import { LIMITS } from '../../shared/constants.ts';
import type { Comment, PostedComment } from '../../shared/comments.ts';
import type { Post } from '../../shared/posts.ts';

const { comments } = tables;

/** Each write comes from its own address unless a test says otherwise, so the write limit never interferes. */
let nextAddress = 1;
const freshAddress = () => `10.3.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

let postCount = 0;
const cookies = new Map<TestApp, string>();
async function createPost(t: TestApp, published = true): Promise<Post> {
  if (!cookies.has(t)) cookies.set(t, await adminCookie(t.app));
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/blog-posts',
    headers: { cookie: cookies.get(t)! },
    payload: postPayload({ slug: `commented-${++postCount}`, published }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Post>();
}

function postComment(t: TestApp, postId: string, payload: Record<string, unknown>, remoteAddress = freshAddress()) {
  return t.app.inject({ method: 'POST', url: `/api/blog-posts/${postId}/comments`, payload, remoteAddress });
}

function expectError(response: LightMyRequestResponse, status: number): void {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.json()).toEqual({ message: expect.any(String) });
}

const storedFor = (t: TestApp, postId: string) => t.db.select().from(comments).where(eq(comments.postId, postId));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const valid = { author: 'Amara Okafor', email: 'amara@example.org', content: 'This helped our club in Lagos.' };

describe('comments on a post', () => {
  let t: TestApp;
  let post: Post;
  beforeAll(async () => {
    t = await createTestApp();
    post = await createPost(t);
  });
  afterAll(() => t.close());

  const list = (postId: string, cookie?: string) =>
    t.app.inject({ url: `/api/blog-posts/${postId}/comments`, headers: cookie ? { cookie } : {} });

  it('stores a comment and answers 201 with its public shape, trimmed and without the e-mail address', async () => {
    const response = await postComment(t, post.id, {
      author: '  Kwame  ',
      email: 'kwame@example.org',
      content: '\n Great read \n',
      postId: post.id,
    });
    expect(response.statusCode).toBe(201);
    const comment = response.json<Comment>();
    expect(comment).toEqual({
      id: expect.stringMatching(UUID),
      postId: post.id,
      author: 'Kwame',
      content: 'Great read',
      createdAt: expect.any(String),
      status: 'published',
    });
    expect(Date.parse(comment.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    const [row] = await t.db.select().from(comments).where(eq(comments.id, comment.id));
    expect(row).toMatchObject({ postId: post.id, author: 'Kwame', email: 'kwame@example.org', content: 'Great read' });
  });

  it('lists comments newest first, and never sends e-mail addresses', async () => {
    const target = await createPost(t);
    const sent: PostedComment[] = [];
    for (const n of [1, 2, 3])
      sent.push(
        (
          await postComment(t, target.id, { ...valid, email: `reader${n}@example.org`, content: `Comment ${n}` })
        ).json<PostedComment>(),
      );
    // Pin the times so that the order does not depend on the clock's resolution.
    for (const [i, c] of sent.entries()) {
      await t.db
        .update(comments)
        .set({ createdAt: new Date(Date.UTC(2025, 0, 1 + i)) })
        .where(eq(comments.id, c.id));
    }
    const response = await list(target.id);
    expect(response.statusCode).toBe(200);
    expect(response.json<Comment[]>().map((c) => c.content)).toEqual(['Comment 3', 'Comment 2', 'Comment 1']);
    const { status: _status, ...published } = sent[2]!;
    expect(response.json<Comment[]>()[0]).toEqual({ ...published, createdAt: '2025-01-03T00:00:00.000Z' });
    expect(response.body).not.toMatch(/email|@example\.org/i);
  });

  it("keeps a post's list for every reader, whatever the id's case, and shows a new comment at once", async () => {
    const read = await createPost(t);
    await postComment(t, read.id, { ...valid, content: 'First thoughts' });
    const first = await list(read.id);
    expect(first.json<Comment[]>().map((c) => c.content)).toEqual(['First thoughts']);
    // Read, serialised and compressed once per change, not two queries per reader.
    expect(t.app.pageCache.get(`/api/blog-posts/${read.id}/comments`)).toBeDefined();
    const kept = t.app.pageCache.size;
    const again = await list(read.id.toUpperCase());
    // The same entry: an id's case makes no second one.
    expect(t.app.pageCache.size).toBe(kept);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.body).toBe(first.body);
    await postComment(t, read.id, { ...valid, content: 'Second thoughts' });
    const after = await list(read.id);
    expect(
      after
        .json<Comment[]>()
        .map((c) => c.content)
        .sort(),
    ).toEqual(['First thoughts', 'Second thoughts']);
    expect(after.headers.etag).not.toBe(first.headers.etag);
  });

  it('lists nothing for a post without comments', async () => {
    const quiet = await createPost(t);
    expect((await list(quiet.id)).json()).toEqual([]);
  });

  it('answers 404 for comments of an unknown post or a malformed id, reading or writing', async () => {
    for (const id of [UNKNOWN_ID, 'not-a-uuid']) {
      expectError(await list(id), 404);
      expectError(await postComment(t, id, valid), 404);
    }
    expect(await t.db.select().from(comments).where(eq(comments.content, valid.content))).toEqual([]);
  });

  it("hides a draft's comments from visitors (404), reading or writing; the admin sees them", async () => {
    const draft = await createPost(t, false);
    await t.db.insert(comments).values({ postId: draft.id, author: 'Early', email: 'early@example.org', content: 'Draft note' });
    expectError(await list(draft.id), 404);
    expectError(await postComment(t, draft.id, valid), 404);
    const asAdmin = await list(draft.id, await adminCookie(t.app));
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json<Comment[]>().map((c) => c.content)).toEqual(['Draft note']);
    expect(asAdmin.body).not.toContain('early@example.org');
    expect(await storedFor(t, draft.id)).toHaveLength(1);
  });

  it('answers 400 JSON for a missing or blank author, email or content, or a bad e-mail address, and stores nothing', async () => {
    const target = await createPost(t);
    const invalid: Array<Record<string, unknown>> = [
      { ...valid, author: undefined },
      { ...valid, email: undefined },
      { ...valid, content: undefined },
      { ...valid, author: '   ' },
      { ...valid, email: '' },
      { ...valid, content: ' \n ' },
      { ...valid, email: 'not-an-email' },
      { ...valid, email: 'two@@example.org' },
      { ...valid, author: 42 },
      {},
    ];
    for (const payload of invalid) expectError(await postComment(t, target.id, payload), 400);
    expect(await storedFor(t, target.id)).toEqual([]);
  });

  it('answers 400 JSON for fields over their length caps, and accepts them at the caps', async () => {
    const target = await createPost(t);
    const email = (length: number) => `${'e'.repeat(length - '@example.org'.length)}@example.org`;
    const tooLong = [
      { ...valid, author: 'a'.repeat(LIMITS.name + 1) },
      { ...valid, content: 'c'.repeat(LIMITS.comment + 1) },
      { ...valid, email: email(LIMITS.email + 1) },
      { ...valid, website: 'w'.repeat(LIMITS.url + 1) },
    ];
    for (const payload of tooLong) expectError(await postComment(t, target.id, payload), 400);
    expect(await storedFor(t, target.id)).toEqual([]);

    const atCaps = { author: 'a'.repeat(LIMITS.name), content: 'c'.repeat(LIMITS.comment), email: email(60) };
    expect((await postComment(t, target.id, atCaps)).statusCode).toBe(201);
    expect((await storedFor(t, target.id))[0]).toMatchObject(atCaps);
  });

  it('answers 201 like a held comment when the honeypot is filled, stores it as spam, shows it to no reader', async () => {
    const target = await createPost(t);
    const response = await postComment(t, target.id, { ...valid, website: 'https://spam.example' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.stringMatching(UUID),
      postId: target.id,
      author: valid.author,
      content: valid.content,
      createdAt: expect.any(String),
      status: 'held',
    });
    expect((await storedFor(t, target.id)).map((row) => row.status)).toEqual(['spam']);
    expect((await list(target.id)).json()).toEqual([]);

    expect((await postComment(t, target.id, { ...valid, website: '' })).statusCode).toBe(201);
    expect((await storedFor(t, target.id)).map((row) => row.status).sort()).toEqual(['published', 'spam']);
  });

  it('answers 400 when the postId in the body names another post, and accepts it in upper case', async () => {
    const target = await createPost(t);
    const other = await createPost(t);
    expectError(await postComment(t, target.id, { ...valid, postId: other.id }), 400);
    expectError(await postComment(t, target.id, { ...valid, postId: 'not-a-uuid' }), 400);
    expect(await storedFor(t, target.id)).toEqual([]);
    expect(await storedFor(t, other.id)).toEqual([]);
    expect((await postComment(t, target.id, { ...valid, postId: target.id.toUpperCase() })).statusCode).toBe(201);
  });
});

describe('comment write limit (VISITOR_WRITE_LIMIT=2)', () => {
  let t: TestApp;
  let post: Post;
  beforeAll(async () => {
    t = await createTestApp({ VISITOR_WRITE_LIMIT: '2' });
    post = await createPost(t);
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After for the third comment from one address, and does not store it', async () => {
    const address = freshAddress();
    const send = (n: number) => postComment(t, post.id, { ...valid, content: `Limited ${n}` }, address);
    expect((await send(1)).statusCode).toBe(201);
    expect((await send(2)).statusCode).toBe(201);
    const third = await send(3);
    expectError(third, 429);
    const retryAfter = Number(third.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(10 * 60);
    expect((await storedFor(t, post.id)).map((c) => c.content).sort()).toEqual(['Limited 1', 'Limited 2']);
    // Another visitor is not affected.
    expect((await postComment(t, post.id, valid, freshAddress())).statusCode).toBe(201);
  });

  it('shares one budget between comments and contact messages', async () => {
    const address = freshAddress();
    const contact = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { name: 'Nia', email: 'nia@example.org', message: 'Hello' },
        remoteAddress: address,
      });
    expect((await contact()).statusCode).toBe(201);
    expect((await postComment(t, post.id, { ...valid, content: 'Shared 1' }, address)).statusCode).toBe(201);
    expectError(await postComment(t, post.id, { ...valid, content: 'Shared 2' }, address), 429);
    expectError(await contact(), 429);
    expect((await storedFor(t, post.id)).map((c) => c.content)).not.toContain('Shared 2');
  });
});
