import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie, createTestApp, postPayload, type TestApp, tables } from '../../../../../tests/support/test-app.ts';
import { bytesOf, editZip, unzip, zipOf } from '../../../../../tests/support/zip-fixtures.ts';
import type { Post } from '../../../../shared/posts.ts';
import { LocalStorage } from '../../../adapters/storage.ts';
import { tagKeysOf } from '../../posts/post-queries.ts';
import { writeBackup } from './export.ts';
import { restoreBackup, STREAMED_FILES } from './restore.ts';
import { ZipInput } from './zip-input.ts';

const { blogPosts, comments, contactMessages, postDailyViews, postRevisions, uploads } = tables;

let scratch: string;
beforeAll(() => {
  scratch = mkdtempSync(path.join(tmpdir(), 'folio-restore-test-'));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function exportOf(t: TestApp): Promise<Buffer> {
  return bytesOf((await writeBackup(t.db, new LocalStorage(t.dataDir))).outputStream);
}

let files = 0;
/** Restores `zipBytes` into `t` as the import does: from a file on disk, in one transaction. */
async function restore(t: TestApp, zipBytes: Buffer) {
  const file = path.join(scratch, `${++files}.zip`);
  writeFileSync(file, zipBytes);
  const zip = await ZipInput.open(file, { streamed: STREAMED_FILES });
  try {
    return await t.db.transaction((tx) => restoreBackup(tx, new LocalStorage(t.dataDir), zip));
  } finally {
    zip.close();
  }
}

/** The error a restore fails with (status and message), or undefined when it succeeds. */
async function failure(t: TestApp, zipBytes: Buffer) {
  try {
    await restore(t, zipBytes);
    return undefined;
  } catch (error) {
    return { statusCode: (error as { statusCode?: number }).statusCode, message: (error as Error).message };
  }
}

const rowsOf = async (t: TestApp) => ({
  posts: await t.db.select().from(blogPosts).orderBy(asc(blogPosts.id)),
  comments: await t.db.select().from(comments).orderBy(asc(comments.id)),
  revisions: await t.db.select().from(postRevisions).orderBy(asc(postRevisions.id)),
});

let source: TestApp;
let cookie: string;
beforeAll(async () => {
  source = await createTestApp();
  cookie = await adminCookie(source.app);
  // One row in each JSON file of the archive, so that none is empty.
  const seed = { title: 'Seed', slug: 'seed', content: 'Seed.', excerpt: null, tags: [] };
  const [post] = await source.db
    .insert(blogPosts)
    .values({ ...seed, createdAt: new Date('2024-01-01T00:00:00Z') })
    .returning();
  const id = '66666666-6666-4666-8666-666666666666';
  const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#d97706' } })
    .png()
    .toBuffer();
  await new LocalStorage(source.dataDir).put(id, png);
  await source.db.insert(uploads).values({ id, contentType: 'image/png', size: png.length, width: 4, height: 4 });
  await source.db
    .insert(comments)
    .values({ postId: post!.id, author: 'A', email: 'a@example.com', content: 'Hi', status: 'published' });
  await source.db.insert(contactMessages).values({ name: 'N', email: 'n@example.com', message: 'Hello' });
  await source.db.insert(postDailyViews).values({ postId: post!.id, day: '2024-01-02', views: 3 });
});
afterAll(() => source?.close());

async function createPost(overrides: Record<string, unknown>): Promise<Post> {
  const response = await source.app.inject({
    method: 'POST',
    url: '/api/blog-posts',
    headers: { cookie },
    payload: postPayload(overrides),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Post>();
}

/** A fresh, empty site for one restore. */
async function withEmptySite<T>(run: (t: TestApp) => Promise<T>): Promise<T> {
  const t = await createTestApp();
  try {
    return await run(t);
  } finally {
    await t.close();
  }
}

describe('restoreBackup', () => {
  it('keeps values that YAML would read as something else exactly as they were', async () => {
    const tricky = [
      { title: 'null', tags: ['yes', 'no', '~'] },
      { title: 'true', tags: ['123', '0x1F'] },
      { title: '2024-01-01', tags: ['1e3', 'null'] },
      { title: 'key: value # not a comment', tags: ['- dash', '[bracket]'] },
      { title: `Quotes ' and " and \\ backslash`, tags: ['{brace}', '&anchor', '*alias'] },
      { title: '@at | pipe > fold', tags: ['%percent', '!tag'] },
    ];
    const created: Post[] = [];
    for (const [index, values] of tricky.entries()) {
      created.push(
        await createPost({
          ...values,
          slug: `tricky-${index}`,
          excerpt: 'First line\n---\n...\nlast line',
          content: '---\ntitle: front matter inside the body\n---\n\n  indented start?\n\nText\n\n---\n\n...',
          metadata: { author: 'Ünïcödé 🙂', metaDescription: 'yes', extra: { 'key: x': ['- y', null, true] } },
        }),
      );
    }
    const archive = await exportOf(source);
    await withEmptySite(async (target) => {
      const result = await restore(target, archive);
      expect(result.warnings).toEqual([]);
      const restored = await target.db.select().from(blogPosts).orderBy(asc(blogPosts.id));
      const original = await source.db.select().from(blogPosts).orderBy(asc(blogPosts.id));
      expect(restored).toEqual(original);
      expect(restored.map((post) => post.title)).toEqual(expect.arrayContaining(created.map((post) => post.title)));
    });
  });

  it('restores the backup of a site without uploads, comments, messages or readers without a warning', async () => {
    await withEmptySite(async (bare) => {
      const only = { title: 'Only post', slug: 'only-post', content: 'Alone.', excerpt: null, tags: [] };
      await bare.db.insert(blogPosts).values(only);
      const archive = await exportOf(bare);
      const entries = new Map((await unzip(archive)).map((entry) => [entry.name, entry.data.toString()]));
      // Written as `[]`: one line that is neither `[` nor `]`, which restore reads as an item.
      expect(entries.get('uploads.json')?.trim()).toBe('[]');
      await withEmptySite(async (target) => {
        expect(await restore(target, archive)).toEqual({ posts: 1, comments: 0, uploads: 0, skipped: 0, warnings: [] });
      });
    });
  });

  it('restores a backup whose revisions compress more than 200x (a long code listing saved 60 times)', async () => {
    // What a real author produces: a post with a 23 KB code listing, saved again and again. Its
    // revisions.json is 1.6 MB of near-identical lines, which deflate shrinks some 240 times.
    const content = `Listing:\n\n\`\`\`js\n${'console.log("hello, world");\n'.repeat(800)}\`\`\``;
    await withEmptySite(async (site) => {
      const post = { title: 'A long listing', slug: 'long-listing', content, excerpt: null, tags: ['code'] };
      const [row] = await site.db
        .insert(blogPosts)
        .values({ ...post, tagKeys: tagKeysOf(post.tags) })
        .returning();
      const start = row!.createdAt.getTime();
      await site.db.insert(postRevisions).values(
        Array.from({ length: 60 }, (_, i) => ({
          ...post,
          postId: row!.id,
          published: false,
          savedAt: new Date(start + i * 60_000),
          content: `${content}\n\nSave ${i}.`,
          words: 1600,
        })),
      );
      const archive = await exportOf(site);
      await withEmptySite(async (target) => {
        expect(await failure(target, archive)).toBeUndefined();
        const [before, after] = [await rowsOf(site), await rowsOf(target)];
        expect(after.revisions).toHaveLength(60);
        expect(after).toEqual(before);
      });
    });
  });

  it('skips (and names) an upload that is not the image it claims to be, or is listed but missing', async () => {
    await withEmptySite(async (site) => {
      const ids = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'];
      const manifest = {
        format: 'folio-backup',
        version: 1,
        exportedAt: '2024-05-01T00:00:00.000Z',
        counts: { posts: 0, comments: 0, messages: 0, revisions: 0, uploads: 2 },
      };
      const row = (id: string) => ({
        id,
        contentType: 'image/png',
        size: 10,
        width: 1,
        height: 1,
        createdAt: manifest.exportedAt,
      });
      const zip = await zipOf([
        { name: 'manifest.json', data: JSON.stringify(manifest) },
        { name: 'uploads.json', data: `[\n${JSON.stringify(row(ids[0]!))},\n${JSON.stringify(row(ids[1]!))}\n]\n` },
        { name: `uploads/${ids[0]}.png`, data: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>' },
      ]);
      const result = await restore(site, zip);
      expect(result).toEqual({
        posts: 0,
        comments: 0,
        uploads: 0,
        skipped: 2,
        warnings: [
          `uploads/${ids[0]}.png: not the image/png image it claims to be`,
          `uploads/${ids[1]}: listed but not in the archive`,
        ],
      });
      expect(await site.db.select().from(uploads)).toEqual([]);
      const served = await site.app.inject({ method: 'GET', url: `/objects/uploads/${ids[0]}` });
      expect(served.statusCode).toBe(404);
    });
  });

  it('restores comments of a post already on the site, and skips those of a post found nowhere', async () => {
    const post = await createPost({ title: 'Commented', slug: 'commented' });
    const archive = await exportOf(source);
    const missingPost = '33333333-3333-4333-8333-333333333333';
    const comment = (id: string, postId: string) =>
      JSON.stringify({
        id,
        postId,
        author: 'A',
        email: 'a@example.com',
        content: 'Hi',
        status: 'published',
        createdAt: '2024-05-01T10:00:00.000Z',
      });
    // No post files: the comments name a post the site already has (restored before) and one it has not.
    const commentsOnly = await editZip(archive, (file) =>
      file.name.startsWith('posts/') || file.name === 'revisions.json' || file.name === 'readers.json'
        ? null
        : file.name === 'comments.json'
          ? `[\n${comment('44444444-4444-4444-8444-444444444444', post.id)},\n${comment('55555555-5555-4555-8555-555555555555', missingPost)}\n]\n`
          : undefined,
    );
    await withEmptySite(async (site) => {
      await restore(site, archive);
      const result = await restore(site, commentsOnly);
      expect(result).toMatchObject({ posts: 0, comments: 1, skipped: 1 });
      expect(result.warnings).toEqual(['comment 55555555-5555-4555-8555-555555555555: its post is not in the archive']);
      const [restored] = await site.db.select().from(comments).where(eq(comments.id, '44444444-4444-4444-8444-444444444444'));
      expect(restored?.postId).toBe(post.id);
    });
  });

  it('refuses a manifest that is not JSON, or not ours, with 422 and nothing restored', async () => {
    const archive = await exportOf(source);
    await withEmptySite(async (site) => {
      const notJson = await editZip(archive, (file) => (file.name === 'manifest.json' ? '{"format": ' : undefined));
      expect(await failure(site, notJson)).toEqual({ statusCode: 422, message: 'manifest.json is not JSON' });
      const notOurs = await editZip(archive, (file) =>
        file.name === 'manifest.json' ? '{"format": "other", "version": 1}' : undefined,
      );
      expect(await failure(site, notOurs)).toEqual({
        statusCode: 422,
        message: 'manifest.json is not that of a backup of this site',
      });
      expect(await rowsOf(site)).toEqual({ posts: [], comments: [], revisions: [] });
    });
  });

  it('restores an archive without the optional JSON files (readers, messages, revisions): absent files hold nothing', async () => {
    const archive = await exportOf(source);
    const trimmed = await editZip(archive, (file) =>
      ['readers.json', 'messages.json', 'revisions.json', 'comments.json'].includes(file.name) ? null : undefined,
    );
    await withEmptySite(async (site) => {
      const result = await restore(site, trimmed);
      const postCount = (await source.db.select({ id: blogPosts.id }).from(blogPosts)).length;
      expect(result).toMatchObject({ posts: postCount, comments: 0, skipped: 0, warnings: [] });
      expect((await rowsOf(site)).revisions).toEqual([]);
    });
  });

  it('keeps the readable keys of metadata over the limits, and says so', async () => {
    const post = await createPost({ title: 'Heavy metadata', slug: 'heavy-metadata', metadata: { readTime: 4, author: 'Me' } });
    const archive = await exportOf(source);
    const heavy = await editZip(archive, (file) =>
      file.name === 'posts/heavy-metadata.md'
        ? file.data.toString().replace(/^metadata:\n/m, `metadata:\n  blob: "${'x'.repeat(20_000)}"\n`)
        : undefined,
    );
    await withEmptySite(async (site) => {
      const result = await restore(site, heavy);
      expect(result.warnings).toEqual(['posts/heavy-metadata.md: metadata over the limits; its known keys were kept']);
      const [row] = await site.db.select().from(blogPosts).where(eq(blogPosts.id, post.id));
      expect(row?.metadata).toEqual({ author: 'Me', readTime: 4 });
    });
  });
});
