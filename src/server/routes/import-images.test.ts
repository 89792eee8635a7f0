import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie, createTestApp, importAsAdmin, type TestApp } from '../../../tests/support/test-app.ts';
import { zipOf } from '../../../tests/support/zip-fixtures.ts';
import type { SiteImportResult } from '../../shared/backup.ts';
import type { Post } from '../../shared/posts.ts';
import { wxr } from '../services/site-data/imports/__fixtures__/wxr.ts';

/**
 * Issue 22: images come with the posts. A WordPress export's images, on the old site (here a
 * server in the test, allowed through IMPORT_ALLOW_HOSTS as production never is), are fetched
 * through the guarded fetcher, stored as uploads and the posts point at them; one that cannot be
 * fetched keeps its address and is reported, and the import still succeeds. A markdown zip's
 * images are read from the zip.
 */

const png = (color: string) =>
  sharp({ create: { width: 8, height: 6, channels: 3, background: color } })
    .png()
    .toBuffer();

let oldSite: Server;
let origin: string;
const requests: string[] = [];
/** Once the mover points the old domain elsewhere, nothing is there any more. */
let oldSiteGone = false;
let t: TestApp;
let cookie: string;

beforeAll(async () => {
  const files = new Map<string, Buffer>([
    ['/wp-content/uploads/2013/01/red.png', await png('red')],
    ['/wp-content/uploads/2013/01/green.png', await png('green')],
    ['/wp-content/uploads/2013/01/blue-1024x768.png', await png('blue')],
    ['/wp-content/uploads/2013/01/blue.png', await png('navy')],
    // A Ghost site in a folder: its images are under the folder.
    ['/journal/content/images/2024/04/desk.png', await png('brown')],
    ['/journal/content/images/2024/04/cover.png', await png('olive')],
  ]);
  oldSite = createServer((request, response) => {
    requests.push(request.url ?? '');
    if (oldSiteGone) return void response.writeHead(404).end();
    const file = files.get(request.url ?? '');
    if (request.url === '/wp-content/uploads/2013/01/page.png') {
      response.writeHead(200, { 'content-type': 'application/octet-stream' }).end('<html>not an image</html>');
    } else if (file) response.writeHead(200, { 'content-type': 'image/png' }).end(file);
    else response.writeHead(404).end('gone');
  });
  await new Promise<void>((resolve) => oldSite.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(oldSite.address() as AddressInfo).port}`;
  t = await createTestApp({ IMPORT_ALLOW_HOSTS: '127.0.0.1' });
  cookie = await adminCookie(t.app);
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => oldSite?.close(resolve));
});

const imported = (body: string | Buffer, contentType: string, query = '') =>
  importAsAdmin(t.app, cookie, body, contentType, query);

const post = async (slug: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/blog-posts/${slug}`, headers: { cookie } })).json<Post>();

const UPLOAD = /\/objects\/uploads\/[0-9a-f-]{36}/g;

function wordPressFile() {
  const file = wxr({
    address: `${origin}/`,
    title: 'Old blog',
    items: [
      {
        id: 10,
        title: 'Pictures',
        slug: 'pictures',
        date: '2013-01-11 20:22:19',
        content: [
          `<p><img src="${origin}/wp-content/uploads/2013/01/red.png" alt="Red"></p>`,
          `<p><img src="/wp-content/uploads/2013/01/green.png" alt="Green, by its path on the old site"></p>`,
          `<p><a href="${origin}/wp-content/uploads/2013/01/blue.png"><img src="${origin}/wp-content/uploads/2013/01/blue-1024x768.png" alt="Blue"></a></p>`,
          `<p><img src="${origin}/wp-content/uploads/2013/01/missing.png" alt="Gone"></p>`,
          `<p><img src="${origin}/wp-content/uploads/2013/01/page.png" alt="Not an image"></p>`,
        ].join('\n'),
      },
      {
        id: 11,
        title: 'Red again',
        slug: 'red-again',
        date: '2013-01-12 10:00:00',
        content: `<p><img src="${origin}/wp-content/uploads/2013/01/red.png" alt="Red"></p>`,
      },
    ],
  });
  // The cover: an attachment the first post features.
  return file
    .replace(
      '</channel>',
      `<item><title>red</title><wp:post_id>99</wp:post_id><wp:post_type>attachment</wp:post_type><wp:status>inherit</wp:status><wp:attachment_url>${origin}/wp-content/uploads/2013/01/red.png</wp:attachment_url></item></channel>`,
    )
    .replace(
      '<wp:post_type>post</wp:post_type>',
      '<wp:post_type>post</wp:post_type><wp:postmeta><wp:meta_key>_thumbnail_id</wp:meta_key><wp:meta_value>99</wp:meta_value></wp:postmeta>',
    );
}

