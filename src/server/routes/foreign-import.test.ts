import { asc, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie, createTestApp, postPayload, type TestApp, tables } from '../../../tests/support/test-app.ts';
import { siteImportResultSchema, type SiteImportResult } from '../../shared/backup.ts';
import { localhostDataset, localhostTrunk, wxr, type WxrSite } from '../services/site-data/imports/__fixtures__/wxr.ts';

/**
 * Issue 19: what a WordPress or Ghost import may change. A post is found again by its source
 * (site and guid), never another site's that shares its id; ids repeated in one file each get a
 * post, and importing the file again writes nothing; a file cut short is refused, nothing written.
 */

const { blogPosts, comments, postRevisions } = tables;

let site: TestApp;
let cookie: string;
beforeAll(async () => {
  site = await createTestApp();
  cookie = await adminCookie(site.app);
});
afterAll(() => site?.close());

function importFile(body: string, contentType = 'application/xml') {
  return site.app.inject({
    method: 'POST',
    url: '/api/admin/import',
    headers: { cookie, 'content-type': contentType },
    payload: body,
  });
}

async function imported(body: string, contentType?: string): Promise<SiteImportResult> {
  const response: LightMyRequestResponse = await importFile(body, contentType);
  expect(response.statusCode, response.body).toBe(200);
  return siteImportResultSchema.parse(response.json());
}

/** Every row an import writes, in a stable order. */
async function rows() {
  return {
    posts: await site.db.select().from(blogPosts).orderBy(asc(blogPosts.id)),
    comments: await site.db.select().from(comments).orderBy(asc(comments.id)),
    revisions: await site.db.select().from(postRevisions).orderBy(asc(postRevisions.id)),
  };
}

const postBySlug = async (slug: string) => {
  const [post] = await site.db.select().from(blogPosts).where(eq(blogPosts.slug, slug));
  if (!post) throw new Error(`no post ${slug}`);
  return post;
};

async function emptySite() {
  await site.db.delete(comments);
  await site.db.delete(postRevisions);
  await site.db.delete(blogPosts);
}

describe('two WordPress sites whose exports share post ids (both exported from http://localhost/)', () => {
  beforeAll(emptySite);

  let trunk: SiteImportResult;
  let dataset: SiteImportResult;
  let trunkRows: Awaited<ReturnType<typeof rows>>['posts'];

  it('imports the first site', async () => {
    trunk = await imported(wxr(localhostTrunk));
    expect(trunk).toMatchObject({ format: 'wordpress', posts: 3, comments: 1, skipped: 0, warnings: [] });
    trunkRows = (await rows()).posts;
    expect(await postBySlug('sample-page')).toMatchObject({
      title: 'Sample Page',
      metadata: expect.objectContaining({
        source: 'wordpress:localhost http://localhost/?page_id=2',
        sourceDate: '2011-01-18T07:40:14.000Z',
      }),
    });
  });

  it('imports the second beside it, changing none of the first site’s posts, and says why', async () => {
    dataset = await imported(wxr(localhostDataset));
    expect(dataset).toMatchObject({ format: 'wordpress', posts: 3, comments: 1, skipped: 0 });
    expect(dataset.warnings).toEqual([
      '"Hello world!": a post imported before has the same source (wordpress:localhost http://localhost/?p=1) but another date there, so it is another site\'s post: left as it was, this one imported as a new post',
      '"Hello world!": the slug "hello-world" is taken by another post; imported as "hello-world-2"',
      '"About": a post imported before has the same source (wordpress:localhost http://localhost/?page_id=2) but another date there, so it is another site\'s post: left as it was, this one imported as a new post',
    ]);
    const after = await rows();
    // The first site's posts, row for row as they were.
    expect(after.posts.filter((post) => trunkRows.some((row) => row.id === post.id))).toEqual(trunkRows);
    expect(after.posts.map((post) => post.title).sort()).toEqual([
      'About',
      'Alpha post',
      'Draft Page',
      'Hello world!',
      'Hello world!',
      'Sample Page',
    ]);
    expect(await postBySlug('about')).toMatchObject({ content: 'This is an example of a WordPress page, on the second site.' });
    expect(await postBySlug('sample-page')).toMatchObject({ content: 'This is an example page of the first site.' });
  });

  it('finds each site’s own posts again: importing either file again writes nothing', async () => {
    const before = await rows();
    // The same report, each post now `unchanged`.
    const unchanged = trunk.report!.map((entry) => ({ ...entry, outcome: 'unchanged' }));
    expect(await imported(wxr(localhostTrunk))).toEqual({ ...trunk, comments: 0, report: unchanged });
    expect(await imported(wxr(localhostDataset))).toMatchObject({ posts: 3, comments: 0, skipped: 0 });
    expect(await rows()).toEqual(before);
  });

  it('updates the right site’s post when its export changed', async () => {
    const changed: WxrSite = {
      ...localhostDataset,
      items: localhostDataset.items.map((item) => (item.id === 2 ? { ...item, content: 'About, rewritten.' } : item)),
    };
    const about = await postBySlug('about');
    const sample = await postBySlug('sample-page');
    await imported(wxr(changed));
    expect(await postBySlug('about')).toMatchObject({ id: about.id, content: 'About, rewritten.' });
    expect(await postBySlug('sample-page')).toEqual(sample);
  });
});

