import { asc, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie, createTestApp, postPayload, type TestApp, tables } from '../../../tests/support/test-app.ts';
import { postSchema, type Post } from '../../shared/posts.ts';

const { blogPosts, comments, postSearch } = tables;

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await adminCookie(t.app);
});
afterAll(() => t.close());

type Payload = Record<string, unknown>;
const request = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Payload | string, admin = false) =>
  t.app.inject({ method, url, payload, headers: admin ? { cookie } : {} });
const get = (url: string, admin = false) => request('GET', url, undefined, admin);
const list = async (query: string, admin = false): Promise<Post[]> => {
  const response = await get(`/api/blog-posts${query}`, admin);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Post[]>();
};

/** Every failure answer is JSON { message } with a non-empty message. */
function expectError(response: LightMyRequestResponse, status: number): void {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.json()).toEqual({ message: expect.any(String) });
  expect(response.json<{ message: string }>().message.length).toBeGreaterThan(0);
}

/** A single post's answer without the rendered body, to compare with the post as stored. */
const withoutHtml = (response: LightMyRequestResponse): Post => {
  const { html, ...post } = response.json<Post & { html: string }>();
  expect(typeof html).toBe('string');
  return post;
};

let counter = 0;
const unique = (word: string) => `${word}-${++counter}`;
async function createPost(overrides: Payload = {}): Promise<Post> {
  const response = await request('POST', '/api/blog-posts', postPayload({ slug: unique('post'), ...overrides }), true);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Post>();
}
/** Pins a post's creation time, so that ordering does not depend on the clock's resolution. */
const setCreatedAt = (id: string, date: Date) =>
  t.db.update(blogPosts).set({ createdAt: date, updatedAt: date }).where(eq(blogPosts.id, id));
const ids = (posts: Post[]) => posts.map((p) => p.id);
const isNewestFirst = (posts: Post[]) =>
  posts.every((p, i) => i === 0 || Date.parse(posts[i - 1]!.createdAt) >= Date.parse(p.createdAt));

describe('GET /api/blog-posts', () => {
  let older: Post, draft: Post, newer: Post;
  beforeAll(async () => {
    older = await createPost({ published: true });
    draft = await createPost({ published: false });
    newer = await createPost({ published: true });
    const day = 24 * 3600 * 1000;
    await setCreatedAt(older.id, new Date(Date.now() - 3 * day));
    await setCreatedAt(draft.id, new Date(Date.now() - 2 * day));
    await setCreatedAt(newer.id, new Date(Date.now() - day));
  });

  it('shows visitors only published posts, newest first, with or without published=true', async () => {
    for (const query of ['', '?published=true']) {
      const posts = await list(query);
      expect(posts.every((p) => p.published)).toBe(true);
      expect(ids(posts)).not.toContain(draft.id);
      expect(isNewestFirst(posts)).toBe(true);
      expect(ids(posts).indexOf(newer.id)).toBeLessThan(ids(posts).indexOf(older.id));
      expect(ids(posts)).toContain(older.id);
    }
  });

  it('answers 401 to a visitor asking for drafts, and only drafts to the admin', async () => {
    expectError(await get('/api/blog-posts?published=false'), 401);
    const drafts = await list('?published=false', true);
    expect(ids(drafts)).toContain(draft.id);
    expect(drafts.every((p) => !p.published)).toBe(true);
    const published = await list('?published=true', true);
    expect(ids(published)).toEqual(ids(await list('')));
    // Unfiltered, the admin sees both.
    expect(ids(await list('', true))).toEqual(expect.arrayContaining([older.id, draft.id, newer.id]));
  });

  it('returns at most `limit` posts: the newest ones', async () => {
    const all = await list('?published=true');
    expect(all.length).toBeGreaterThanOrEqual(2);
    expect(ids(await list('?published=true&limit=1'))).toEqual(ids(all).slice(0, 1));
    expect(ids(await list('?published=true&limit=2'))).toEqual(ids(all).slice(0, 2));
  });

  it('skips `offset` posts, with or without a limit: the next page of the same order', async () => {
    const all = await list('?published=true');
    expect(ids(await list('?published=true&limit=1&offset=1'))).toEqual(ids(all).slice(1, 2));
    expect(ids(await list('?published=true&offset=1'))).toEqual(ids(all).slice(1));
    expect(await list(`?published=true&offset=${all.length}`)).toEqual([]);
  });

  it('answers 400 to a bad limit, published flag or over-long search', async () => {
    for (const query of [
      'limit=0',
      'limit=-1',
      'limit=abc',
      'limit=1.5',
      'limit=1001',
      'offset=-1',
      'offset=abc',
      'published=yes',
      `search=${'a'.repeat(201)}`,
    ]) {
      expectError(await get(`/api/blog-posts?${query}`), 400);
    }
  });
});

