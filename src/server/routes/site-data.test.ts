import { existsSync, readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie, createTestApp, postPayload, type TestApp, tables, uploadImage } from '../../../tests/support/test-app.ts';
import {
  billionLaughsXml,
  declareSize,
  editZip,
  renameEntry,
  unzip,
  zipBomb,
  zipOf,
} from '../../../tests/support/zip-fixtures.ts';
import { backupManifestSchema, siteImportResultSchema, type SiteImportResult } from '../../shared/backup.ts';
import type { SiteDocument } from '../../shared/site.ts';
import type { Post } from '../../shared/posts.ts';

const { blogPosts, comments, contactMessages, postDailyViews, postRevisions, uploads } = tables;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const DAY = 24 * 60 * 60 * 1000;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const as = (t: TestApp, cookie: string) => (method: Method, url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

/** POST /api/admin/import with the file as the raw body, as the dashboard's Import sends it. */
function importFile(t: TestApp, cookie: string, body: Buffer | string, contentType = 'application/zip') {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/import',
    headers: { cookie, 'content-type': contentType },
    payload: body,
  });
}

function imported(response: LightMyRequestResponse): SiteImportResult {
  expect(response.statusCode, response.body).toBe(200);
  return siteImportResultSchema.parse(response.json());
}

async function exportSite(t: TestApp, cookie: string): Promise<Buffer> {
  const response = await t.app.inject({ method: 'GET', url: '/api/admin/export', headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.rawPayload;
}

/** Every row the archive carries, table by table, in a stable order (dates as drizzle reads them: ms). */
async function dump(t: TestApp) {
  const { db } = t;
  return {
    posts: await db.select().from(blogPosts).orderBy(asc(blogPosts.id)),
    comments: await db.select().from(comments).orderBy(asc(comments.id)),
    messages: await db.select().from(contactMessages).orderBy(asc(contactMessages.id)),
    revisions: await db.select().from(postRevisions).orderBy(asc(postRevisions.id)),
    uploads: await db.select().from(uploads).orderBy(asc(uploads.id)),
    readers: await db.select().from(postDailyViews).orderBy(asc(postDailyViews.postId), asc(postDailyViews.day)),
  };
}

/** Files in the app's upload storage and in its import scratch directory. */
function files(t: TestApp) {
  const list = (dir: string) => (existsSync(path.join(t.dataDir, dir)) ? readdirSync(path.join(t.dataDir, dir)).sort() : []);
  return { uploads: list('uploads'), imports: list('imports') };
}

/** A small picture-like image (a gradient) in the given format. */
function picture(width: number, height: number, format: 'png' | 'jpeg' | 'webp'): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    pixels[i * 3] = (i % width) * 3;
    pixels[i * 3 + 1] = Math.floor(i / width) * 3;
    pixels[i * 3 + 2] = 140;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}

interface Seeded {
  published: Post;
  draft: Post;
  scheduled: Post;
  backdated: Post;
  imagePaths: string[];
}

/**
 * A site with something of everything the archive holds: posts of every status (one edited
 * several times, with a save refused as a conflict), uploads, comments of every status, read and
 * unread messages, readers per day.
 */
async function seedSite(t: TestApp, cookie: string): Promise<Seeded> {
  const admin = as(t, cookie);
  const imagePaths = [
    await uploadImage(t.app, cookie, await picture(64, 48, 'png'), 'image/png'),
    await uploadImage(t.app, cookie, await picture(80, 60, 'jpeg'), 'image/jpeg'),
    await uploadImage(t.app, cookie, await picture(40, 40, 'webp'), 'image/webp'),
  ];
  const create = async (payload: Record<string, unknown>) => {
    const response = await admin('POST', '/api/blog-posts', postPayload(payload));
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Post>();
  };

  let published = await create({
    title: 'Coding Clubs in Kampala — “ünïcödé” & <friends>',
    slug: 'published-post',
    excerpt: 'How after-school clubs grow: a story in three parts.',
    featuredImage: imagePaths[0],
    tags: ['Educational Innovation', 'C#', 'Ünïcode'],
    content: `title: not front matter\n\n# Clubs\n\n![A club](${imagePaths[1]})\n\n---\n\n...\n\nText with a trailing line.`,
    metadata: { readTime: 3, author: 'Amara Okafor', metaTitle: 'Clubs', extra: { nested: [1, 'two'] } },
  });
  const draft = await create({ title: 'A draft, unfinished', slug: 'draft-post', excerpt: undefined, published: false });
  const scheduled = await create({
    title: 'Next week',
    slug: 'scheduled-post',
    featuredImage: imagePaths[2],
    publishAt: new Date(Date.now() + 7 * DAY).toISOString(),
  });
  const backdated = await create({
    title: 'From the archive',
    slug: 'backdated-post',
    publishAt: '2020-03-01T09:30:00.123Z',
    tags: [],
  });

  // Several saves, then one from an editor that had loaded an older version: refused, kept.
  for (const round of [1, 2, 3]) {
    await sleep(3);
    const saved = await admin('PUT', `/api/blog-posts/${published.id}`, {
      ...postPayload({ ...published, content: `${published.content}\n\nEdit ${round}.` }),
      expectedUpdatedAt: published.updatedAt,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    published = saved.json<Post>();
  }
  const refused = await admin('PUT', `/api/blog-posts/${published.id}`, {
    ...postPayload({ ...published, content: 'Written on a stale tab.' }),
    expectedUpdatedAt: new Date(Date.parse(published.updatedAt) - 60_000).toISOString(),
  });
  expect(refused.statusCode, refused.body).toBe(409);

  // Readers: the total in metadata, and per day.
  await t.db
    .update(blogPosts)
    .set({ metadata: sql`${blogPosts.metadata} || '{"views": 42}'::jsonb` })
    .where(eq(blogPosts.id, published.id));
  await t.db.insert(postDailyViews).values([
    { postId: published.id, day: '2024-05-01', views: 30 },
    { postId: published.id, day: '2024-05-02', views: 12 },
    { postId: backdated.id, day: '2024-05-02', views: 7 },
  ]);

  await t.db.insert(comments).values([
    { postId: published.id, author: 'Reader One', email: 'one@example.com', content: 'Lovely!', status: 'published' },
    { postId: published.id, author: 'Reader Two', email: 'two@example.com', content: 'Is this held?', status: 'held' },
    { postId: published.id, author: 'Spammer', email: 'spam@example.com', content: 'Buy now', status: 'spam' },
    { postId: backdated.id, author: 'Ünï', email: 'u@example.com', content: 'Old post, new comment\nwith two lines' },
  ]);
  await t.db.insert(contactMessages).values([
    { name: 'Unread', email: 'u@example.com', subject: null, message: 'Hello?', notifyError: 'SMTP refused' },
    {
      name: 'Read',
      email: 'r@example.com',
      subject: 'A question',
      message: 'Answered already.',
      notifiedAt: new Date(),
      readAt: new Date(),
    },
  ]);
  // The site document, made the owner's: its photo is one of the uploads.
  const site = (await t.app.inject({ url: '/api/site' })).json<SiteDocument>();
  const owned = await admin('PUT', '/api/admin/site', {
    ...site,
    profile: {
      ...site.profile,
      name: 'Nadia Okafor',
      photo: imagePaths[0],
      socialLinks: [{ label: 'Mastodon', url: 'https://mastodon.social/@nadia' }],
    },
  });
  expect(owned.statusCode, owned.body).toBe(200);
  return { published, draft, scheduled, backdated, imagePaths };
}

let source: TestApp;
let sourceCookie: string;
let seeded: Seeded;
let archive: Buffer;

beforeAll(async () => {
  source = await createTestApp();
  sourceCookie = await adminCookie(source.app);
  seeded = await seedSite(source, sourceCookie);
  archive = await exportSite(source, sourceCookie);
});
afterAll(() => source?.close());

/** The archive with a line of comments.json that is not JSON: read after the uploads, posts and revisions. */
let damaged: Promise<Buffer> | undefined;
const damagedArchive = () =>
  (damaged ??= editZip(archive, (file) =>
    file.name === 'comments.json' ? file.data.toString().replace(/\n\]\n$/, ',\n{"id": "broken\n]\n') : undefined,
  ));

describe('GET /api/admin/export', () => {
  it('is for the admin only', async () => {
    const response = await source.app.inject({ method: 'GET', url: '/api/admin/export' });
    expect(response.statusCode).toBe(401);
  });

  it('downloads the zip as an attachment', async () => {
    const response = await source.app.inject({ method: 'GET', url: '/api/admin/export', headers: { cookie: sourceCookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="[^"]+\.zip"$/);
    expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('holds the files DESIGN.md lists: posts by slug with front matter, the original uploads, the JSON files and the manifest', async () => {
    const entries = await unzip(archive);
    const names = entries.map((entry) => entry.name);
    const uploadIds = seeded.imagePaths.map((p) => p.split('/').pop()!);
    expect(names).toEqual(
      expect.arrayContaining([
        'manifest.json',
        'posts/published-post.md',
        'posts/draft-post.md',
        'posts/scheduled-post.md',
        'posts/backdated-post.md',
        `uploads/${uploadIds[0]}.png`,
        `uploads/${uploadIds[1]}.jpg`,
        `uploads/${uploadIds[2]}.webp`,
        'comments.json',
        'messages.json',
        'revisions.json',
        'site.json',
      ]),
    );
    // The resized copies are not originals: they are made again from the originals.
    expect(names.filter((name) => name.startsWith('uploads/'))).toHaveLength(3);

    const manifest = backupManifestSchema.parse(JSON.parse(entries.find((e) => e.name === 'manifest.json')!.data.toString()));
    const revisionCount = (await source.db.select().from(postRevisions)).length;
    expect(manifest.counts).toEqual({ posts: 4, comments: 4, messages: 2, revisions: revisionCount, uploads: 3 });

    const post = entries.find((e) => e.name === 'posts/scheduled-post.md')!.data.toString();
    expect(post).toMatch(/^---\n/);
    expect(post).toContain(`id: ${seeded.scheduled.id}\n`);
    expect(post).toContain(`publishAt: ${seeded.scheduled.publishAt}`);
    expect(post).toContain(`featuredImage: ${seeded.imagePaths[2]}`);
    expect(post.endsWith(`---\n${seeded.scheduled.content}`)).toBe(true);
  });
});

describe('restoring a backup into an empty site', () => {
  let target: TestApp;
  let targetCookie: string;
  let first: SiteImportResult;
  beforeAll(async () => {
    target = await createTestApp();
    targetCookie = await adminCookie(target.app);
    first = imported(await importFile(target, targetCookie, archive));
  });
  afterAll(() => target?.close());

  it('answers what came in', () => {
    expect(first).toEqual({ format: 'backup', posts: 4, comments: 4, uploads: 3, skipped: 0, warnings: [] });
  });

  it('gives back every row: posts, comments, messages, revisions, uploads and readers per day', async () => {
    const [before, after] = [await dump(source), await dump(target)];
    expect(after.posts).toHaveLength(4);
    expect(after.revisions.some((revision) => revision.refused)).toBe(true);
    expect(after.posts).toEqual(before.posts);
    expect(after.comments).toEqual(before.comments);
    expect(after.messages).toEqual(before.messages);
    expect(after.revisions).toEqual(before.revisions);
    expect(after.uploads).toEqual(before.uploads);
    expect(after.readers).toEqual(before.readers);
  });

  it('brings the site document back: the profile, its photo among the uploads', async () => {
    const [before, after] = await Promise.all([source.app.inject({ url: '/api/site' }), target.app.inject({ url: '/api/site' })]);
    expect(after.json<SiteDocument>().profile.name).toBe('Nadia Okafor');
    expect(after.json()).toEqual(before.json());
    const photo = await target.app.inject({ url: after.json<SiteDocument>().profile.photo });
    expect(photo.statusCode).toBe(200);
  });

  it('serves every upload at the same address, byte for byte, and makes its resized copies again', async () => {
    for (const objectPath of seeded.imagePaths) {
      const [original, restored] = await Promise.all([
        source.app.inject({ method: 'GET', url: objectPath }),
        target.app.inject({ method: 'GET', url: objectPath }),
      ]);
      expect(restored.statusCode, objectPath).toBe(200);
      expect(restored.headers['content-type']).toBe(original.headers['content-type']);
      expect(restored.rawPayload.equals(original.rawPayload), objectPath).toBe(true);
    }
    const copy = await target.app.inject({ method: 'GET', url: `${seeded.imagePaths[1]}/480.webp` });
    expect(copy.statusCode).toBe(200);
    expect(copy.headers['content-type']).toBe('image/webp');
  });

  it('shows readers what the original site showed: the scheduled post and the draft stay hidden', async () => {
    const list = await target.app.inject({ method: 'GET', url: '/api/blog-posts' });
    expect(list.json<Post[]>().map((post) => post.slug)).toEqual(['published-post', 'backdated-post']);
    expect((await target.app.inject({ method: 'GET', url: '/api/blog-posts/scheduled-post' })).statusCode).toBe(404);
    const page = await target.app.inject({ method: 'GET', url: '/api/blog-posts/published-post' });
    expect(page.statusCode).toBe(200);
    expect(page.json<{ html: string }>().html).toContain(seeded.imagePaths[1]);
  });

  it('is idempotent: importing the same zip again changes nothing and duplicates nothing', async () => {
    const before = await dump(target);
    const again = imported(await importFile(target, targetCookie, archive));
    expect(again).toEqual(first);
    expect(await dump(target)).toEqual(before);
  });
});

describe('restoring where another post has one of the archive’s slugs', () => {
  let site: TestApp;
  let cookie: string;
  beforeAll(async () => {
    site = await createTestApp();
    cookie = await adminCookie(site.app);
  });
  afterAll(() => site?.close());

  it('gives the restored post a suffix, says so, and leaves the other post as it was', async () => {
    const created = await as(site, cookie)('POST', '/api/blog-posts', postPayload({ title: 'Mine', slug: 'published-post' }));
    expect(created.statusCode, created.body).toBe(201);
    const mine = created.json<Post>();
    const [mineBefore] = await site.db.select().from(blogPosts).where(eq(blogPosts.id, mine.id));

    const result = imported(await importFile(site, cookie, archive));
    expect(result.posts).toBe(4);
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]).toContain('"published-post"');
    expect(result.warnings[0]).toContain('"published-post-2"');

    const [restored] = await site.db.select().from(blogPosts).where(eq(blogPosts.id, seeded.published.id));
    expect(restored?.slug).toBe('published-post-2');
    expect(restored?.title).toBe(seeded.published.title);
    const [mineAfter] = await site.db.select().from(blogPosts).where(eq(blogPosts.id, mine.id));
    expect(mineAfter).toEqual(mineBefore);

    // Again: the restored post keeps its suffix, nothing else moves.
    const again = imported(await importFile(site, cookie, archive));
    expect(again.posts).toBe(4);
    const slugs = (await site.db.select({ slug: blogPosts.slug }).from(blogPosts)).map((row) => row.slug).sort();
    expect(slugs).toEqual(['backdated-post', 'draft-post', 'published-post', 'published-post-2', 'scheduled-post']);
  });
});

describe('POST /api/admin/import refuses bad and hostile files, writing nothing', () => {
  let site: TestApp;
  let cookie: string;
  beforeAll(async () => {
    // A site with content of its own, so that "nothing written" also means "nothing changed".
    site = await createTestApp();
    cookie = await adminCookie(site.app);
    await seedSite(site, cookie);
  });
  afterAll(() => site?.close());

  /** Imports `body` and expects `status` with a message matching `message`, and no change at all. */
  async function refused(body: Buffer | string, status: number, message: RegExp, contentType?: string) {
    const [rowsBefore, filesBefore] = [await dump(site), files(site)];
    const response = await importFile(site, cookie, body, contentType);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json<{ message: string }>().message).toMatch(message);
    expect(await dump(site)).toEqual(rowsBefore);
    expect(files(site)).toEqual(filesBefore);
    return response;
  }

  it('is for the admin only', async () => {
    const response = await site.app.inject({
      method: 'POST',
      url: '/api/admin/import',
      headers: { 'content-type': 'application/zip' },
      payload: archive,
    });
    expect(response.statusCode).toBe(401);
    expect(await site.db.select().from(blogPosts).where(eq(blogPosts.id, seeded.published.id))).toEqual([]);
  });

  it('refuses a zip bomb (an entry expanding 1000x to 50 MB of zeros)', async () => {
    const manifest = (await unzip(archive)).find((entry) => entry.name === 'manifest.json')!;
    const bomb = await zipBomb('posts/zeros.md', 50, [manifest]);
    expect(bomb.length).toBeLessThan(200 * 1024);
    await refused(bomb, 400, /posts\/zeros\.md expands 200x or more: refused as a zip bomb/);
  });

  it('refuses an entry that declares a small size and expands beyond it', async () => {
    const bomb = await zipBomb('posts/liar.md', 5, (await unzip(archive)).slice(0, 1));
    await refused(declareSize(bomb, 'posts/liar.md', 1000), 400, /not a readable zip.*(too many bytes|expected 1000)/i);
  });

  it('refuses an entry named ../evil.md', async () => {
    const zip = await editZip(archive, () => undefined, [{ name: 'xx/evil.md', data: '---\ntitle: evil\n---\nevil' }]);
    await refused(renameEntry(zip, 'xx/evil.md', '../evil.md'), 400, /\.\.\/evil\.md/);
  });

  it('refuses an entry named /etc/x', async () => {
    const zip = await zipOf([{ name: '_etc/x.md', data: '# x' }]);
    await refused(renameEntry(zip, '_etc/x.md', '/etc/x.md'), 400, /\/etc\/x\.md/);
  });

  it('refuses a truncated zip', async () => {
    await refused(archive.subarray(0, Math.floor(archive.length / 2)), 400, /not a readable zip/i);
  });

  it('refuses a "billion laughs" XML file without expanding it', async () => {
    await refused(billionLaughsXml(), 422, /entities/i, 'text/xml');
  });

  it('refuses an empty body', async () => {
    await refused(Buffer.alloc(0), 400, /empty|request body/i);
  });

  it('refuses a file that is none of the formats (415)', async () => {
    await refused('Dear diary,\ntoday I exported my blog.\n', 415, /Unsupported file/, 'text/plain');
  });

  it('refuses a zip without a backup manifest or markdown files (415)', async () => {
    await refused(await zipOf([{ name: 'notes.txt', data: 'hello' }]), 415, /Unsupported file/);
  });

  it('refuses a backup made by a newer version (422)', async () => {
    const newer = await editZip(archive, (file) => {
      if (file.name !== 'manifest.json') return undefined;
      return JSON.stringify({ ...JSON.parse(file.data.toString()), version: 99 });
    });
    await refused(newer, 422, /newer version \(format 99\)/);
  });

  it('refuses an archive damaged in the middle (a comments.json line that is not JSON) and keeps every row as it was', async () => {
    const rowsBefore = await dump(site);
    const response = await importFile(site, cookie, await damagedArchive());
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json<{ message: string }>().message).toMatch(/^comments\.json line \d+ is not JSON: the archive is damaged$/);
    expect(await dump(site)).toEqual(rowsBefore);
  });

  it('refuses a body declared larger than 500 MB before it is sent (413)', async () => {
    await site.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = site.app.server.address() as AddressInfo;
    const rowsBefore = await dump(site);
    const sockets: Socket[] = [];
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/admin/import',
        headers: { cookie, 'content-type': 'application/zip', 'content-length': String(501 * 1024 * 1024) },
      });
      request.on('socket', (socket) => sockets.push(socket));
      request.on('response', (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, body }));
      });
      request.on('error', reject);
      // Only the headers and a first few bytes: the answer must come without the rest.
      request.write(Buffer.from('PK'));
    }).finally(() => sockets.forEach((socket) => socket.destroy()));
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).message).toMatch(/larger than 500 MB/);
    expect(await dump(site)).toEqual(rowsBefore);
  });
});

