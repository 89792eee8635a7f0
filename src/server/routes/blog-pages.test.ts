import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { parseHTML } from 'linkedom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../../../scripts/lib/seed.ts';
import { sourceRenderer } from '../../../tests/support/fuzz.ts';
import { adminCookie, createTestApp, postPayload, type TestApp, tables } from '../../../tests/support/test-app.ts';
import * as entry from '../../client/entry-server.tsx';
import type { Post } from '../../shared/posts.ts';

const SITE_URL = 'http://localhost:3000';
const renderer = sourceRenderer(entry, readFileSync('index.html', 'utf8'), SITE_URL);

const dom = (html: string) => parseHTML(html).document;
const cards = (html: string) => dom(html).querySelectorAll('article').length;
/** The card titles of a page, in order. */
const cardTitles = (html: string) => [...dom(html).querySelectorAll('article h2 a')].map((link) => link.textContent);
/** The pager's links: their text and address, the current page marked. */
const pager = (html: string) =>
  [...dom(html).querySelectorAll('nav[aria-label="Pagination"] a')].map(
    (link) => `${link.textContent}${link.getAttribute('aria-current') ? '*' : ''} ${link.getAttribute('href') ?? '-'}`,
  );
/** The posts the page's data script carries for the browser (the list's query). */
function statePosts(html: string): number {
  const state = /<script id="__QUERY_STATE__"[^>]*>(.*?)<\/script>/s.exec(html)?.[1] ?? '';
  return (state.match(/"slug":/g) ?? []).length;
}