describe('a WordPress export whose images are on the old site', () => {
  let result: SiteImportResult;
  beforeAll(async () => {
    result = await imported(wordPressFile(), 'application/xml');
  });

  it('stores each image once, whoever refers to it, and reports the ones it could not bring', () => {
    expect(result.posts).toBe(2);
    // red (body of two posts and the cover), green, blue's thumbnail and its full size.
    expect(result.uploads).toBe(4);
    expect(result.warnings).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/missing\.png not brought \(.*404.*\): it keeps its old address/),
        expect.stringMatching(/page\.png not brought \(.*not an image.*\): it keeps its old address/),
      ]),
    );
  });

  it('points the posts and the cover at this site, and serves the images from here', async () => {
    const pictures = await post('pictures');
    expect(pictures.content.match(UPLOAD)).toHaveLength(4);
    expect(pictures.content).not.toContain(`${origin}/wp-content/uploads/2013/01/red.png`);
    expect(pictures.content).not.toContain('/wp-content/uploads/2013/01/green.png');
    // What could not be brought keeps its address.
    expect(pictures.content).toContain(`${origin}/wp-content/uploads/2013/01/missing.png`);
    const [red] = (await post('red-again')).content.match(UPLOAD)!;
    expect(pictures.content).toContain(red);
    expect(pictures.featuredImage).toBe(red);
    const image = await t.app.inject({ method: 'GET', url: red! });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect((await sharp(image.rawPayload).metadata()).width).toBe(8);
  });

  it('says per post which images came and which kept their old address', () => {
    expect(result.report).toEqual([
      {
        title: 'Pictures',
        slug: 'pictures',
        outcome: 'added',
        published: true,
        // red, green, blue's thumbnail and full size, and the cover; missing.png and page.png stay.
        converted: ['5 images brought to this site'],
        kept: ['2 images kept at the old address'],
      },
      {
        title: 'Red again',
        slug: 'red-again',
        outcome: 'added',
        published: true,
        converted: ['1 image brought to this site'],
        kept: [],
      },
    ]);
  });

  it('brings nothing twice when the same file comes in again, without asking the old site again', async () => {
    const before = await post('pictures');
    const asked = requests.length;
    const again = await imported(wordPressFile(), 'application/xml');
    expect(again.uploads).toBe(0);
    expect(again.report?.map((entry) => entry.outcome)).toEqual(['unchanged', 'unchanged']);
    expect((await post('pictures')).content).toBe(before.content);
    // Only the two it could not bring are asked for again.
    expect(requests.slice(asked).sort()).toEqual([
      '/wp-content/uploads/2013/01/missing.png',
      '/wp-content/uploads/2013/01/page.png',
    ]);
  });

  it('keeps the images here when the file comes in again after the old site is gone', async () => {
    const before = await post('pictures');
    oldSiteGone = true;
    try {
      const again = await imported(wordPressFile(), 'application/xml');
      expect(again.uploads).toBe(0);
      const after = await post('pictures');
      expect(after.content).toBe(before.content);
      expect(after.featuredImage).toBe(before.featuredImage);
    } finally {
      oldSiteGone = false;
    }
  });
});