describe('a restore that fails in the middle', () => {
  let target: TestApp;
  let cookie: string;
  beforeAll(async () => {
    target = await createTestApp();
    cookie = await adminCookie(target.app);
    const response = await importFile(target, cookie, await damagedArchive());
    expect(response.statusCode, response.body).toBe(422);
  });
  afterAll(() => target?.close());

  it('rolls back the uploads, posts and revisions restored before the damage (one transaction)', async () => {
    expect(await dump(target)).toEqual({ posts: [], comments: [], messages: [], revisions: [], uploads: [], readers: [] });
    const served = await target.app.inject({ method: 'GET', url: seeded.imagePaths[0]! });
    expect(served.statusCode).toBe(404);
  });

  it('leaves no upload bytes behind in the storage', () => {
    // restore.ts puts each upload's bytes before the transaction commits; a failed import leaves
    // them as files nothing refers to (and, on S3, as objects that cost money).
    expect(files(target)).toEqual({ uploads: [], imports: [] });
  });
});

describe('a backup with one unreadable post file', () => {
  // Every field is checked as the API checks it: one post that fails refuses the whole archive,
  // naming the file and the field, and nothing is restored (issue 19).
  let site: TestApp;
  let cookie: string;
  beforeAll(async () => {
    site = await createTestApp();
    cookie = await adminCookie(site.app);
  });
  afterAll(() => site?.close());

  const withPostFile = (text: (original: string) => string) =>
    editZip(archive, (file) => (file.name === 'posts/draft-post.md' ? text(file.data.toString()) : undefined));

  it('refuses a post whose title holds a NUL (422 naming the file and field), restoring nothing', async () => {
    const zip = await withPostFile((original) => original.replace(/^title: .*$/m, 'title: "A \\0 in the title"'));
    const response = await importFile(site, cookie, zip);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json<{ message: string }>().message).toBe(
      'posts/draft-post.md: title contains a character that is not text (NUL or an unpaired surrogate)',
    );
    expect(await dump(site)).toEqual({ posts: [], comments: [], messages: [], revisions: [], uploads: [], readers: [] });
  });

  it('refuses a post whose front matter is not YAML (422 naming the problem once), restoring nothing', async () => {
    const zip = await withPostFile((original) => original.replace(/^tags:/m, 'tags: [unclosed\nbroken: : :'));
    const response = await importFile(site, cookie, zip);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json<{ message: string }>().message).toMatch(
      /^posts\/draft-post\.md: the front matter is not valid YAML \([^()]+\)$/,
    );
    expect(await dump(site)).toEqual({ posts: [], comments: [], messages: [], revisions: [], uploads: [], readers: [] });
  });
});

