import { DOMParser } from 'linkedom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie, createTestApp, postPayload, type TestApp } from '../../../tests/support/test-app.ts';

let t: TestApp;
let cookie: string;
const SITE = 'https://example.org';

async function create(overrides: Record<string, unknown>) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/blog-posts',
    headers: { cookie },
    payload: postPayload(overrides),
  });
  expect(response.statusCode, response.body).toBe(201);
}

beforeAll(async () => {
  t = await createTestApp({ SITE_URL: SITE });
  cookie = await adminCookie(t.app);
  await create({ title: 'Older post', slug: 'older-post' });
  await create({
    title: 'Tricky <b>"Quotes"</b> & Ampersands',
    slug: 'tricky',
    excerpt: 'Less < more & "quoted"',
    tags: ['Future Leaders'],
  });
  await create({ title: 'Secret draft', slug: 'secret-draft', published: false });
});
afterAll(() => t.close());

const parse = (xml: string) => new DOMParser().parseFromString(xml, 'text/xml');

describe('/rss.xml', () => {
  it('lists published posts newest first with absolute links, escaped text and categories', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/rss.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(response.headers['cache-control']).toContain('max-age=');
    const doc = parse(response.body);
    const items = [...doc.querySelectorAll('item')];
    expect(items.map((item) => item.querySelector('title')?.textContent)).toEqual([
      'Tricky <b>"Quotes"</b> & Ampersands',
      'Older post',
    ]);
    expect(items[0]!.querySelector('link')?.textContent).toBe(`${SITE}/blog/tricky`);
    expect(items[0]!.querySelector('description')?.textContent).toBe('Less < more & "quoted"');
    expect(items[0]!.querySelector('category')?.textContent).toBe('Future Leaders');
    expect(response.body).not.toContain('Secret draft');
  });
});

describe('/sitemap.xml', () => {
  it('lists the public pages and published posts only, with lastmod', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = [...parse(response.body).querySelectorAll('loc')].map((loc) => loc.textContent);
    expect(locs).toEqual([`${SITE}/`, `${SITE}/cv`, `${SITE}/blog`, `${SITE}/blog/tricky`, `${SITE}/blog/older-post`]);
    expect(response.body).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}T/);
    expect(response.body).not.toContain('secret-draft');
    expect(response.body).not.toContain('/write');
  });
});

describe('/robots.txt', () => {
  it('allows the site, keeps crawlers out of the editor and API, and points at the sitemap', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toContain('User-agent: *');
    expect(response.body).toContain('Disallow: /write');
    expect(response.body).toContain('Disallow: /edit/');
    expect(response.body).toContain('Disallow: /admin');
    expect(response.body).toContain('Disallow: /api/');
    expect(response.body).toContain(`Sitemap: ${SITE}/sitemap.xml`);
  });
});
