import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceRenderer } from '../../../tests/support/fuzz.ts';
import { parseMail, startSmtpPeer, waitFor, type SmtpPeer } from '../../../tests/support/smtp.ts';
import { adminCookie, createTestApp, postPayload, tables } from '../../../tests/support/test-app.ts';
import type { AdminComment, AdminMessage, AdminPostRow, Stats } from '../../shared/back-office.ts';
import type { PostedComment } from '../../shared/comments.ts';
import type { Post } from '../../shared/posts.ts';
import * as entry from '../../client/entry-server.tsx';
import { SmtpMailer } from '../adapters/mailer.ts';
import { PUBLIC_CACHE } from '../http/cache-headers.ts';

const { comments, contactMessages } = tables;

const SITE_URL = 'http://localhost:3000';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

let nextAddress = 1;
const freshAddress = () => `10.9.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;
let nextSlug = 1;

/** A test app with its admin cookie and the few calls every test here makes. */
async function backOffice(env: Record<string, string> = {}, overrides: Parameters<typeof createTestApp>[1] = {}) {
  const t = await createTestApp({ SITE_URL, VISITOR_WRITE_LIMIT: '100000', ...env }, overrides);
  const cookie = await adminCookie(t.app);
  const admin = (method: 'GET' | 'PATCH' | 'DELETE' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
  const createPost = async (overrides: Record<string, unknown> = {}): Promise<Post> => {
    const response = await admin('POST', '/api/blog-posts', postPayload({ slug: `office-${nextSlug++}`, ...overrides }));
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Post>();
  };
  const comment = async (postId: string, fields: Record<string, unknown> = {}): Promise<PostedComment> => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/blog-posts/${postId}/comments`,
      payload: { author: 'Ada Obi', email: 'ada@example.org', content: 'Thank you for this.', ...fields },
      remoteAddress: freshAddress(),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<PostedComment>();
  };
  const message = async (fields: Record<string, unknown> = {}) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Zawadi', email: 'zawadi@example.org', subject: 'Hello', message: 'A question.', ...fields },
      remoteAddress: freshAddress(),
    });
    expect(response.statusCode, response.body).toBe(201);
  };
  return { t, cookie, admin, createPost, comment, message };
}
type BackOffice = Awaited<ReturnType<typeof backOffice>>;

const ADMIN_CALLS: Array<[method: 'GET' | 'PATCH' | 'DELETE', url: string, payload?: object]> = [
  ['GET', '/api/admin/comments'],
  ['GET', '/api/admin/comments?status=held'],
  ['PATCH', `/api/admin/comments/${UNKNOWN_ID}`, { status: 'published' }],
  ['DELETE', `/api/admin/comments/${UNKNOWN_ID}`],
  ['GET', '/api/admin/messages'],
  ['GET', '/api/admin/messages?unread=true'],
  ['PATCH', `/api/admin/messages/${UNKNOWN_ID}`, { read: true }],
  ['DELETE', `/api/admin/messages/${UNKNOWN_ID}`],
  ['GET', '/api/admin/stats'],
  ['GET', '/api/admin/stats?days=30'],
  ['GET', '/api/admin/posts'],
];

