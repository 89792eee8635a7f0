import { readFileSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceRenderer } from '../../../tests/support/fuzz.ts';
import { adminCookie, createTestApp, postPayload, type TestApp, uploadImage } from '../../../tests/support/test-app.ts';
import type { Post } from '../../shared/posts.ts';
import * as entry from '../../client/entry-server.tsx';
import { PUBLIC_CACHE } from '../http/cache-headers.ts';

// DESIGN.md "readers on metered data": a request with `Save-Data: on` gets pages with no script
// at all and images no wider than the 480 px copy; those answers vary on Save-Data, kept apart.

const SITE_URL = 'http://localhost:3000';
const renderer = sourceRenderer(entry, readFileSync('index.html', 'utf8'), SITE_URL);
// Not counted as a reader: a count written mid-test would empty the page cache under it.
const CRAWLER = 'Googlebot/2.1 (+http://www.google.com/bot.html)';
const SAVE_DATA = { 'save-data': 'on' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const visit = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { 'user-agent': CRAWLER, ...headers } });

/** Polls until `done` holds; a loaded machine may take seconds to brotli-compress a page. */
async function until(done: () => boolean, ms = 30_000) {
  for (const deadline = Date.now() + ms; !done() && Date.now() < deadline;) await sleep(10);
}

/** The fields of a `Vary` header, in lower case. */
const varyOf = (header: unknown) =>
  String(header ?? '')
    .split(',')
    .map((field) => field.trim().toLowerCase())
    .filter(Boolean);

/** Every `<img>` tag of a page. */
const imagesOf = (html: string) => html.match(/<img\b[^>]*>/g) ?? [];