describe('GET /api/blog-posts?search=', () => {
  let solar: Post, excerptOnly: Post, contentOnly: Post, tagged: Post, symbols: Post, hidden: Post;
  const search = async (term: string, admin = false) => ids(await list(`?search=${encodeURIComponent(term)}`, admin));
  beforeAll(async () => {
    solar = await createPost({ title: 'Solar Powered Classrooms in Turkana', excerpt: 'Energy for rural schools' });
    excerptOnly = await createPost({ title: 'Field Notes', excerpt: 'Mentorship through hackathons', content: 'Plain words.' });
    contentOnly = await createPost({
      title: 'Another Note',
      excerpt: '',
      content: 'We built a ZX Spectrum emulator with Kigali teenagers.',
    });
    tagged = await createPost({ title: 'Tag Holder', excerpt: '', content: 'Nothing else.', tags: ['Robotics'] });
    symbols = await createPost({
      title: 'Results: 100% pass',
      excerpt: '',
      content: 'Wrote C# and snake_case code for e-learning.',
    });
    hidden = await createPost({ title: 'Solar Draft Hackathons', published: false });
  });

  it('finds words in the title, excerpt, content and tags, ignoring case', async () => {
    expect(await search('SOLAR')).toEqual([solar.id]);
    expect(await search('hackathons')).toEqual([excerptOnly.id]);
    expect(await search('Kigali')).toEqual([contentOnly.id]);
    expect(await search('robotics')).toEqual([tagged.id]);
  });

  it('never shows a visitor a matching draft; the admin finds it', async () => {
    expect(await search('solar')).not.toContain(hidden.id);
    expect(await search('solar', true)).toEqual(expect.arrayContaining([solar.id, hidden.id]));
  });

  it('matches word prefixes and requires every word', async () => {
    expect(await search('classr')).toEqual([solar.id]);
    expect(await search('turk solar')).toEqual([solar.id]);
    expect(await search('solar kigali')).toEqual([]);
  });

  it('finds a word while it is still being typed, even past the point where stemming cuts it', async () => {
    const teaching = await createPost({
      title: 'Teachers First',
      excerpt: '',
      content: 'A graduation for rural teachers.',
      tags: [],
    });
    // "graduation" is indexed in English as "graduat": "graduatio" is no prefix of that, but is of the word.
    for (const partial of ['gradu', 'graduati', 'graduatio', 'graduation']) {
      expect(await search(partial), partial).toEqual([teaching.id]);
    }
    // A word English indexing leaves out ("for") still narrows the search as typed.
    expect(await search('for rural teach')).toEqual([teaching.id]);
  });

  it("keeps every post's search row as migration 0003 computed the document, through saves and deletes", async () => {
    // What post_search must hold for each post: 0003's expression over the post as it is now.
    const expected = () =>
      t.db
        .select({
          id: blogPosts.id,
          published: blogPosts.published,
          shown: sql<string>`${blogPosts.shownAt}::text`,
          search: sql<string>`(setweight(to_tsvector('english'::regconfig, title), 'A')
            || setweight(to_tsvector('english'::regconfig, array_to_string(tags, ' ')), 'A')
            || setweight(to_tsvector('english'::regconfig, coalesce(excerpt, '')), 'B')
            || setweight(to_tsvector('english'::regconfig, content), 'C')
            || to_tsvector('simple'::regconfig, concat_ws(' ', title, array_to_string(tags, ' '), coalesce(excerpt, ''), content)))::text`,
        })
        .from(blogPosts)
        .orderBy(asc(blogPosts.id));
    const stored = () =>
      t.db
        .select({
          id: postSearch.postId,
          published: postSearch.published,
          shown: sql<string>`${postSearch.shownAt}::text`,
          search: sql<string>`${postSearch.search}::text`,
        })
        .from(postSearch)
        .orderBy(asc(postSearch.postId));
    const before = await expected();
    expect(before.length).toBeGreaterThan(5);
    expect(await stored()).toEqual(before);

    // A post of this test's own, changed every way a save or the scheduler does, then deleted.
    const moving = await createPost({ title: 'Index Keeper', excerpt: '', content: 'Sorghum fields.' });
    const added = await expected();
    expect(await stored()).toEqual(added);
    await t.db.execute(sql`update blog_posts set title = 'Renamed for the index', published = false,
      publish_at = '2030-01-01T00:00:00Z' where id = ${moving.id}`);
    expect((await expected()).find((row) => row.id === moving.id)?.search).toContain('renam');
    expect(await stored()).toEqual(await expected());
    await t.db.execute(sql`update blog_posts set published = true where id = ${moving.id}`);
    expect(await stored()).toEqual(await expected());
    await t.db.execute(sql`delete from blog_posts where id = ${moving.id}`);
    const after = await expected();
    expect(after).toEqual(before);
    expect(await stored()).toEqual(after);
  });

  it('finds terms under 3 characters and hyphenated words by substring', async () => {
    expect(await search('zx')).toEqual([contentOnly.id]);
    expect(await search('c#')).toEqual([symbols.id]);
    expect(await search('E-Learning')).toEqual([symbols.id]);
  });

  it('treats % and _ literally, never as wildcards', async () => {
    expect(await search('%')).toEqual([symbols.id]);
    expect(await search('_')).toEqual([symbols.id]);
    expect(await search('100%')).toEqual([symbols.id]);
    expect(await search('snake_case')).toEqual([symbols.id]);
    expect(await search('e_learning')).toEqual([]);
  });

  it('answers 200 for text that is special to full-text query syntax', async () => {
    for (const term of ["solar & | ! ( ) :* '", '\\', "it's", 'a:b', '<->', '!!!']) {
      const response = await get(`/api/blog-posts?search=${encodeURIComponent(term)}`);
      expect(response.statusCode, term).toBe(200);
    }
    expect(await search('  ')).toEqual(await search(''));
  });
});

