import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceRenderer } from '../../../tests/support/fuzz.ts';
import { adminCookie, createTestApp, importAsAdmin, postPayload, type TestApp } from '../../../tests/support/test-app.ts';
import { zipOf } from '../../../tests/support/zip-fixtures.ts';
import * as entry from '../../client/entry-server.tsx';
import { oldAddressListSchema, type SiteImportResult } from '../../shared/backup.ts';
import type { Post } from '../../shared/posts.ts';
import { oldAddresses } from '../db/schema.ts';
import { wxr } from '../services/site-data/imports/__fixtures__/wxr.ts';

/**
 * Issue 22: every imported post's old addresses (a WordPress permalink and `?p=` id, a Ghost
 * `/slug/`, Hugo and Jekyll paths, front matter `url` and `aliases`) answer 301 to the post here,
 * in one step; a draft's stay 404; the author sees them listed.
 */

const SITE_URL = 'http://localhost:3000';
const renderer = sourceRenderer(entry, readFileSync('index.html', 'utf8'), SITE_URL);

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({ SITE_URL }, { renderer });
  cookie = await adminCookie(t.app);
});
afterAll(() => t?.close());

const imported = (body: string | Buffer, contentType: string) => importAsAdmin(t.app, cookie, body, contentType);

/** Where a visitor without a cookie asking for `url` is sent: [status, location]. */
async function visit(url: string): Promise<[number, string | undefined]> {
  const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  return [response.statusCode, response.headers.location as string | undefined];
}

const wordPress = wxr({
  address: 'https://old.example/blog/',
  title: 'Old blog',
  items: [
    {
      id: 1241,
      title: 'Markup: HTML tags and formatting',
      slug: 'markup-html-tags-and-formatting',
      link: 'https://old.example/blog/2013/01/11/markup-html-tags-and-formatting/',
      date: '2013-01-11 20:22:19',
      content: '<p>Headings, lists and tables.</p>',
    },
    {
      id: 2,
      type: 'page',
      title: 'Γεια σου κόσμε',
      slug: '%ce%b3%ce%b5%ce%b9%ce%b1-%cf%83%ce%bf%cf%85',
      link: 'https://old.example/blog/%ce%b3%ce%b5%ce%b9%ce%b1-%cf%83%ce%bf%cf%85/',
      date: '2013-02-01 10:00:00',
      content: '<p>Καλημέρα.</p>',
    },
    {
      id: 77,
      title: 'Not yet',
      slug: 'not-yet',
      link: 'https://old.example/blog/?p=77',
      status: 'draft',
      date: '2013-03-01 10:00:00',
      content: '<p>A draft.</p>',
    },
  ],
});

describe('a WordPress export with pretty permalinks, a Greek slug and a draft', () => {
  let result: SiteImportResult;
  beforeAll(async () => {
    result = await imported(wordPress, 'application/xml');
  });

  it('keeps every post’s old addresses and says how many', () => {
    // The draft's permalink is its ?p= address: one.
    expect(result).toMatchObject({ format: 'wordpress', posts: 3, oldAddresses: 5 });
  });

  it('sends the permalink, with or without its trailing slash or in other case, to the post in one step', async () => {
    for (const url of [
      '/blog/2013/01/11/markup-html-tags-and-formatting/',
      '/blog/2013/01/11/markup-html-tags-and-formatting',
      '/BLOG/2013/01/11/Markup-HTML-Tags-and-Formatting/',
    ]) {
      expect(await visit(url), url).toEqual([301, '/blog/markup-html-tags-and-formatting']);
    }
  });

  it('sends the WordPress id addresses (?p=, ?page_id=, index.php) to the post', async () => {
    expect(await visit('/blog/?p=1241')).toEqual([301, '/blog/markup-html-tags-and-formatting']);
    expect(await visit('/blog/index.php?p=1241&utm_source=x')).toEqual([301, '/blog/markup-html-tags-and-formatting']);
    const greek = `/blog/${encodeURIComponent('γεια-σου')}`;
    expect(await visit('/blog/?page_id=2')).toEqual([301, greek]);
  });

  it('keeps a slug in another script as the address, percent-decoded, and serves the post there', async () => {
    const greek = `/blog/${encodeURIComponent('γεια-σου')}`;
    expect(await visit('/blog/%CE%B3%CE%B5%CE%B9%CE%B1-%CF%83%CE%BF%CF%85/')).toEqual([301, greek]);
    const page = await t.app.inject({ method: 'GET', url: greek, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Καλημέρα.');
  });

  it('serves a live post whose own path is an old address, whatever id its query carries', async () => {
    // The Greek page's old path is its path here: only an id in the query may send it elsewhere.
    const greek = `/blog/${encodeURIComponent('γεια-σου')}`;
    for (const query of ['?p=5', '?page_id=9&x=1']) {
      const page = await t.app.inject({ method: 'GET', url: greek + query, headers: { accept: 'text/html' } });
      expect(page.statusCode, query).toBe(200);
      expect(page.body).toContain('Καλημέρα.');
    }
  });

  it('leaves a draft’s old address a 404, as any address that was never a post’s', async () => {
    expect((await visit('/blog?p=77'))[0]).toBe(200); // the blog's list, as before: no hint of the draft
    expect((await visit('/?p=77'))[0]).toBe(200);
    expect((await visit('/2099/01/01/nothing-here/'))[0]).toBe(301); // to the path without the slash
    expect((await visit('/2099/01/01/nothing-here'))[0]).toBe(404);
  });

  it('lists them for the author only', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/old-addresses' });
    expect(anonymous.statusCode).toBe(401);
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/old-addresses', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const { addresses } = oldAddressListSchema.parse(response.json());
    expect(addresses.map(({ path, slug, live }) => ({ path, slug, live }))).toEqual([
      { path: '/blog/2013/01/11/markup-html-tags-and-formatting', slug: 'markup-html-tags-and-formatting', live: true },
      { path: '/blog/?p=1241', slug: 'markup-html-tags-and-formatting', live: true },
      { path: '/blog/?p=77', slug: 'not-yet', live: false },
      { path: '/blog/?page_id=2', slug: 'γεια-σου', live: true },
      { path: '/blog/γεια-σου', slug: 'γεια-σου', live: true },
    ]);
  });

  it('follows the post when the author changes its slug, and forgets the addresses when it is deleted', async () => {
    const post = (
      await t.app.inject({ method: 'GET', url: '/api/blog-posts/markup-html-tags-and-formatting', headers: { cookie } })
    ).json<Post>();
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/blog-posts/${post.id}`,
      headers: { cookie },
      payload: postPayload({ title: post.title, content: post.content, slug: 'html-tags' }),
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await visit('/blog/?p=1241')).toEqual([301, '/blog/html-tags']);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/blog-posts/${post.id}`, headers: { cookie } });
    expect(deleted.statusCode).toBeLessThan(300);
    expect((await visit('/blog/2013/01/11/markup-html-tags-and-formatting'))[0]).toBe(404);
  });
});