describe('the back office API', () => {
  let b: BackOffice;
  beforeAll(async () => {
    b = await backOffice();
  });
  afterAll(() => b.t.close());

  it.each(ADMIN_CALLS)('%s %s answers 401 JSON without the session cookie', async (method, url, payload) => {
    const response = await b.t.app.inject({ method, url, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });

  it.each([
    ['PATCH', `/api/admin/comments/${UNKNOWN_ID}`, { status: 'spam' }],
    ['PATCH', '/api/admin/comments/not-an-id', { status: 'spam' }],
    ['DELETE', `/api/admin/comments/${UNKNOWN_ID}`, undefined],
    ['DELETE', '/api/admin/comments/not-an-id', undefined],
    ['PATCH', `/api/admin/messages/${UNKNOWN_ID}`, { read: true }],
    ['PATCH', '/api/admin/messages/not-an-id', { read: false }],
    ['DELETE', `/api/admin/messages/${UNKNOWN_ID}`, undefined],
  ] as const)('%s %s answers 404 for an unknown id', async (method, url, payload) => {
    const response = await b.admin(method, url, payload);
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json()).toEqual({ message: expect.stringMatching(/not found/i) });
  });

  it.each([
    ['GET', '/api/admin/comments?status=approved', undefined],
    ['GET', '/api/admin/comments?limit=0', undefined],
    ['GET', '/api/admin/comments?limit=101', undefined],
    ['GET', '/api/admin/comments?before=yesterday', undefined],
    ['PATCH', `/api/admin/comments/${UNKNOWN_ID}`, { status: 'deleted' }],
    ['PATCH', `/api/admin/comments/${UNKNOWN_ID}`, {}],
    ['GET', '/api/admin/messages?unread=maybe', undefined],
    ['PATCH', `/api/admin/messages/${UNKNOWN_ID}`, { read: 'yes' }],
    ['GET', '/api/admin/stats?days=0', undefined],
    ['GET', '/api/admin/stats?days=366', undefined],
    ['GET', '/api/admin/posts?status=archived', undefined],
  ] as const)('%s %s answers 400 naming the problem', async (method, url, payload) => {
    const response = await b.admin(method, url, payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });

  it('lists comments with their post, e-mail and status; approves, marks as spam and deletes them', async () => {
    const post = await b.createPost({ title: 'Moderated post' });
    const held = await b.comment(post.id, {
      content: 'See http://a.example http://b.example http://c.example',
      author: 'Linker',
    });
    expect(held.status).toBe('held');

    const list = await b.admin('GET', '/api/admin/comments?status=held');
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('private, no-store');
    expect(list.json<AdminComment[]>().find((c) => c.id === held.id)).toEqual({
      id: held.id,
      postId: post.id,
      postTitle: 'Moderated post',
      postSlug: post.slug,
      author: 'Linker',
      email: 'ada@example.org',
      content: 'See http://a.example http://b.example http://c.example',
      status: 'held',
      createdAt: held.createdAt,
    });

    const approved = await b.admin('PATCH', `/api/admin/comments/${held.id}`, { status: 'published' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json<AdminComment>()).toMatchObject({ id: held.id, status: 'published', postTitle: 'Moderated post' });
    const visible = await b.t.app.inject({ url: `/api/blog-posts/${post.id}/comments` });
    expect(visible.json<Array<{ id: string }>>().map((c) => c.id)).toEqual([held.id]);

    expect((await b.admin('PATCH', `/api/admin/comments/${held.id}`, { status: 'spam' })).json()).toMatchObject({
      status: 'spam',
    });
    expect((await b.t.app.inject({ url: `/api/blog-posts/${post.id}/comments` })).json()).toEqual([]);
    const spam = (await b.admin('GET', '/api/admin/comments?status=spam')).json<AdminComment[]>();
    expect(spam.map((c) => c.id)).toContain(held.id);

    const deleted = await b.admin('DELETE', `/api/admin/comments/${held.id}`);
    expect(deleted.statusCode).toBe(204);
    expect(await b.t.db.select().from(comments).where(eq(comments.id, held.id))).toEqual([]);
    expect((await b.admin('DELETE', `/api/admin/comments/${held.id}`)).statusCode).toBe(404);
  });

  it('pages comments newest first with limit and before, and filters by status', async () => {
    const post = await b.createPost();
    const ids: string[] = [];
    for (let day = 1; day <= 5; day++) {
      const { id } = await b.comment(post.id, { content: `Paged ${day}` });
      await b.t.db
        .update(comments)
        .set({ createdAt: new Date(Date.UTC(2020, 0, day)) })
        .where(eq(comments.id, id));
      ids.push(id);
    }
    const first = (await b.admin('GET', '/api/admin/comments?status=published&limit=2&before=2020-01-06T00:00:00Z')).json<
      AdminComment[]
    >();
    expect(first.map((c) => c.content)).toEqual(['Paged 5', 'Paged 4']);
    const next = (
      await b.admin('GET', `/api/admin/comments?status=published&limit=2&before=${encodeURIComponent(first[1]!.createdAt)}`)
    ).json<AdminComment[]>();
    expect(next.map((c) => c.content)).toEqual(['Paged 3', 'Paged 2']);
    const held = (await b.admin('GET', '/api/admin/comments?status=held&before=2020-01-06T00:00:00Z')).json<AdminComment[]>();
    expect(held).toEqual([]);
    // Without a status every comment is listed, newest first: today's come before 2020's.
    const all = (await b.admin('GET', '/api/admin/comments?limit=100')).json<AdminComment[]>();
    const times = all.map((c) => Date.parse(c.createdAt));
    expect(times).toEqual([...times].sort((x, y) => y - x));
  });

  it('never skips a row of the same millisecond as the last one seen when the page gives beforeId', async () => {
    const post = await b.createPost();
    const ids: Record<string, string> = {};
    // Two comments in one millisecond (the database keeps microseconds), one a millisecond earlier.
    for (const [name, time] of [
      ['a', '2019-05-01T10:00:00.123456Z'],
      ['b', '2019-05-01T10:00:00.123100Z'],
      ['c', '2019-05-01T10:00:00.122000Z'],
    ] as const) {
      const { id } = await b.comment(post.id, { content: `Same ms ${name}` });
      await b.t.db.execute(sql`update comments set created_at = ${time}::timestamptz where id = ${id}::uuid`);
      ids[name] = id;
    }
    const page = (query: string) =>
      b.admin('GET', `/api/admin/comments?limit=1&${query}`).then((r) => r.json<AdminComment[]>().map((c) => c.content));
    const first = (await b.admin('GET', '/api/admin/comments?limit=1&before=2019-05-01T10:00:01Z')).json<AdminComment[]>()[0]!;
    expect(first.createdAt).toBe('2019-05-01T10:00:00.123Z');
    const cursor = `before=${encodeURIComponent(first.createdAt)}&beforeId=${first.id}`;
    const second = await page(cursor);
    expect(second).toHaveLength(1);
    expect(new Set([first.content, ...second])).toEqual(new Set(['Same ms a', 'Same ms b']));
    const secondId = first.id === ids.a ? ids.b : ids.a;
    expect(await page(`before=${encodeURIComponent(first.createdAt)}&beforeId=${secondId}`)).toEqual(['Same ms c']);
    // With the time alone the next page starts at the next millisecond.
    expect(await page(`before=${encodeURIComponent(first.createdAt)}`)).toEqual(['Same ms c']);
  });

  it('keeps the inbox newest first, marks messages read and unread, filters the unread, deletes', async () => {
    await b.message({ email: 'first@example.org', subject: 'First' });
    await b.message({ email: 'second@example.org', subject: 'Second' });
    await b.t.db
      .update(contactMessages)
      .set({ createdAt: new Date('2021-01-01T00:00:00Z') })
      .where(eq(contactMessages.email, 'first@example.org'));
    const inbox = await b.admin('GET', '/api/admin/messages');
    expect(inbox.statusCode).toBe(200);
    expect(inbox.headers['cache-control']).toBe('private, no-store');
    const messages = inbox.json<AdminMessage[]>();
    expect(messages.map((m) => m.subject)).toEqual(['Second', 'First']);
    expect(messages[0]).toEqual({
      id: expect.any(String),
      name: 'Zawadi',
      email: 'second@example.org',
      subject: 'Second',
      message: 'A question.',
      createdAt: expect.any(String),
      readAt: null,
      notifiedAt: null,
    });
    const first = messages[1]!;

    const read = await b.admin('PATCH', `/api/admin/messages/${first.id}`, { read: true });
    expect(read.statusCode).toBe(200);
    const readAt = read.json<AdminMessage>().readAt;
    expect(Date.parse(readAt!)).toBeGreaterThan(Date.now() - 60_000);
    // Reading it again keeps the first time it was read.
    expect((await b.admin('PATCH', `/api/admin/messages/${first.id}`, { read: true })).json<AdminMessage>().readAt).toBe(readAt);
    const unread = (await b.admin('GET', '/api/admin/messages?unread=true')).json<AdminMessage[]>();
    expect(unread.map((m) => m.subject)).toEqual(['Second']);
    const stats = (await b.admin('GET', '/api/admin/stats')).json<Stats>();
    expect(stats.messages).toEqual({ unread: 1, total: 2 });

    expect((await b.admin('PATCH', `/api/admin/messages/${first.id}`, { read: false })).json<AdminMessage>().readAt).toBeNull();
    expect((await b.admin('GET', '/api/admin/messages?unread=true')).json<AdminMessage[]>()).toHaveLength(2);
    expect((await b.admin('GET', '/api/admin/messages?limit=1')).json<AdminMessage[]>().map((m) => m.subject)).toEqual([
      'Second',
    ]);
    const older = await b.admin('GET', `/api/admin/messages?before=${encodeURIComponent(messages[0]!.createdAt)}`);
    expect(older.json<AdminMessage[]>().map((m) => m.subject)).toEqual(['First']);

    expect((await b.admin('DELETE', `/api/admin/messages/${first.id}`)).statusCode).toBe(204);
    expect((await b.admin('GET', '/api/admin/messages')).json<AdminMessage[]>().map((m) => m.subject)).toEqual(['Second']);
  });

  it('lists every post for the table with status, views and comment counts; filters, searches and pages', async () => {
    const published = await b.createPost({ title: 'Zebra crossings of Accra' });
    const draft = await b.createPost({ title: 'Zebra draft notes', published: false });
    await b.comment(published.id);
    await b.comment(published.id, { content: 'spam spam http://a.example http://b.example http://c.example' });
    await b.comment(published.id, { website: 'bot' });
    await b.t.app.inject({ url: `/api/blog-posts/${published.slug}`, headers: { 'user-agent': BROWSER } });

    const rows = (await b.admin('GET', '/api/admin/posts?q=zebra')).json<AdminPostRow[]>();
    expect(rows.map((r) => r.title)).toEqual(['Zebra draft notes', 'Zebra crossings of Accra']);
    expect(rows[1]).toEqual({
      id: published.id,
      title: 'Zebra crossings of Accra',
      slug: published.slug,
      status: 'published',
      createdAt: published.createdAt,
      updatedAt: published.updatedAt,
      views: 1,
      // The published and the held comment; spam is not counted.
      comments: 2,
    });
    expect(rows[0]).toMatchObject({ id: draft.id, status: 'draft', views: 0, comments: 0 });
    expect((await b.admin('GET', '/api/admin/posts?q=zebra&status=draft')).json<AdminPostRow[]>().map((r) => r.id)).toEqual([
      draft.id,
    ]);
    expect((await b.admin('GET', '/api/admin/posts?q=zebra&status=published')).json<AdminPostRow[]>().map((r) => r.id)).toEqual([
      published.id,
    ]);
    expect((await b.admin('GET', '/api/admin/posts?status=scheduled')).json()).toEqual([]);
    const page = (await b.admin('GET', `/api/admin/posts?q=zebra&before=${encodeURIComponent(draft.updatedAt)}`)).json<
      AdminPostRow[]
    >();
    expect(page.map((r) => r.id)).toEqual([published.id]);
  });
});

describe('moderation (COMMENT_MODERATION) and spam rules (COMMENT_BLOCKLIST)', () => {
  const apps: BackOffice[] = [];
  afterAll(() => Promise.all(apps.map((b) => b.t.close())));
  const start = async (env: Record<string, string>) => {
    const b = await backOffice(env);
    apps.push(b);
    return { ...b, post: await b.createPost() };
  };

  it('off (the default) publishes at once', async () => {
    const b = await start({});
    expect((await b.comment(b.post.id)).status).toBe('published');
  });

  it('all holds every comment, even from a known commenter', async () => {
    const b = await start({ COMMENT_MODERATION: 'all' });
    const first = await b.comment(b.post.id);
    expect(first.status).toBe('held');
    await b.admin('PATCH', `/api/admin/comments/${first.id}`, { status: 'published' });
    expect((await b.comment(b.post.id)).status).toBe('held');
  });

  it('first-time holds a comment until its e-mail address has a published one (any case)', async () => {
    const b = await start({ COMMENT_MODERATION: 'first-time' });
    const first = await b.comment(b.post.id, { email: 'new@example.org' });
    expect(first.status).toBe('held');
    // Held is not enough: only an approved comment makes the address known.
    expect((await b.comment(b.post.id, { email: 'new@example.org' })).status).toBe('held');
    await b.admin('PATCH', `/api/admin/comments/${first.id}`, { status: 'published' });
    expect((await b.comment(b.post.id, { email: 'NEW@example.org' })).status).toBe('published');
    expect((await b.comment(b.post.id, { email: 'other@example.org' })).status).toBe('held');
  });

  it('holds a comment with more than 2 links whatever the setting; 2 links pass', async () => {
    const b = await start({});
    expect((await b.comment(b.post.id, { content: 'See https://a.example and http://b.example' })).status).toBe('published');
    expect((await b.comment(b.post.id, { content: 'https://a.example www.b.example http://c.example' })).status).toBe('held');
  });

  it('holds a comment with a blocklisted word in its text, name or e-mail, as a whole word in any case', async () => {
    const b = await start({ COMMENT_BLOCKLIST: 'casino, cheap pills ,spam.example' });
    expect((await b.comment(b.post.id, { content: 'Best CASINO in town' })).status).toBe('held');
    expect((await b.comment(b.post.id, { content: 'Buy cheap pills now' })).status).toBe('held');
    expect((await b.comment(b.post.id, { author: 'Casino King' })).status).toBe('held');
    expect((await b.comment(b.post.id, { email: 'bob@spam.example' })).status).toBe('held');
    // A word that merely contains one is not that word.
    expect((await b.comment(b.post.id, { content: 'The casinos of Monaco, in passing.' })).status).toBe('published');
  });

  it('stores a filled honeypot as spam, whatever the setting, and answers 201', async () => {
    const b = await start({ COMMENT_MODERATION: 'off' });
    const bot = await b.comment(b.post.id, { website: 'https://bot.example' });
    expect(bot.status).toBe('held');
    const spam = (await b.admin('GET', '/api/admin/comments?status=spam')).json<AdminComment[]>();
    expect(spam.map((c) => c.id)).toEqual([bot.id]);
  });

  it('refuses an unknown COMMENT_MODERATION at start-up, naming it', async () => {
    await expect(backOffice({ COMMENT_MODERATION: 'sometimes' })).rejects.toThrow(/COMMENT_MODERATION/);
  });
});

describe('visitors never see a held or spam comment, nor a commenter’s e-mail', () => {
  let b: BackOffice;
  let post: Post;
  beforeAll(async () => {
    const renderer = sourceRenderer(entry, readFileSync('index.html', 'utf8'), SITE_URL);
    b = await backOffice({ COMMENT_BLOCKLIST: 'forbidden' }, { renderer });
    post = await b.createPost({ title: 'Open to comments' });
    await b.comment(post.id, { content: 'Visible comment text', email: 'visible-commenter@example.org' });
    await b.comment(post.id, { content: 'Held forbidden text', email: 'held-commenter@example.org' });
    await b.comment(post.id, { content: 'Honeypot bot text', email: 'bot-commenter@example.org', website: 'x' });
  });
  afterAll(() => b.t.close());

  it.each([
    '/api/blog-posts/{id}/comments',
    '/api/blog-posts/{slug}',
    '/api/blog-posts',
    '/blog/{slug}',
    '/blog',
    '/',
    '/rss.xml',
  ])('%s', async (pattern) => {
    const url = pattern.replace('{id}', post.id).replace('{slug}', post.slug);
    for (const headers of [{}, { cookie: b.cookie }]) {
      const response = await b.t.app.inject({ url, headers });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('Held forbidden text');
      expect(response.body).not.toContain('Honeypot bot text');
      expect(response.body).not.toMatch(/-commenter@example\.org/);
    }
    if (pattern.includes('comments') || pattern === '/blog/{slug}') {
      expect((await b.t.app.inject({ url })).body).toContain('Visible comment text');
    }
  });

  it.each(['/admin', '/admin/posts', '/admin/comments', '/admin/messages'])(
    '%s is rendered with noindex, no comment or e-mail in it, and is never stored by a cache',
    async (url) => {
      for (const headers of [{}, { cookie: b.cookie }]) {
        const response = await b.t.app.inject({ url, headers });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toMatch(/^text\/html/);
        expect(response.headers['cache-control']).toBe('private, no-store');
        expect(response.body).toMatch(/<meta name="robots" content="noindex"/);
        expect(response.body).not.toMatch(/comment text|-commenter@example\.org/i);
      }
    },
  );

  it("a reader's page is private, no-store when the admin's session asks for it", async () => {
    const url = `/blog/${post.slug}`;
    expect((await b.t.app.inject({ url })).headers['cache-control']).toBe(PUBLIC_CACHE);
    expect((await b.t.app.inject({ url, headers: { cookie: b.cookie } })).headers['cache-control']).toBe('private, no-store');
  });
});

describe('the dashboard numbers (GET /api/admin/stats)', () => {
  let b: BackOffice;
  let now = new Date('2026-03-10T12:00:00Z');
  beforeAll(async () => {
    b = await backOffice({}, { clock: () => now });
  });
  afterAll(() => b.t.close());

  const read = (slug: string, ip: string) =>
    b.t.app.inject({ url: `/api/blog-posts/${slug}`, headers: { 'user-agent': BROWSER }, remoteAddress: ip });

  it('counts posts, comments and messages, readers per day over the window with zeros, and the most read posts', async () => {
    const popular = await b.createPost({ title: 'Popular' });
    const quiet = await b.createPost({ title: 'Quiet' });
    await b.createPost({ title: 'Unfinished', published: false });
    await b.comment(popular.id);
    await b.comment(popular.id, { content: 'http://a.example http://b.example http://c.example' });
    await b.comment(popular.id, { website: 'bot' });
    await b.message();

    // Two readers on 8 March, three on 10 March (one of them twice: counted once).
    now = new Date('2026-03-08T09:00:00Z');
    await read(popular.slug, '10.1.0.1');
    await read(quiet.slug, '10.1.0.1');
    now = new Date('2026-03-10T09:00:00Z');
    for (const ip of ['10.1.0.1', '10.1.0.2', '10.1.0.2']) await read(popular.slug, ip);
    await read(quiet.slug, '10.1.0.3');

    const response = await b.admin('GET', '/api/admin/stats?days=5');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const stats = response.json<Stats>();
    expect(stats.posts).toEqual({ published: 2, drafts: 1, scheduled: 0 });
    expect(stats.comments).toEqual({ held: 1, published: 1, spam: 1 });
    expect(stats.messages).toEqual({ unread: 1, total: 1 });
    expect(stats.views).toEqual([
      { day: '2026-03-06', views: 0 },
      { day: '2026-03-07', views: 0 },
      { day: '2026-03-08', views: 2 },
      { day: '2026-03-09', views: 0 },
      { day: '2026-03-10', views: 3 },
    ]);
    expect(stats.topPosts).toEqual([
      { id: popular.id, title: 'Popular', slug: popular.slug, views: 3 },
      { id: quiet.id, title: 'Quiet', slug: quiet.slug, views: 2 },
    ]);
    expect((await b.admin('GET', '/api/admin/stats')).json<Stats>().views).toHaveLength(30);
  });

  it('keeps the daily counts after the readers of past days are forgotten', async () => {
    // A read on a later day deletes every earlier day's reader hashes (services/posts/views.ts).
    const post = await b.createPost({ title: 'Later' });
    now = new Date('2026-03-12T09:00:00Z');
    await read(post.slug, '10.1.0.9');
    const views = (await b.admin('GET', '/api/admin/stats?days=5')).json<Stats>().views;
    expect(views).toEqual([
      { day: '2026-03-08', views: 2 },
      { day: '2026-03-09', views: 0 },
      { day: '2026-03-10', views: 3 },
      { day: '2026-03-11', views: 0 },
      { day: '2026-03-12', views: 1 },
    ]);
  });
});

describe('comment notifications with SMTP_URL (a real SMTP peer)', () => {
  let smtp: SmtpPeer;
  let b: BackOffice;
  let post: Post;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    b = await backOffice(
      { SMTP_URL: smtp.url, CONTACT_TO: 'author@example.com', COMMENT_BLOCKLIST: 'lottery' },
      { mailer: new SmtpMailer({ url: smtp.url, to: 'author@example.com' }) },
    );
    post = await b.createPost({ title: 'Notified post' });
  });
  afterAll(async () => {
    await b?.t.close();
    await smtp?.close();
  });

  const mailAbout = (email: string) =>
    waitFor(async () => smtp.received.find((m) => m.raw.includes(email)), `a mail about ${email}`);

  it('mails CONTACT_TO each published comment, with the text and a link to /admin/comments', async () => {
    await b.comment(post.id, { author: 'Kofi', email: 'kofi@example.org', content: 'Lovely piece about Accra.' });
    const mail = await mailAbout('kofi@example.org');
    expect(mail.envelope.rcptTo.map((r) => r.address)).toEqual(['author@example.com']);
    const { headers, text } = parseMail(mail.raw);
    expect(headers.get('subject')).toBe('New comment on "Notified post"');
    expect(headers.get('reply-to')).toContain('kofi@example.org');
    expect(text).toContain('Lovely piece about Accra.');
    expect(text).toContain(`${SITE_URL}/admin/comments`);
    expect(text).toContain(`${SITE_URL}/blog/${post.slug}`);
  });

  it('mails a held comment as awaiting moderation, and never a spam one', async () => {
    const before = smtp.received.length;
    await b.comment(post.id, { email: 'bot@example.org', content: 'Bot text', website: 'x' });
    await b.comment(post.id, { author: 'Lulu', email: 'lulu@example.org', content: 'Win the lottery today' });
    const { headers, text } = parseMail((await mailAbout('lulu@example.org')).raw);
    expect(headers.get('subject')).toBe('Comment awaiting moderation on "Notified post"');
    expect(text).toContain(`${SITE_URL}/admin/comments`);
    expect(smtp.received.slice(before).some((m) => m.raw.includes('bot@example.org'))).toBe(false);
  });
});