describe('GET /api/blog-posts/{slug or id}', () => {
  it('answers a published post by slug and by id with the full shape', async () => {
    const post = await createPost({ featuredImage: '/objects/cover.webp' });
    for (const key of [post.slug, post.id, post.id.toUpperCase()]) {
      const response = await get(`/api/blog-posts/${key}`);
      expect(response.statusCode, key).toBe(200);
      const { html, ...rest } = response.json<Post & { html: string }>();
      expect(rest).toEqual(post);
      expect(html).toContain('<strong>Kampala</strong>');
    }
    expect(postSchema.strict().parse(post)).toEqual(post);
  });

  it('carries the body rendered by the shared pipeline: no raw HTML, unsafe links blanked', async () => {
    const post = await createPost({
      content: '## Plan\n\n<script>alert(1)</script>\n\n[x](javascript:alert(1)) [y](https://example.org)',
    });
    const { html } = (await get(`/api/blog-posts/${post.slug}`)).json<{ html: string }>();
    expect(html).toContain('<h2 id="plan">Plan</h2>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('<a href="https://example.org" rel="noopener noreferrer" target="_blank">y</a>');
  });

  it('answers 401 for a draft to a visitor and 200 to the admin', async () => {
    const draft = await createPost({ published: false });
    for (const key of [draft.slug, draft.id]) {
      expectError(await get(`/api/blog-posts/${key}`), 401);
      expect(withoutHtml(await get(`/api/blog-posts/${key}`, true))).toEqual(draft);
    }
  });

  it('answers 404 for an unknown slug or id', async () => {
    expectError(await get('/api/blog-posts/no-such-post'), 404);
    expectError(await get('/api/blog-posts/00000000-0000-4000-8000-000000000000', true), 404);
  });

  // Needs the router to accept parameters as long as a slug may be (Fastify's maxParamLength
  // defaults to 100 and answers 414 with its own body), see routerOptions in app.ts.
  it('reads a post with a slug of the maximum 200 characters, and answers 400 JSON for longer parameters', async () => {
    const long = await createPost({ slug: 's'.repeat(200) });
    expect(withoutHtml(await get(`/api/blog-posts/${long.slug}`))).toEqual(long);
    expectError(await get(`/api/blog-posts/${'x'.repeat(201)}`), 400);
    expectError(await request('PUT', `/api/blog-posts/${'x'.repeat(101)}`, postPayload(), true), 400);
    expectError(await request('DELETE', `/api/blog-posts/${'x'.repeat(101)}`, undefined, true), 400);
  });
});

describe('POST /api/blog-posts', () => {
  const post = (payload: Payload | string, admin = true) => request('POST', '/api/blog-posts', payload, admin);

  it('answers 401 without an admin session, before looking at the body, and stores nothing', async () => {
    expectError(await post({}, false), 401);
    expectError(await post('{not json', false), 401);
    expectError(await post(postPayload({ slug: 'visitor-attempt' }), false), 401);
    expectError(await get('/api/blog-posts/visitor-attempt', true), 404);
  });

  it('creates a post with defaults: 201, no tags, unpublished, read time computed, empty fields left out', async () => {
    const content = `${'word '.repeat(401)}`;
    const response = await post({ title: '  Minimal Post  ', content, excerpt: '   ', featuredImage: '' });
    expect(response.statusCode).toBe(201);
    const created = response.json<Post>();
    expect(created).toEqual({
      id: expect.any(String),
      title: 'Minimal Post',
      slug: 'minimal-post',
      content: content.trim(),
      tags: [],
      published: false,
      metadata: { readTime: 3 },
      createdAt: expect.any(String),
      updatedAt: created.createdAt,
    });
    expect(Date.parse(created.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(withoutHtml(await get(`/api/blog-posts/${created.id}`, true))).toEqual(created);
  });

  it('keeps what the editor sends: trimmed slug, tags, excerpt, cover, published and metadata', async () => {
    const payload = postPayload({
      slug: '  kept-slug  ',
      featuredImage: ' /objects/a.webp ',
      metadata: { readTime: 7, author: 'Amina' },
    });
    const created = (await post(payload)).json<Post>();
    expect(created).toMatchObject({
      slug: 'kept-slug',
      excerpt: payload.excerpt,
      featuredImage: '/objects/a.webp',
      tags: payload.tags,
      published: true,
      metadata: { readTime: 7, author: 'Amina' },
    });
  });

  it('derives the slug from the title when it is empty, blank or absent (SPEC.md section 5)', async () => {
    const derived = async (slug: unknown, title: string) => (await createPost({ slug, title })).slug;
    expect(await derived('', '  Hello, World! 2025  ')).toBe('hello-world-2025');
    expect(await derived('   ', '--Ünïcode & C++ Clubs--')).toBe('n-code-c-clubs');
    expect(await derived(undefined, 'Absent Slug')).toBe('absent-slug');
  });

  it('answers 409 when the slug is taken, whether given or derived', async () => {
    const first = await createPost({ title: 'Taken Title', slug: '' });
    expect((await post(postPayload({ title: 'Taken Title', slug: '' }))).statusCode).toBe(409);
    const taken = await post(postPayload({ title: 'Other', slug: first.slug }));
    expect(taken.statusCode).toBe(409);
    // The first free slug comes with the refusal, for the editor to offer.
    expect(taken.json()).toEqual({ message: expect.any(String), field: 'slug', freeSlug: `${first.slug}-2` });
    await createPost({ title: 'Other', slug: `${first.slug}-2` });
    expect((await post(postPayload({ title: 'Third', slug: first.slug }))).json().freeSlug).toBe(`${first.slug}-3`);
  });

  it('answers 400 for invalid posts', async () => {
    const invalid: Payload[] = [
      { title: '!!! ???', slug: '', content: 'No letters or digits in the title.' },
      { content: 'No title' },
      { title: 'No content' },
      { title: '   ', content: 'Blank title' },
      { title: 'Blank content', content: ' \n ' },
      { title: 123, content: 'Wrong type' },
      { title: 'Wrong tags', content: 'x', tags: 'a,b' },
      { title: 'Wrong flag', content: 'x', published: 'yes' },
      { title: 'Wrong read time', content: 'x', metadata: { readTime: 'five' } },
      { title: 'Bad slug', content: 'x', slug: 'has space/and slash' },
      { title: 't'.repeat(301), content: 'Over-long title' },
    ];
    for (const payload of invalid) expectError(await post(payload), 400);
  });

  it('answers 400 to malformed JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/blog-posts',
      headers: { cookie, 'content-type': 'application/json' },
      payload: '{"title": "Broken", ',
    });
    expectError(response, 400);
  });

  it('accepts a long article above the general 1 MB body limit, and answers 413 above 4 MB', async () => {
    const long = await post(postPayload({ slug: 'long-article', content: '€'.repeat(400_000) }));
    expect(long.statusCode).toBe(201);
    expectError(await post(postPayload({ slug: 'huge-article', content: 'x'.repeat(4 * 1024 * 1024) })), 413);
  });

  it('ignores a view count sent by the client', async () => {
    const created = await createPost({ metadata: { readTime: 2, views: 9999, author: 'A' } });
    expect(created.metadata).toEqual({ readTime: 2, author: 'A' });
  });
});

