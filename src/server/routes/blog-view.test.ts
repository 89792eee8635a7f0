import { readFileSync } from 'node:fs';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie, createTestApp, postPayload, type TestApp, tables } from '../../../tests/support/test-app.ts';
import { blogViewSchema, type BlogView, type Post } from '../../shared/posts.ts';
import { migrationsFolder } from '../db/client.ts';
import { PUBLIC_CACHE } from '../http/cache-headers.ts';

const { blogPosts } = tables;

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await adminCookie(t.app);
});
afterAll(() => t.close());

let counter = 0;
async function createPost(overrides: Record<string, unknown> = {}): Promise<Post> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/blog-posts',
    headers: { cookie },
    // No words of the default payload ("future leaders", "Youth Leadership"): the searches below count.
    payload: postPayload({ slug: `view-post-${++counter}`, excerpt: 'A short summary.', tags: [], ...overrides }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Post>();
}
/** Pins creation times a minute apart, newest first in the order given, so the order does not depend on the clock. */
async function pinOrder(posts: Post[]) {
  const now = Date.now();
  for (const [index, post] of posts.entries()) {
    const date = new Date(now - (index + 1) * 60_000);
    await t.db.update(blogPosts).set({ createdAt: date, updatedAt: date }).where(eq(blogPosts.id, post.id));
  }
}
async function view(query: string, admin = false): Promise<BlogView> {
  const response = await t.app.inject({ url: `/api/blog-view${query}`, headers: admin ? { cookie } : {} });
  expect(response.statusCode, response.body).toBe(200);
  return blogViewSchema.parse(response.json());
}
const titles = (shown: BlogView) => shown.posts.map((p) => p.title);

describe('GET /api/blog-view', () => {
  // 14 posts in "Future Leaders" (newest first: Leader 1 ... Leader 14), a draft, and others.
  let leaders: Post[];
  beforeAll(async () => {
    leaders = [];
    for (let n = 1; n <= 14; n++) {
      leaders.push(
        await createPost({
          title: `Leader ${n}`,
          excerpt: n === 1 ? '' : `Excerpt ${n}`,
          content: `${'word '.repeat(200)}${n}`,
          tags: [n % 2 ? 'Future Leaders' : 'future LEADERS'],
          featuredImage: '/objects/uploads/cover.png',
          metadata: { author: 'Author Name', readTime: 3 },
        }),
      );
    }
    const draft = await createPost({ title: 'Leader draft', tags: ['Future Leaders'], published: false });
    const near = await createPost({ title: 'Leaders Week', tags: ['Future Leaders Week'] });
    await pinOrder([...leaders, draft, near]);
  });

  it('answers a page of 6 cards, newest first, with the count of matches and the pages', async () => {
    const first = await view('?category=Future%20Leaders');
    expect(first).toMatchObject({ total: 14, page: 1, pageCount: 3 });
    expect(titles(first)).toEqual(['Leader 1', 'Leader 2', 'Leader 3', 'Leader 4', 'Leader 5', 'Leader 6']);
    expect(titles(await view('?category=Future%20Leaders&page=2'))).toEqual([7, 8, 9, 10, 11, 12].map((n) => `Leader ${n}`));
    const last = await view('?category=Future%20Leaders&page=3');
    expect(last).toMatchObject({ total: 14, page: 3, pageCount: 3 });
    expect(titles(last)).toEqual(['Leader 13', 'Leader 14']);
  });

  it('sends only what a card shows: the excerpt, or the first 151 characters of the body', async () => {
    const [withoutExcerpt, withExcerpt] = (await view('?category=Future%20Leaders')).posts;
    expect(Object.keys(withoutExcerpt!).sort()).toEqual(['content', 'createdAt', 'id', 'metadata', 'slug', 'tags', 'title']);
    expect(withoutExcerpt!.content).toBe('word '.repeat(200).slice(0, 151));
    expect(withExcerpt!.excerpt).toBe('Excerpt 2');
    expect(withExcerpt!.content).toBe('');
    expect(withExcerpt!.metadata).toEqual({ author: 'Author Name', readTime: 3 });
  });

  it('matches a category by a tag equal to it ignoring case, in any case it is asked in', async () => {
    const shown = await view('?category=future%20leaders&page=3');
    expect(shown.total).toBe(14);
    expect(titles(shown)).not.toContain('Leaders Week');
    expect(titles(await view('?category=FUTURE+LEADERS'))).toEqual(titles(await view('?category=Future%20Leaders')));
  });

  it('follows a change of tags at once', async () => {
    const moved = await createPost({ title: 'Moved between categories', tags: ['Digital Literacy'] });
    expect(titles(await view('?category=Digital%20Literacy'))).toContain(moved.title);
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/blog-posts/${moved.id}`,
      headers: { cookie },
      payload: postPayload({ title: moved.title, excerpt: 'A short summary.', tags: ['technology CREATION'] }),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(titles(await view('?category=Digital%20Literacy'))).not.toContain(moved.title);
    expect(titles(await view('?category=Technology%20Creation'))).toContain(moved.title);
  });

  it('lets the search take precedence over the category, and never shows a draft, even to the admin', async () => {
    const shown = await view('?q=leader&category=Digital%20Literacy', true);
    expect(shown.total).toBe(15); // the 14 leaders and "Leaders Week", not the draft
    expect(titles(shown)).not.toContain('Leader draft');
    expect((await view('?q=%20%20')).total).toBe((await view('')).total);
    expect(await view('?q=zzzz-nothing')).toEqual({ posts: [], total: 0, page: 1, pageCount: 0 });
  });

  it('pages through a search, on the full-text index and by substring alike', async () => {
    const page3 = await view('?q=leader&page=3');
    expect(page3).toMatchObject({ total: 15, page: 3, pageCount: 3 });
    expect(titles(page3)).toEqual(['Leader 13', 'Leader 14', 'Leaders Week']);
    // Under 3 characters the search matches substrings ("13" is in the body of Leader 13 only).
    expect(titles(await view('?q=13'))).toEqual(['Leader 13']);
  });

  it('clamps a page beyond the last to the last, and any page of nothing to 1', async () => {
    const beyond = await view('?category=Future%20Leaders&page=999999');
    expect(beyond).toMatchObject({ page: 3, pageCount: 3 });
    expect(titles(beyond)).toEqual(['Leader 13', 'Leader 14']);
    expect(await view('?q=zzzz-nothing&page=4')).toEqual({ posts: [], total: 0, page: 1, pageCount: 0 });
  });

  it('answers 400 to a page that is no whole number from 1, an unknown category or an over-long search', async () => {
    for (const query of [
      '?page=0',
      '?page=-1',
      '?page=abc',
      '?page=1.5',
      '?page=',
      '?page=2000000',
      '?category=Robots',
      `?q=${'x'.repeat(201)}`,
      '?q=%00',
      '?q=a&q=b',
    ]) {
      const response = await t.app.inject({ url: `/api/blog-view${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ message: string }>().message.length, query).toBeGreaterThan(0);
    }
  });

  it('is cached like every public GET: public Cache-Control, an ETag and 304', async () => {
    const first = await t.app.inject({ url: '/api/blog-view?page=2' });
    expect(first.headers['cache-control']).toBe(PUBLIC_CACHE);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await t.app.inject({ url: '/api/blog-view?page=2', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
  });

  it('leaves the SPEC.md answers of GET /api/blog-posts as they were: arrays of whole posts', async () => {
    const response = await t.app.inject({ url: '/api/blog-posts?published=true' });
    const posts = response.json<Post[]>();
    expect(Array.isArray(posts)).toBe(true);
    expect(posts.find((p) => p.title === 'Leader 1')?.content).toBe(`${'word '.repeat(200)}1`);
  });
});

