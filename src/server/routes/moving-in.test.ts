import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie, createTestApp, importAsAdmin, type TestApp } from '../../../tests/support/test-app.ts';
import { zipOf } from '../../../tests/support/zip-fixtures.ts';
import type { SiteImportResult } from '../../shared/backup.ts';
import type { Comment } from '../../shared/comments.ts';
import type { Post } from '../../shared/posts.ts';
import {
  ghostSite,
  IMAGES,
  markdownSite,
  wordpressOldSite,
  wordpressSite,
} from '../services/site-data/imports/__fixtures__/moving-in.ts';

/**
 * Issue 22, one fixture per case a mover meets (__fixtures__/moving-in.ts, also printed by
 * `node scripts/moving-in.ts`): what each brings in, and the import's report of it, post by post.
 */

const png = (color: string) =>
  sharp({ create: { width: 24, height: 16, channels: 3, background: color } })
    .png()
    .toBuffer();

let oldSite: Server;
let origin: string;
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  const served = new Map(await Promise.all(Object.entries(IMAGES).map(async ([at, color]) => [at, await png(color)] as const)));
  oldSite = createServer((request, response) => {
    const image = served.get((request.url ?? '').replace(/^\/journal(?=\/content\/)/, ''));
    if (image) response.writeHead(200, { 'content-type': 'image/png' }).end(image);
    else response.writeHead(404).end();
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
  (await t.app.inject({ method: 'GET', url: `/api/blog-posts/${encodeURIComponent(slug)}`, headers: { cookie } })).json<Post>();
const UPLOAD = /\/objects\/uploads\/[0-9a-f-]{36}/g;

describe('a WordPress block-editor site', () => {
  let result: SiteImportResult;
  beforeAll(async () => {
    result = await imported(wordpressSite(origin), 'application/xml');
  });

  it('brings both items, their five comments and the three images, and says what it did to each', () => {
    expect(result).toMatchObject({ format: 'wordpress', posts: 2, comments: 5, uploads: 3, oldAddresses: 4, skipped: 2 });
    expect(result.report).toEqual([
      {
        title: 'Field notes from the harbour',
        slug: 'field-notes',
        outcome: 'added',
        published: true,
        converted: [
          '1 gallery as 2 images',
          '2 footnotes',
          '1 audio or video player as links to the files',
          '1 code block',
          '1 superscript or subscript',
          '1 address with its line breaks',
          '3 comments, 2 as replies in their thread',
          '3 images brought to this site',
        ],
        kept: ['1 [playlist] shortcode kept as text'],
      },
      {
        title: 'Tide tables',
        slug: 'tide-tables',
        outcome: 'added',
        published: false,
        converted: ['2 comments'],
        kept: ['no content; kept as a draft with its 2 comments'],
      },
    ]);
  });

  it('keeps all 30 tags, the footnotes, the thread and the images here', async () => {
    const notes = await post('field-notes');
    expect(notes.tags).toHaveLength(30);
    expect(notes.content).toContain('Forty boats[^1] came in, about 10<sup>3</sup> fish each[^2].');
    expect(notes.content).toContain('[^1]: Counted at dawn, _twice_.');
    expect(notes.content.match(UPLOAD)).toHaveLength(3);
    expect(notes.content).toContain(`[Audio: gulls.mp3](${origin}/wp-content/uploads/2019/05/gulls.mp3)`);
    const comments = (
      await t.app.inject({ method: 'GET', url: `/api/blog-posts/${notes.id}/comments`, headers: { cookie } })
    ).json<Comment[]>();
    const byText = new Map(comments.map((comment) => [comment.content, comment]));
    expect(byText.get('The blue one, as always.')?.parentId).toBe(byText.get('Which boat was first?')?.id);
    expect(byText.get('Of course it was.')?.parentId).toBe(byText.get('The blue one, as always.')?.id);
  });
});

describe('a WordPress 1.0 file', () => {
  it('keeps its tags, listed under domain="tag" twice each, beside its category', async () => {
    const result = await imported(wordpressOldSite(origin), 'application/xml');
    expect(result).toMatchObject({ posts: 1, warnings: [] });
    expect((await post('rain')).tags).toEqual(['Weather', 'rain', 'april']);
  });
});

describe('a Ghost export, with the old site’s address', () => {
  it('dates the post by when it went out, and brings its images from the old site', async () => {
    const result = await imported(ghostSite(), 'application/json', `?from=${encodeURIComponent(`${origin}/journal/`)}`);
    expect(result.report).toEqual([
      {
        title: 'Market day',
        slug: 'market-day',
        outcome: 'added',
        published: true,
        converted: ['1 table', '2 images brought to this site'],
        kept: [],
      },
    ]);
    const market = await post('market-day');
    expect(market.createdAt).toBe('2021-02-02T07:30:00.000Z');
    expect(market.featuredImage).toMatch(UPLOAD);
    expect(market.content).toMatch(/\| Yam +\| 12 +\|/);
  });
});

describe('a zip of Hugo and Jekyll files', () => {
  it('converts the tags it knows, keeps the one it does not, and gives the translation its own address', async () => {
    const zip = await zipOf(
      await Promise.all(
        markdownSite.map(async (file) => ({ name: file.path, data: file.png ? await png(file.png) : file.text! })),
      ),
    );
    const result = await imported(zip, 'application/zip');
    expect(result).toMatchObject({ format: 'markdown', posts: 6, uploads: 2, skipped: 0 });
    const entries = new Map(result.report!.map((entry) => [entry.slug, entry]));
    expect(entries.get('ruby')).toMatchObject({
      converted: ['1 {% highlight %} block as fenced code', '1 Liquid or Hugo tag as links or images'],
      kept: ['{% gist %} kept as text: this site has no such tag'],
    });
    expect(entries.get('trip-fr')?.converted).toEqual([
      'a translation (fr) of site/content/posts/trip/index.md, with an address of its own',
      '2 images brought to this site',
    ]);
    expect(entries.get('table')?.converted).toEqual(['raw HTML as markdown']);
    // Posts with something left as it was come first.
    expect(result.report![0]!.slug).toBe('ruby');
    expect((await post('ruby')).content).toContain('[more](/blog/more)');
    expect((await post('table')).content).toMatch(/\| Mon +\| 3 +\|/);
  });
});