describe('/blog rendered on the server per view (?page, ?category, ?q)', () => {
  let t: TestApp;
  const get = async (url: string) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode, url).toBe(200);
    return response.body;
  };

  beforeAll(async () => {
    t = await createTestApp({ SITE_URL }, { renderer });
    const cookie = await adminCookie(t.app);
    const posts: Post[] = [];
    const create = async (title: string, tags: string[]) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/blog-posts',
        headers: { cookie },
        payload: postPayload({ title, slug: '', excerpt: 'A short summary.', tags }),
      });
      expect(response.statusCode, response.body).toBe(201);
      posts.push(response.json<Post>());
    };
    for (let n = 1; n <= 14; n++) await create(`Leader ${n}`, [n % 2 ? 'Future Leaders' : 'future leaders']);
    for (let n = 1; n <= 3; n++) await create(`Other ${n}`, ['Digital Literacy']);
    // Newest first in the order created: Leader 1 is the newest post.
    for (const [index, post] of posts.entries()) {
      const date = new Date(Date.now() - (index + 1) * 60_000);
      await t.db.update(tables.blogPosts).set({ createdAt: date, updatedAt: date }).where(eq(tables.blogPosts.id, post.id));
    }
    await t.app.pageCache.sync();
  });
  afterAll(() => t.close());

  it('renders page 2 of a category: its 6 cards only, the summary and the pagination as links', async () => {
    const html = await get('/blog?page=2&category=Future+Leaders');
    expect(cardTitles(html)).toEqual([7, 8, 9, 10, 11, 12].map((n) => `Leader ${n}`));
    expect(cards(html)).toBe(6);
    expect(statePosts(html)).toBe(6);
    expect(html).toContain('Showing 14 posts in &quot;Future Leaders&quot;');
    const pressed = dom(html).querySelectorAll('[aria-label="Categories"] button[aria-pressed="true"]');
    expect([...pressed].map((button) => button.textContent)).toEqual(['Future Leaders']);
    expect(pager(html)).toEqual([
      'Previous /blog?category=Future+Leaders',
      '1 /blog?category=Future+Leaders',
      '2* /blog?category=Future+Leaders&page=2',
      '3 /blog?category=Future+Leaders&page=3',
      'Next /blog?category=Future+Leaders&page=3',
    ]);
    const head = dom(html);
    expect(head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${SITE_URL}/blog?category=Future+Leaders&page=2`,
    );
    expect(head.querySelector('title')?.textContent).toMatch(/^Future Leaders, Page 2 \| EdTech Dialogue/);
  });

  it('renders the first page of the blog with every published post counted, and no summary', async () => {
    const html = await get('/blog');
    expect(cardTitles(html)).toEqual(['Leader 1', 'Leader 2', 'Leader 3', 'Leader 4', 'Leader 5', 'Leader 6']);
    // 17 posts: 3 pages; Previous is there but leads nowhere on page 1.
    expect(pager(html)).toEqual(['Previous -', '1* /blog', '2 /blog?page=2', '3 /blog?page=3', 'Next /blog?page=2']);
    expect(dom(html).querySelector('nav[aria-label="Pagination"] a[aria-disabled="true"]')?.textContent).toBe('Previous');
    expect(html).not.toMatch(/Showing \d+ posts/);
    // Page 1 has one address: `?page=1` is the same page, canonical included.
    expect(await get('/blog?page=1')).toBe(html);
    expect(dom(html).querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${SITE_URL}/blog`);
  });

  it('renders a search, which takes precedence over the category, with the box filled in', async () => {
    const html = await get('/blog?q=other&category=Future+Leaders');
    expect(cardTitles(html)).toEqual(['Other 1', 'Other 2', 'Other 3']);
    expect(html).toContain('Found 3 results for &quot;other&quot;');
    expect(dom(html).querySelector('input[type="search"]')?.getAttribute('value')).toBe('other');
    // A search is no page of its own for search engines.
    expect(dom(html).querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    expect(dom(html).querySelector('link[rel="canonical"]')).toBeNull();
    const none = await get('/blog?q=zzzz-nothing');
    expect(none).toContain('No posts found');
    expect(none).toContain('Try adjusting your search terms or browse all posts.');
    expect(none).toContain('Clear Filters');
  });

  it('clamps a page beyond the last, and reads a broken address as the first view', async () => {
    expect(cardTitles(await get('/blog?category=Future+Leaders&page=99'))).toEqual(['Leader 13', 'Leader 14']);
    expect(cardTitles(await get('/blog?page=abc&category=Nothing'))).toEqual(cardTitles(await get('/blog')));
    expect(cardTitles(await get('/blog?category=future%20LEADERS'))).toEqual(
      cardTitles(await get('/blog?category=Future+Leaders')),
    );
    expect(await get('/blog?category=Technology+Creation')).toContain('No posts available in this category yet.');
  });

  it('works without JavaScript: the search box and the categories are forms that GET /blog', async () => {
    const document = dom(await get('/blog?category=Digital+Literacy'));
    const search = document.querySelector('form[role="search"]')!;
    expect([search.getAttribute('method'), search.getAttribute('action')]).toEqual(['get', '/blog']);
    expect(search.querySelector('input[type="search"]')?.getAttribute('name')).toBe('q');
    // Searching keeps the category, as the list does.
    const kept = search.querySelector('input[type="hidden"]');
    expect([kept?.getAttribute('name'), kept?.getAttribute('value')]).toEqual(['category', 'Digital Literacy']);
    const categories = document.querySelector('form[aria-label="Categories"]')!;
    expect([categories.getAttribute('method'), categories.getAttribute('action')]).toEqual(['get', '/blog']);
    const buttons = [...categories.querySelectorAll('button[type="submit"]')];
    expect(buttons.map((button) => `${button.getAttribute('name')}=${button.getAttribute('value')}`)).toEqual([
      'null=null',
      'category=African Youth Empowerment',
      'category=Educational Innovation',
      'category=Future Leaders',
      'category=Digital Literacy',
      'category=Youth Leadership',
      'category=Technology Creation',
    ]);
  });
});

describe('the weight of /blog', () => {
  it('is the same with 10 posts or 310: one page of cards, a pager of at most 7 numbers', async () => {
    const weights: number[] = [];
    for (const posts of [10, 310]) {
      const t = await createTestApp({ SITE_URL }, { renderer });
      try {
        await seedDatabase(t.db, { posts, now: new Date('2025-06-01T00:00:00Z') });
        const first = await t.app.inject({ url: '/blog' });
        expect(cards(first.body)).toBe(6);
        expect(statePosts(first.body)).toBe(6);
        expect(first.body.match(/aria-label="Page \d+"/g)!.length).toBeLessThanOrEqual(7);
        weights.push(Buffer.byteLength(first.body));
        if (posts === 310) {
          const late = await t.app.inject({ url: '/blog?page=40' });
          expect(cards(late.body)).toBe(6);
          expect(Buffer.byteLength(late.body)).toBeLessThan(weights[0]! * 1.1);
        }
      } finally {
        await t.close();
      }
    }
    // 300 more posts add no card: only the counts and the pager's last number change.
    expect(weights[1]!).toBeLessThan(weights[0]! * 1.1);
  }, 120_000);
});