/** A photo-like JPEG, wide enough to have 480, 960 and 1600 px copies. */
function makeJpeg(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    pixels[i * 3] = (i % width) % 256;
    pixels[i * 3 + 1] = Math.floor(i / width) % 256;
    pixels[i * 3 + 2] = 128;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

describe('Save-Data: on', () => {
  let t: TestApp;
  let cookie: string;
  let image: string;
  let post: Post;
  beforeAll(async () => {
    t = await createTestApp({ SITE_URL }, { renderer });
    cookie = await adminCookie(t.app);
    image = await uploadImage(t.app, cookie, await makeJpeg(1800, 900));
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/blog-posts',
      headers: { cookie },
      payload: postPayload({
        title: 'Pictures from the coding club',
        slug: 'pictures',
        content: `# Pictures\n\nThe club at work.\n\n![The club at work](${image})\n\nAnd more text after it.`,
        featuredImage: image,
      }),
    });
    expect(created.statusCode, created.body).toBe(201);
    post = created.json<Post>();
  });
  afterAll(() => t.close());

  it('sends /, /cv, /blog and a post with no script at all, and they still read', async () => {
    for (const [url, text] of [
      ['/', 'View My Work'],
      ['/cv', 'Send Message'],
      ['/blog', 'Pictures from the coding club'],
      [`/blog/${post.slug}`, 'And more text after it.'],
    ] as const) {
      const normal = await visit(t.app, url);
      expect(normal.statusCode, url).toBe(200);
      // The page without the header has its script: what the header takes away is there to take.
      expect(normal.body, url).toContain('<script');

      const light = await visit(t.app, url, SAVE_DATA);
      expect(light.statusCode, url).toBe(200);
      expect(light.body, url).not.toMatch(/<script/i);
      expect(light.body, url).not.toContain('modulepreload');
      expect(light.body, url).not.toContain('__QUERY_STATE__');
      expect(light.body, url).toContain(text);
      expect(light.headers['cache-control'], url).toBe(PUBLIC_CACHE);
    }
  });

  it('keeps the post structured data out too (a <script> element) but its metadata in', async () => {
    const normal = await visit(t.app, `/blog/${post.slug}`);
    expect(normal.body).toContain('application/ld+json');
    const light = await visit(t.app, `/blog/${post.slug}`, SAVE_DATA);
    expect(light.body).not.toContain('application/ld+json');
    expect(light.body).toContain('<title>Pictures from the coding club');
    expect(light.body).toContain('<meta property="og:type" content="article" />');
  });

  it("shows the post's images, body and cover, from their 480 px copy only", async () => {
    const normal = imagesOf((await visit(t.app, `/blog/${post.slug}`)).body);
    // Without the header the browser may pick a wider copy: that is what Save-Data takes away.
    expect(normal.join('\n')).toContain(`${image}/960.webp`);
    expect(normal.join('\n')).toContain(`${image}/1600.webp`);

    const light = (await visit(t.app, `/blog/${post.slug}`, SAVE_DATA)).body;
    const images = imagesOf(light);
    expect(images).toHaveLength(2);
    const [cover, inBody] = images;
    expect(cover).toContain(`src="${image}/480.webp"`);
    expect(cover).toContain('alt="Pictures from the coding club"');
    expect(inBody).toContain(`src="${image}/480.webp"`);
    expect(inBody).toContain('alt="The club at work"');
    // Its size stays, so the text does not jump when it loads.
    expect(inBody).toContain('width="1800"');
    for (const tag of images) {
      expect(tag).not.toMatch(/srcset|sizes=/i);
      expect(tag).not.toMatch(/\/(960|1600)\.webp/);
    }
    expect(light).not.toMatch(new RegExp(`src="${image}"`));
    // The copy it names is served.
    const copy = await t.app.inject({ url: `${image}/480.webp` });
    expect(copy.statusCode).toBe(200);
    expect((await sharp(copy.rawPayload).metadata()).width).toBe(480);
  });

  it('View My Work is a link to the partnerships on a page without script', async () => {
    const light = (await visit(t.app, '/', SAVE_DATA)).body;
    expect(light).toMatch(/<a href="#partnerships"[^>]*>View My Work/);
    expect(light).toContain('id="partnerships"');
  });

  it('says Vary: Save-Data on every page answer, with the header or without, with Accept-Encoding kept', async () => {
    for (const url of ['/', '/cv', '/blog', `/blog/${post.slug}`, '/blog?q=club', '/no-such-page']) {
      const variants: Record<string, string>[] = [
        {},
        SAVE_DATA,
        { 'accept-encoding': 'br' },
        { ...SAVE_DATA, 'accept-encoding': 'br' },
      ];
      for (const headers of variants) {
        const response = await visit(t.app, url, headers);
        const vary = varyOf(response.headers.vary);
        expect(vary, `${url} ${JSON.stringify(headers)}`).toContain('save-data');
        if ('accept-encoding' in headers) expect(vary, url).toContain('accept-encoding');
      }
    }
    // The author's screens are the app itself: they keep their script whatever the header says.
    const admin = await visit(t.app, '/admin', { ...SAVE_DATA, cookie });
    expect(admin.statusCode).toBe(200);
    expect(admin.body).toContain('<script');
  });

  it('keeps the two versions of a page apart in the cache, whichever comes first', { timeout: 120_000 }, async () => {
    // A save empties the cache (the earlier tests filled it), as the next read of its number shows.
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/blog-posts',
      headers: { cookie },
      payload: postPayload({ title: 'Another post', slug: 'another' }),
    });
    expect(saved.statusCode, saved.body).toBe(201);
    await t.app.pageCache.sync();
    expect(t.app.pageCache.size).toBe(0);
    for (const [url, first, second] of [
      ['/cv', {}, SAVE_DATA],
      ['/blog', SAVE_DATA, {}],
    ] as const) {
      const before = t.app.pageCache.size;
      const firstVisit = await visit(t.app, url, first);
      await until(() => t.app.pageCache.size > before);
      expect(t.app.pageCache.size, url).toBe(before + 1);
      const secondVisit = await visit(t.app, url, { ...second, 'accept-encoding': 'br' });
      await until(() => t.app.pageCache.size > before + 1);
      // Each version is kept under its own key.
      expect(t.app.pageCache.size, url).toBe(before + 2);
      // Both again, from the cache now (brotli as it was compressed once), each as it was first rendered.
      const firstAgain = await visit(t.app, url, { ...first, 'accept-encoding': 'br' });
      const secondAgain = await visit(t.app, url, { ...second, 'accept-encoding': 'br' });
      expect(brotliDecompressSync(firstAgain.rawPayload).toString(), url).toBe(firstVisit.body);
      expect(brotliDecompressSync(secondAgain.rawPayload).toString(), url).toBe(
        brotliDecompressSync(secondVisit.rawPayload).toString(),
      );
      const [light, normal] = 'save-data' in first ? [firstAgain, secondAgain] : [secondAgain, firstAgain];
      expect(brotliDecompressSync(light.rawPayload).toString(), url).not.toContain('<script');
      expect(brotliDecompressSync(normal.rawPayload).toString(), url).toContain('<script');
      expect(light.headers.etag, url).not.toBe(normal.headers.etag);
      for (const response of [light, normal])
        expect(varyOf(response.headers.vary), url).toEqual(['save-data', 'accept-encoding']);
    }
  });
});