describe('a Ghost export and a zip of Hugo and Jekyll files', () => {
  it('sends Ghost’s /slug/ to the post', async () => {
    const ghost = JSON.stringify({
      db: [
        {
          meta: { version: '5.0.0' },
          data: {
            posts: [
              {
                id: 'g1',
                title: 'From Ghost',
                slug: 'from-ghost',
                html: '<p>Hello from Ghost.</p>',
                status: 'published',
                type: 'post',
                created_at: '2020-01-01T00:00:00.000Z',
                published_at: '2020-01-02T00:00:00.000Z',
                updated_at: '2020-01-03T00:00:00.000Z',
              },
            ],
          },
        },
      ],
    });
    await imported(ghost, 'application/json');
    expect(await visit('/from-ghost/')).toEqual([301, '/blog/from-ghost']);
  });

  it('sends Hugo’s and Jekyll’s paths, front matter url and aliases to the posts; a translation gets its own slug', async () => {
    const zip = await zipOf([
      {
        name: 'site/content/posts/first-steps.md',
        data: '---\ntitle: First steps\ndate: 2021-05-01\n---\nHello. [Next]({% post_url 2014-03-05-jekyll-post %}), {{< gist a 1 >}}',
      },
      { name: 'site/content/posts/first-steps.fr.md', data: '---\ntitle: Premiers pas\ndate: 2021-05-01\n---\nBonjour.' },
      {
        name: 'site/content/notes/bundle/index.md',
        data: '---\ntitle: A bundle\ndate: 2021-06-01\naliases: [/old/bundle-note/]\nurl: /notes/the-bundle/\n---\nBundled.',
      },
      { name: '_posts/2014-03-05-jekyll-post.md', data: '---\ntitle: Jekyll post\ncategories: news\n---\nFrom Jekyll.' },
      // A # in a file name: kept encoded in the address, so the backup below restores it.
      { name: 'site/content/posts/c#-basics.md', data: '---\ntitle: C# basics\n---\nTypes.' },
    ]);
    const result = await imported(zip, 'application/zip');
    expect(result.posts).toBe(5);
    expect(await visit('/posts/c%23-basics/')).toEqual([301, '/blog/c-basics']);
    expect(result.warnings.join('\n')).toMatch(
      /first-steps\.fr\.md: a translation \(fr\) of .*first-steps\.md.*"first-steps-fr"/,
    );
    expect(await visit('/posts/first-steps/')).toEqual([301, '/blog/first-steps']);
    expect(await visit('/fr/posts/first-steps/')).toEqual([301, '/blog/first-steps-fr']);
    // Its slug is the last segment of its url, as before.
    expect(await visit('/notes/bundle/')).toEqual([301, '/blog/the-bundle']);
    expect(await visit('/notes/the-bundle/')).toEqual([301, '/blog/the-bundle']);
    expect(await visit('/old/bundle-note')).toEqual([301, '/blog/the-bundle']);
    expect(await visit('/news/2014/03/05/jekyll-post.html')).toEqual([301, '/blog/jekyll-post']);
    // A Liquid link to another post of the zip is that post's address here; a shortcode this site lacks is named.
    const first = await t.app.inject({ method: 'GET', url: '/api/blog-posts/first-steps', headers: { cookie } });
    expect(first.json<Post>().content).toBe('Hello. [Next](/blog/jekyll-post), {{< gist a 1 >}}');
    expect(result.warnings).toContain('site/content/posts/first-steps.md: {{< gist >}} kept as text: this site has no such tag');
  });
});

describe('the backup', () => {
  it('carries the old addresses: a restore brings back every one the site had', async () => {
    const list = async () =>
      oldAddressListSchema.parse(
        (await t.app.inject({ method: 'GET', url: '/api/admin/old-addresses', headers: { cookie } })).json(),
      ).addresses;
    const before = await list();
    expect(before.length).toBeGreaterThan(5);
    const archive = await t.app.inject({ method: 'GET', url: '/api/admin/export', headers: { cookie } });
    expect(archive.statusCode).toBe(200);
    await t.db.delete(oldAddresses);
    expect(await list()).toEqual([]);
    expect((await visit('/from-ghost'))[0]).toBe(404);
    const restored = await imported(archive.rawPayload, 'application/zip');
    expect(restored.format).toBe('backup');
    expect(await list()).toEqual(before);
    expect(await visit('/from-ghost/')).toEqual([301, '/blog/from-ghost']);
  });
});