describe('PUT /api/blog-posts/{id}', () => {
  const put = (id: string, payload: Payload, admin = true) => request('PUT', `/api/blog-posts/${id}`, payload, admin);

  it('answers 401 without an admin session and changes nothing', async () => {
    const original = await createPost();
    expectError(await put(original.id, postPayload({ title: 'Hijacked', slug: original.slug }), false), 401);
    expect(withoutHtml(await get(`/api/blog-posts/${original.id}`))).toEqual(original);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expectError(await put('00000000-0000-4000-8000-000000000000', postPayload()), 404);
    expectError(await put('not-a-uuid', postPayload()), 404);
  });

  it('answers 409 when the slug belongs to another post, and accepts keeping its own', async () => {
    const mine = await createPost();
    const other = await createPost();
    const refused = await put(mine.id, postPayload({ slug: other.slug }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: expect.any(String), field: 'slug', freeSlug: `${other.slug}-2` });
    const kept = await put(mine.id, postPayload({ slug: mine.slug, title: 'Renamed' }));
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ slug: mine.slug, title: 'Renamed' });
  });

  it('answers the updated post: updatedAt moves forward, createdAt and the view count stay', async () => {
    const created = await createPost();
    await setCreatedAt(created.id, new Date('2024-01-02T03:04:05.000Z'));
    await t.db
      .update(blogPosts)
      .set({ metadata: { readTime: 1, views: 42 } })
      .where(eq(blogPosts.id, created.id));

    const response = await put(
      created.id,
      postPayload({ slug: created.slug, title: 'Edited', metadata: { readTime: 4, views: 0 } }),
    );
    expect(response.statusCode).toBe(200);
    const updated = postSchema.strict().parse(response.json());
    expect(updated).toMatchObject({ id: created.id, title: 'Edited', createdAt: '2024-01-02T03:04:05.000Z' });
    expect(updated.metadata).toEqual({ readTime: 4, views: 42 });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse('2024-01-02T03:04:05.000Z'));
    expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(withoutHtml(await get(`/api/blog-posts/${created.id}`))).toEqual(updated);
  });

  it('works the read time out again from the new content when an update does not send one', async () => {
    const created = await createPost({ content: 'Short.', metadata: { author: 'A' } });
    expect(created.metadata).toEqual({ readTime: 1, author: 'A' });
    const longer = Array.from({ length: 1000 }, (_, i) => `word${i}`).join(' ');
    const response = await put(created.id, { title: created.title, slug: created.slug, content: longer });
    expect(response.statusCode, response.body).toBe(200);
    // 1000 words at 200 words a minute; the author stays.
    expect(response.json<Post>().metadata).toEqual({ readTime: 5, author: 'A' });
  });

  it('keeps fields left out of the payload, slug included; an empty excerpt removes it', async () => {
    const created = await createPost({ featuredImage: '/objects/keep.webp' });
    const updated = (await put(created.id, { title: 'Only Title And Content', content: 'New body' })).json<Post>();
    expect(updated).toEqual({ ...created, title: 'Only Title And Content', content: 'New body', updatedAt: updated.updatedAt });

    const cleared = (await put(created.id, { title: 'x', content: 'y', excerpt: '', featuredImage: '  ' })).json<Post>();
    expect(cleared).not.toHaveProperty('excerpt');
    expect(cleared).not.toHaveProperty('featuredImage');
    expect((await put(created.id, { title: 'Derived Again', content: 'y', slug: '' })).json<Post>().slug).toBe('derived-again');
  });

  it('answers 400 for an invalid body', async () => {
    const created = await createPost();
    expectError(await put(created.id, { title: 'No content' }), 400);
    expectError(await put(created.id, { title: '', content: 'x' }), 400);
  });
});