/** A WordPress export (WXR 1.2) of two posts: one published with an approved comment, one draft. */
function wordpressExport({ firstTitle = 'Hello from WordPress — café' } = {}): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"
  xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/"
  xmlns:content="http://purl.org/rss/1.0/modules/content/"
  xmlns:dc="http://purl.org/dc/elements/1.1/"
  xmlns:wp="http://wordpress.org/export/1.2/">
<channel>
  <title>Old blog</title>
  <link>https://old.example.com</link>
  <wp:wxr_version>1.2</wp:wxr_version>
  <item>
    <title>${firstTitle}</title>
    <link>https://old.example.com/2023/05/hello/</link>
    <pubDate>Mon, 01 May 2023 09:00:00 +0000</pubDate>
    <dc:creator><![CDATA[admin]]></dc:creator>
    <guid isPermaLink="false">https://old.example.com/?p=11</guid>
    <content:encoded><![CDATA[<p>First paragraph with <strong>bold</strong> &amp; ünïcödé.</p>
<table><thead><tr><th>Day</th><th>Readers</th></tr></thead><tbody><tr><td>Mon</td><td>3</td></tr></tbody></table>
<pre><code>const answer = 42;</code></pre>]]></content:encoded>
    <excerpt:encoded><![CDATA[A short excerpt]]></excerpt:encoded>
    <wp:post_id>11</wp:post_id>
    <wp:post_date_gmt>2023-05-01 09:00:00</wp:post_date_gmt>
    <wp:post_modified_gmt>2023-05-02 10:00:00</wp:post_modified_gmt>
    <wp:post_name>hello-from-wordpress</wp:post_name>
    <wp:status>publish</wp:status>
    <wp:post_type>post</wp:post_type>
    <category domain="category" nicename="travel"><![CDATA[Travel]]></category>
    <category domain="post_tag" nicename="coffee"><![CDATA[Coffee]]></category>
    <wp:comment>
      <wp:comment_id>5</wp:comment_id>
      <wp:comment_author><![CDATA[Jane Reader]]></wp:comment_author>
      <wp:comment_author_email>jane@example.com</wp:comment_author_email>
      <wp:comment_date_gmt>2023-05-03 12:00:00</wp:comment_date_gmt>
      <wp:comment_content><![CDATA[Great post!]]></wp:comment_content>
      <wp:comment_approved>1</wp:comment_approved>
      <wp:comment_type>comment</wp:comment_type>
    </wp:comment>
  </item>
  <item>
    <title>Still writing this one</title>
    <link>https://old.example.com/?p=12</link>
    <guid isPermaLink="false">https://old.example.com/?p=12</guid>
    <content:encoded><![CDATA[Half a thought.

Another line.]]></content:encoded>
    <wp:post_id>12</wp:post_id>
    <wp:post_date_gmt>2023-06-01 09:00:00</wp:post_date_gmt>
    <wp:post_name>still-writing</wp:post_name>
    <wp:status>draft</wp:status>
    <wp:post_type>post</wp:post_type>
  </item>