describe('an imported post the author edits', () => {
  beforeAll(async () => {
    await emptySite();
    await imported(wxr(localhostTrunk));
  });

  it('keeps its source and the date there, whatever metadata the editor sends', async () => {
    const sample = await postBySlug('sample-page');
    const saved = await site.app.inject({
      method: 'PUT',
      url: `/api/blog-posts/${sample.id}`,
      headers: { cookie },
      payload: postPayload({ title: 'Sample Page', slug: 'sample-page', content: 'Edited here.', metadata: { readTime: 2 } }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await postBySlug('sample-page')).metadata).toEqual({
      readTime: 2,
      source: 'wordpress:localhost http://localhost/?page_id=2',
      sourceDate: '2011-01-18T07:40:14.000Z',
    });
    // Still the first site's: the second site's page of the same id does not land on it.
    await imported(wxr(localhostDataset));
    expect(await postBySlug('sample-page')).toMatchObject({ id: sample.id, content: 'Edited here.' });
  });
});

describe('posts imported before the site was part of their source (metadata.source = wordpress:<guid>)', () => {
  /** The rows as the importer stored them before: the guid alone, no sourceDate. */
  async function asImportedBefore() {
    await site.db.execute(sql`
      update ${blogPosts}
      set metadata = (${blogPosts.metadata} - 'sourceDate') || jsonb_build_object('source', 'wordpress:' || split_part(${blogPosts.metadata} ->> 'source', ' ', 2))`);
  }

  beforeAll(async () => {
    await emptySite();
    await imported(wxr(localhostTrunk));
    await asImportedBefore();
  });

  it('are found again by the former key when the same file comes in again: nothing written', async () => {
    const before = await rows();
    expect(before.posts.map((post) => post.metadata.source).sort()).toEqual([
      'wordpress:http://localhost/?p=1',
      'wordpress:http://localhost/?page_id=2',
      'wordpress:http://localhost/?page_id=9',
    ]);
    expect(await imported(wxr(localhostTrunk))).toMatchObject({ posts: 3, comments: 0, warnings: [] });
    expect(await rows()).toEqual(before);
  });

  it('are not changed by another site at the same address whose posts share their ids', async () => {
    const before = await rows();
    const result = await imported(wxr(localhostDataset));
    expect(result.posts).toBe(3);
    expect(result.warnings.filter((warning) => warning.includes('another site'))).toHaveLength(2);
    const after = await rows();
    expect(after.posts.filter((post) => before.posts.some((row) => row.id === post.id))).toEqual(before.posts);
    expect(after.posts).toHaveLength(6);
  });

  it('take the new key when their post changes', async () => {
    const changed: WxrSite = {
      ...localhostTrunk,
      items: localhostTrunk.items.map((item) => (item.id === 2 ? { ...item, content: 'Sample, rewritten.' } : item)),
    };
    const sample = await postBySlug('sample-page');
    await imported(wxr(changed));
    expect(await postBySlug('sample-page')).toMatchObject({
      id: sample.id,
      content: 'Sample, rewritten.',
      metadata: expect.objectContaining({
        source: 'wordpress:localhost http://localhost/?page_id=2',
        sourceDate: '2011-01-18T07:40:14.000Z',
      }),
    });
  });
});

describe('an export that repeats a post id', () => {
  const repeating: WxrSite = {
    address: 'https://theme.example/',
    title: 'Theme test data',
    items: [
      { id: 1133, title: 'Template: Paginated', slug: 'template-paginated', date: '2012-01-08 10:00:00', content: 'Page one.' },
      { id: 555, title: 'In between', slug: 'in-between', date: '2012-01-08 11:00:00', content: 'Not repeated.' },
      {
        id: 1133,
        title: 'Template: Paginated, again',
        slug: 'template-paginated',
        date: '2012-01-09 10:00:00',
        content: 'Another post under the same id.',
        comment: { author: 'Reader', date: '2012-01-10 10:00:00', text: 'On the second one.' },
      },
    ],
  };

  beforeAll(emptySite);

  it('gives the second post of an id a post of its own, and says so', async () => {
    const result = await imported(wxr(repeating));
    expect(result).toMatchObject({ posts: 3, comments: 1, skipped: 0 });
    expect(result.warnings).toEqual([
      '"Template: Paginated, again": another post of this file has the same source (wordpress:theme.example https://theme.example/?p=1133); imported as a post of its own',
      '"Template: Paginated, again": the slug "template-paginated" is taken by another post; imported as "template-paginated-2"',
    ]);
    expect(await postBySlug('template-paginated')).toMatchObject({ content: 'Page one.' });
    expect(await postBySlug('template-paginated-2')).toMatchObject({
      content: 'Another post under the same id.',
      metadata: expect.objectContaining({ source: 'wordpress:theme.example https://theme.example/?p=1133#2' }),
    });
  });

  it('writes nothing when the same file comes in again: the same answer, the same rows', async () => {
    const first = await rows();
    const again = await imported(wxr(repeating));
    expect(again).toMatchObject({ posts: 3, comments: 0, skipped: 0 });
    expect(await rows()).toEqual(first);
    expect(await imported(wxr(repeating))).toEqual(again);
    expect(await rows()).toEqual(first);
  });
});

describe('Ghost exports of two sites whose post ids are the same (Ghost 0.x numbered its posts)', () => {
  const ghost = (title: string, createdAt: string) =>
    JSON.stringify({
      db: [
        {
          meta: { exported_on: 1_400_000_000_000, version: '003' },
          data: {
            posts: [
              {
                id: 1,
                uuid: `${title}-uuid`,
                title,
                slug: 'welcome-to-ghost',
                html: `<p>${title} says hello.</p>`,
                status: 'published',
                page: 0,
                created_at: createdAt,
                updated_at: createdAt,
                published_at: createdAt,
              },
            ],
            tags: [],
            posts_tags: [],
          },
        },
      ],
    });

  beforeAll(emptySite);

  it('imports the second site’s post beside the first one’s, and again writes nothing', async () => {
    await imported(ghost('First blog', '2014-05-01T10:00:00.000Z'), 'application/json');
    const first = (await rows()).posts;
    const result = await imported(ghost('Second blog', '2014-06-01T10:00:00.000Z'), 'application/json');
    expect(result.warnings[0]).toMatch(/^"Second blog": a post imported before has the same source \(ghost:1\) but another date/);
    const after = await rows();
    expect(after.posts.filter((post) => post.id === first[0]!.id)).toEqual(first);
    expect(after.posts.map((post) => post.title).sort()).toEqual(['First blog', 'Second blog']);
    await imported(ghost('First blog', '2014-05-01T10:00:00.000Z'), 'application/json');
    await imported(ghost('Second blog', '2014-06-01T10:00:00.000Z'), 'application/json');
    expect(await rows()).toEqual(after);
  });
});

describe('a WordPress export cut short', () => {
  const whole = wxr(localhostDataset);

  beforeAll(async () => {
    await emptySite();
    await imported(wxr(localhostTrunk));
  });

  it.each([
    ['in the middle of an item', whole.indexOf('<wp:post_id>2<'), 'item'],
    ['in the middle of a CDATA section', whole.indexOf('on the second site.') + 6, 'content:encoded'],
    ['just before </channel>', whole.indexOf('</channel>'), 'channel'],
    ['just before </rss>', whole.indexOf('</rss>'), 'rss'],
  ])('is refused when cut %s (422), and nothing is written', async (_where, length, element) => {
    const before = await rows();
    const response = await importFile(whole.slice(0, length));
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json<{ message: string }>().message).toMatch(
      new RegExp(
        `^The WordPress export is incomplete: the file ends inside <${element}> \\(opened on line \\d+\\); export it again$`,
      ),
    );
    expect(await rows()).toEqual(before);
  });

  it('is imported once whole', async () => {
    expect(await imported(whole)).toMatchObject({ posts: 3 });
  });
});