describe('DELETE /api/blog-posts/{id}', () => {
  const del = (id: string, admin = true) => request('DELETE', `/api/blog-posts/${id}`, undefined, admin);

  it('answers 401 without an admin session and keeps the post', async () => {
    const post = await createPost();
    expectError(await del(post.id, false), 401);
    expect((await get(`/api/blog-posts/${post.id}`)).statusCode).toBe(200);
  });

  it('answers 204, removes the post and its comments; a second delete answers 404', async () => {
    const post = await createPost();
    const comment = await t.app.inject({
      method: 'POST',
      url: `/api/blog-posts/${post.id}/comments`,
      payload: { author: 'Reader', email: 'reader@example.org', content: 'Great read' },
      remoteAddress: '10.9.0.1',
    });
    expect(comment.statusCode).toBe(201);

    const response = await del(post.id);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expectError(await get(`/api/blog-posts/${post.slug}`, true), 404);
    expectError(await get(`/api/blog-posts/${post.id}/comments`, true), 404);
    expect(await t.db.select().from(comments).where(eq(comments.postId, post.id))).toEqual([]);
    expectError(await del(post.id), 404);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expectError(await del('00000000-0000-4000-8000-000000000000'), 404);
    expectError(await del('not-a-uuid'), 404);
  });
});