describe('a zip of markdown files with their images', () => {
  it('stores the images the posts refer to, relative to the file or as a path of the site, and the cover', async () => {
    const zip = await zipOf([
      {
        name: 'site/content/posts/trip/index.md',
        data: '---\ntitle: The trip\ndate: 2021-05-01\nimage: cover.png\n---\n![The lake](lake.png)\n\n![Logo](/img/logo.png)\n\n`![not an image](code.png)`',
      },
      { name: 'site/content/posts/trip/cover.png', data: await png('orange') },
      { name: 'site/content/posts/trip/lake.png', data: await png('teal') },
      { name: 'site/static/img/logo.png', data: await png('purple') },
      { name: 'site/content/posts/lost.md', data: '---\ntitle: Lost\nimage: nowhere.png\n---\n![Nowhere](nowhere.png)' },
    ]);
    const result = await imported(zip, 'application/zip');
    expect(result).toMatchObject({ format: 'markdown', posts: 2, uploads: 3, skipped: 0 });
    // Re-imported, the same images are found stored: none new, none skipped.
    expect(await imported(zip, 'application/zip')).toMatchObject({ posts: 2, uploads: 0, skipped: 0 });
    expect(result.warnings).toContain('"Lost": the cover "nowhere.png" is not in the file; left out');
    const trip = await post('trip');
    expect(trip.content.match(UPLOAD)).toHaveLength(2);
    expect(trip.content).toContain('`![not an image](code.png)`');
    expect(trip.featuredImage).toMatch(/^\/objects\/uploads\/[0-9a-f-]{36}$/);
    const lost = await post('lost');
    expect(lost.featuredImage ?? null).toBeNull();
    expect(lost.content).toBe('![Nowhere](nowhere.png)');
  });
});

/** A Ghost export: its images are `__GHOST_URL__/content/images/...`, and the JSON holds none. */
const ghostFile = (id: string, slug: string) =>
  JSON.stringify({
    db: [
      {
        meta: { version: '5.80.0' },
        data: {
          posts: [
            {
              id,
              title: `Ghost ${slug}`,
              slug,
              status: 'published',
              html: '<p>At my desk.</p><figure><img src="__GHOST_URL__/content/images/2024/04/desk.png" alt="Desk"></figure>',
              feature_image: '__GHOST_URL__/content/images/2024/04/cover.png',
              created_at: '2024-04-01T10:00:00.000Z',
              published_at: '2024-04-01T10:00:00.000Z',
            },
          ],
        },
      },
    ],
  });

describe('a Ghost export, whose images only the old site has', () => {
  it('fetches them from the old site’s address the author gives, in its folder', async () => {
    const result = await imported(
      ghostFile('g1', 'ghost-desk'),
      'application/json',
      `?from=${encodeURIComponent(`${origin}/journal/`)}`,
    );
    expect(result).toMatchObject({ format: 'ghost', posts: 1, uploads: 2 });
    expect(result.warnings.filter((warning) => warning.includes('/content/images/'))).toEqual([]);
    expect(result.report?.[0]).toMatchObject({ slug: 'ghost-desk', converted: ['2 images brought to this site'], kept: [] });
    const desk = await post('ghost-desk');
    expect(desk.content).toMatch(/!\[Desk\]\(\/objects\/uploads\/[0-9a-f-]{36}\)/);
    expect(desk.featuredImage).toMatch(/^\/objects\/uploads\/[0-9a-f-]{36}$/);
  });

  it('without the address, keeps the paths and says how to bring them', async () => {
    const result = await imported(ghostFile('g2', 'ghost-desk-two'), 'application/json');
    expect(result.uploads).toBe(0);
    expect(result.warnings).toContain(
      "1 post(s) show images stored by Ghost (/content/images/...), which a Ghost export does not contain: import the file again with the old site's address to bring them, or upload them again and update the links",
    );
    expect((await post('ghost-desk-two')).content).toContain('![Desk](/content/images/2024/04/desk.png)');
  });

  it('refuses an address that is not http(s), before reading the file', async () => {
    for (const from of ['ftp://old.example/', 'not an address']) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/admin/import?from=${encodeURIComponent(from)}`,
        headers: { cookie, 'content-type': 'application/json' },
        payload: ghostFile('g3', 'never'),
      });
      expect(response.statusCode, from).toBe(400);
      expect(response.json().message).toMatch(/old site’s address/);
    }
  });
});