</channel>
</rss>
`;
}

/** A Ghost export of a published post (tagged, one internal tag) and a draft. */
function ghostExport(): string {
  return JSON.stringify({
    db: [
      {
        meta: { exported_on: 1_700_000_000_000, version: '5.70.0' },
        data: {
          posts: [
            {
              id: '6543a1b2c3d4e5f600000001',
              uuid: 'a3b1c2d4-0000-4000-8000-000000000001',
              title: 'Hello from Ghost',
              slug: 'hello-from-ghost',
              html: '<p>Written on <em>Ghost</em>.</p><ul><li>one</li><li>two</li></ul>',
              status: 'published',
              visibility: 'public',
              type: 'post',
              custom_excerpt: 'A Ghost excerpt',
              feature_image: 'https://images.example.com/cover.jpg',
              created_at: '2023-06-01T08:00:00.000Z',
              updated_at: '2023-06-02T08:00:00.000Z',
              published_at: '2023-06-01T09:00:00.000Z',
            },
            {
              id: '6543a1b2c3d4e5f600000002',
              title: 'A Ghost draft',
              slug: 'ghost-draft',
              html: '<p>Not yet.</p>',
              status: 'draft',
              visibility: 'public',
              type: 'post',
              created_at: '2023-07-01T08:00:00.000Z',
              updated_at: '2023-07-01T08:00:00.000Z',
              published_at: null,
            },
          ],
          tags: [
            { id: 't1', name: 'News', slug: 'news' },
            { id: 't2', name: '#hidden', slug: 'hash-hidden', visibility: 'internal' },
          ],
          posts_tags: [
            { post_id: '6543a1b2c3d4e5f600000001', tag_id: 't1', sort_order: 0 },
            { post_id: '6543a1b2c3d4e5f600000001', tag_id: 't2', sort_order: 1 },
          ],
        },
      },
    ],
  });
}

describe('importing from WordPress and Ghost through POST /api/admin/import', () => {
  let site: TestApp;
  let cookie: string;
  beforeAll(async () => {
    site = await createTestApp();
    cookie = await adminCookie(site.app);
  });
  afterAll(() => site?.close());

  const counts = async () => {
    const rows = await dump(site);
    return Object.fromEntries(Object.entries(rows).map(([table, list]) => [table, list.length]));
  };
  const visitorSlugs = async () =>
    (await site.app.inject({ method: 'GET', url: '/api/blog-posts' })).json<Post[]>().map((post) => post.slug);
  const adminPost = async (slug: string) => {
    const response = await as(site, cookie)('GET', `/api/blog-posts/${slug}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Post>();
  };

  it('brings in a WordPress export: the published post for readers, the draft for the admin, the approved comment', async () => {
    const result = imported(await importFile(site, cookie, wordpressExport(), 'application/xml'));
    expect(result).toMatchObject({ format: 'wordpress', posts: 2, comments: 1, uploads: 0, skipped: 0 });

    expect(await visitorSlugs()).toEqual(['hello-from-wordpress']);
    // A draft is the admin's: a visitor asking for it is told to log in, as for drafts written here.
    const draft = await site.app.inject({ method: 'GET', url: '/api/blog-posts/still-writing' });
    expect(draft.statusCode).toBe(401);
    const admin = await as(site, cookie)('GET', '/api/blog-posts');
    expect(
      admin
        .json<Post[]>()
        .map((post) => post.slug)
        .sort(),
    ).toEqual(['hello-from-wordpress', 'still-writing']);

    const post = await adminPost('hello-from-wordpress');
    expect(post).toMatchObject({
      title: 'Hello from WordPress — café',
      excerpt: 'A short excerpt',
      tags: ['Travel', 'Coffee'],
      published: true,
      createdAt: '2023-05-01T09:00:00.000Z',
    });
    expect(post.content).toContain('**bold** & ünïcödé');
    expect(post.content).toMatch(/\| Day \| Readers \|/);
    expect(post.content).toContain('const answer = 42;');
    const comments = await site.app.inject({ method: 'GET', url: `/api/blog-posts/${post.id}/comments` });
    expect(comments.json<Array<{ author: string; content: string }>>()).toMatchObject([
      { author: 'Jane Reader', content: 'Great post!' },
    ]);
  });

  it('creates nothing the second time the same file comes in', async () => {
    const before = await counts();
    const [postsBefore] = [await site.db.select().from(blogPosts).orderBy(asc(blogPosts.id))];
    const result = imported(await importFile(site, cookie, wordpressExport(), 'application/xml'));
    expect(result).toMatchObject({ format: 'wordpress', posts: 2, comments: 0, skipped: 0 });
    // The posts as they were: today a post the file gives no modification date (the draft) gets
    // updatedAt = now, and each import adds a revision per post.
    expect(await site.db.select().from(blogPosts).orderBy(asc(blogPosts.id))).toEqual(postsBefore);
    expect(await counts()).toEqual(before);
  });

  it('updates the post it brought when the file changed, keeping its id', async () => {
    const before = await adminPost('hello-from-wordpress');
    const result = imported(
      await importFile(site, cookie, wordpressExport({ firstTitle: 'Hello again, edited' }), 'application/xml'),
    );
    expect(result.posts).toBe(2);
    const after = await adminPost('hello-from-wordpress');
    expect(after).toMatchObject({ id: before.id, title: 'Hello again, edited' });
    expect((await counts()).posts).toBe(2);
  });

  it('brings in a Ghost export, and gives a slug another post has a suffix, saying so', async () => {
    const mine = await as(site, cookie)('POST', '/api/blog-posts', postPayload({ title: 'Mine', slug: 'hello-from-ghost' }));
    expect(mine.statusCode, mine.body).toBe(201);
    const result = imported(await importFile(site, cookie, ghostExport(), 'application/json'));
    expect(result).toMatchObject({ format: 'ghost', posts: 2, comments: 0, skipped: 0 });
    expect(result.warnings).toContain(
      '"Hello from Ghost": the slug "hello-from-ghost" is taken by another post; imported as "hello-from-ghost-2"',
    );
    expect(await adminPost('hello-from-ghost')).toMatchObject({ id: mine.json<Post>().id, title: 'Mine' });
    expect(await adminPost('hello-from-ghost-2')).toMatchObject({
      title: 'Hello from Ghost',
      excerpt: 'A Ghost excerpt',
      tags: ['News'],
      featuredImage: 'https://images.example.com/cover.jpg',
      createdAt: '2023-06-01T09:00:00.000Z',
    });
    expect(await visitorSlugs()).toEqual(expect.arrayContaining(['hello-from-ghost', 'hello-from-ghost-2']));
    expect(await visitorSlugs()).not.toContain('ghost-draft');

    const again = imported(await importFile(site, cookie, ghostExport(), 'application/json'));
    expect(again.posts).toBe(2);
    const slugs = (await site.db.select({ slug: blogPosts.slug }).from(blogPosts)).map((row) => row.slug).sort();
    expect(slugs).toEqual(['ghost-draft', 'hello-from-ghost', 'hello-from-ghost-2', 'hello-from-wordpress', 'still-writing']);
  });

  it('brings in a zip of markdown files with front matter (Jekyll and Astro conventions), once', async () => {
    const zip = () =>
      zipOf([
        {
          name: 'site/_posts/2023-04-05-jekyll-notes.md',
          data: '---\ntitle: "Jekyll notes: ünïcode"\ntags: [ruby, static]\n---\n# Heading\n\nBody with `code`.\n',
        },
        {
          name: 'site/src/content/blog/astro-draft.md',
          data: '---\ntitle: An Astro draft\npubDate: 2023-08-01\ndraft: true\ndescription: Not yet\n---\nDraft body.\n',
        },
        { name: 'site/images/photo.jpg', data: Buffer.from([0xff, 0xd8, 0xff, 0xe0]) },
        { name: 'site/.obsidian/workspace.md', data: 'hidden' },
      ]);
    const result = imported(await importFile(site, cookie, await zip()));
    expect(result).toMatchObject({ format: 'markdown', posts: 2, comments: 0, uploads: 0, skipped: 2 });
    const jekyll = await adminPost('jekyll-notes');
    expect(jekyll).toMatchObject({
      title: 'Jekyll notes: ünïcode',
      tags: ['ruby', 'static'],
      published: true,
      createdAt: '2023-04-05T00:00:00.000Z',
    });
    expect(jekyll.content).toContain('Body with `code`.');
    expect(await adminPost('astro-draft')).toMatchObject({ title: 'An Astro draft', published: false, excerpt: 'Not yet' });
    expect(await visitorSlugs()).toContain('jekyll-notes');
    expect(await visitorSlugs()).not.toContain('astro-draft');

    const postsBefore = await site.db.select().from(blogPosts).orderBy(asc(blogPosts.id));
    const again = imported(await importFile(site, cookie, await zip()));
    expect(again).toMatchObject({ format: 'markdown', posts: 2 });
    const postsAfter = await site.db.select().from(blogPosts).orderBy(asc(blogPosts.id));
    expect(postsAfter.map((post) => [post.id, post.slug, post.title])).toEqual(
      postsBefore.map((post) => [post.id, post.slug, post.title]),
    );
  });

  it('refuses a JSON file that is not a Ghost export, and XML that is not WordPress, with 422 and nothing written', async () => {
    const before = await dump(site);
    const json = await importFile(site, cookie, '{"posts": []}', 'application/json');
    expect(json.statusCode).toBe(422);
    expect(json.json<{ message: string }>().message).toMatch(/not a Ghost export/);
    const xml = await importFile(site, cookie, '<?xml version="1.0"?><rss><channel><item/></channel></rss>', 'text/xml');
    expect(xml.statusCode).toBe(422);
    expect(xml.json<{ message: string }>().message).toMatch(/not a WordPress export/);
    const broken = await importFile(site, cookie, '{"db": [', 'application/json');
    expect(broken.statusCode).toBe(400);
    expect(broken.json<{ message: string }>().message).toBe('The file is not valid JSON');
    expect(await dump(site)).toEqual(before);
  });
});