describe('tag keys (migration 0007)', () => {
  it('are what the migration computes for the posts saved before it', async () => {
    await createPost({ title: 'Mixed case tags', tags: ['Youth LEADERSHIP', 'Ärzte', 'React'] });
    // Tags the array's text form quotes or escapes: the migration lower-cases that text form.
    await createPost({ title: 'Quoted tags', tags: ['NULL', 'Null', 'a,b', 'Say "Hi"', 'back\\Slash', '{X}'] });
    await createPost({ title: 'No tags', tags: [] });
    const keys = () =>
      t.db
        .select({ id: blogPosts.id, keys: sql<string>`${blogPosts.tagKeys}::text` })
        .from(blogPosts)
        .orderBy(asc(blogPosts.id));
    const saved = await keys();
    const migration = readFileSync(path.join(migrationsFolder, '0007_category_tag_keys.sql'), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').find((statement) => statement.includes('USING lower'))!;
    await t.db.execute(sql`update ${blogPosts} set ${sql.identifier('tag_keys')} = '{}'`);
    await t.db.execute(sql.raw(backfill));
    expect(await keys()).toEqual(saved);
    expect(saved.map((row) => row.keys)).toContainEqual(expect.stringMatching(/^\{"youth leadership",.+,react\}$/));
    expect(saved.map((row) => row.keys)).toContain('{"null","null","a,b","say \\"hi\\"","back\\\\slash","{x}"}');
  });
});

describe('GET /api/blog-posts without a limit', () => {
  it('answers at most 200 posts, newest first; limit and offset reach the rest', async () => {
    const fresh = await createTestApp();
    try {
      await fresh.db.execute(sql`insert into blog_posts (title, slug, content, published, created_at)
        select 'Bulk ' || n, 'bulk-' || n, 'Body of bulk post ' || n, true, now() - n * interval '1 minute'
        from generate_series(1, 205) as n`);
      const all = (await fresh.app.inject({ url: '/api/blog-posts?published=true' })).json<Post[]>();
      expect(all).toHaveLength(200);
      expect(all[0]!.title).toBe('Bulk 1');
      expect(all.at(-1)!.title).toBe('Bulk 200');
      const rest = (await fresh.app.inject({ url: '/api/blog-posts?published=true&limit=10&offset=200' })).json<Post[]>();
      expect(rest.map((post) => post.title)).toEqual(['Bulk 201', 'Bulk 202', 'Bulk 203', 'Bulk 204', 'Bulk 205']);
      // Two letters: the substring search, which needs no search document.
      const found = (await fresh.app.inject({ url: '/api/blog-posts?search=bu' })).json<Post[]>();
      expect(found).toHaveLength(200);
    } finally {
      await fresh.close();
    }
  });
});
