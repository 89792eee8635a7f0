import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, tables } from '../../../../../tests/support/test-app.ts';
import { bytesOf, unzip } from '../../../../../tests/support/zip-fixtures.ts';
import { LocalStorage, type ObjectStorage } from '../../../adapters/storage.ts';
import { parseFrontMatter } from '../imports/front-matter.ts';
import { tagKeysOf } from '../../posts/post-queries.ts';
import { frontMatterSchema } from './archive-format.ts';
import { writeBackup } from './export.ts';
import { restoreBackup } from './restore.ts';
import { ZipInput } from './zip-input.ts';

const { blogPosts, comments, contactMessages, postDailyViews, postRevisions, uploads } = tables;

/** Storage that counts the uploads it is asked for and how many of their streams are open at once. */
class WatchedStorage implements ObjectStorage {
  reads = 0;
  open = 0;
  mostOpen = 0;
  private readonly inner: ObjectStorage;
  constructor(inner: ObjectStorage) {
    this.inner = inner;
  }
  put(key: string, body: Buffer, contentType: string) {
    return this.inner.put(key, body, contentType);
  }
  delete(key: string) {
    return this.inner.delete(key);
  }
  async get(key: string): Promise<Readable | undefined> {
    const stream = await this.inner.get(key);
    if (!stream) return undefined;
    this.reads += 1;
    this.open += 1;
    this.mostOpen = Math.max(this.mostOpen, this.open);
    // Read to its end, a stream is done with, whenever its file handle closes ('close' may come
    // after the zip has already opened the next one).
    let done = false;
    const finish = () => {
      if (!done) this.open -= 1;
      done = true;
    };
    stream.once('end', finish);
    stream.once('close', finish);
    return stream;
  }
}

let site: TestApp;
let scratch: string;
const PICTURE_ID = '00000000-0000-4000-8000-0000000000aa';
beforeAll(async () => {
  site = await createTestApp();
  scratch = mkdtempSync(path.join(tmpdir(), 'folio-export-test-'));
  // A real image and a revision, so that no JSON file of the archive is empty.
  const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  await new LocalStorage(site.dataDir).put(PICTURE_ID, png);
  await site.db.insert(uploads).values({ id: PICTURE_ID, contentType: 'image/png', size: png.length, width: 2, height: 2 });
  const post = await insertPost('with-revision');
  const { title, slug, content, excerpt, featuredImage, tags, published, publishAt, metadata } = post;
  await site.db.insert(postRevisions).values({
    ...{ title, slug, content, excerpt, featuredImage, tags, published, publishAt, metadata },
    postId: post.id,
    savedAt: post.updatedAt,
    words: 3,
  });
});
afterAll(async () => {
  await site?.close();
  rmSync(scratch, { recursive: true, force: true });
});

async function insertPost(slug: string, overrides: Partial<typeof blogPosts.$inferInsert> = {}) {
  const values = { title: `Post ${slug}`, slug, content: `Body of ${slug}.`, excerpt: null, tags: ['one'], ...overrides };
  const [row] = await site.db
    .insert(blogPosts)
    .values({ ...values, tagKeys: tagKeysOf(values.tags) })
    .returning();
  return row!;
}

let restores = 0;
async function restoreInto(t: TestApp, zipBytes: Buffer) {
  const file = path.join(scratch, `${++restores}.zip`);
  writeFileSync(file, zipBytes);
  const zip = await ZipInput.open(file);
  try {
    return await t.db.transaction((tx) => restoreBackup(tx, new LocalStorage(t.dataDir), zip));
  } finally {
    zip.close();
  }
}

const jsonFile = (entries: Array<{ name: string; data: Buffer }>, name: string) => {
  const text = entries.find((entry) => entry.name === name)!.data.toString();
  return { text, items: JSON.parse(text) as Array<Record<string, unknown>> };
};

describe('writeBackup', () => {
  it('writes every row of tables larger than one page of the query (200), each once, one per line', async () => {
    const [first, second] = [await insertPost('paged-one'), await insertPost('paged-two')];
    await site.db.insert(comments).values(
      Array.from({ length: 450 }, (_, i) => ({
        postId: i % 2 ? first.id : second.id,
        author: `Reader ${i}`,
        email: `r${i}@example.com`,
        content: `Comment ${i}`,
        status: (['published', 'held', 'spam'] as const)[i % 3],
      })),
    );
    await site.db
      .insert(contactMessages)
      .values(Array.from({ length: 201 }, (_, i) => ({ name: `N${i}`, email: `n${i}@example.com`, message: `Message ${i}` })));
    const day = (i: number) => new Date(Date.UTC(2023, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
    await site.db
      .insert(postDailyViews)
      .values([
        ...Array.from({ length: 230 }, (_, i) => ({ postId: first.id, day: day(i), views: i + 1 })),
        ...Array.from({ length: 220 }, (_, i) => ({ postId: second.id, day: day(i), views: i + 2 })),
      ]);

    const archive = await bytesOf((await writeBackup(site.db, new LocalStorage(site.dataDir))).outputStream);
    const entries = await unzip(archive);
    const exported = {
      comments: jsonFile(entries, 'comments.json'),
      messages: jsonFile(entries, 'messages.json'),
      readers: jsonFile(entries, 'readers.json'),
    };
    expect(exported.comments.items).toHaveLength(450);
    expect(new Set(exported.comments.items.map((item) => item.id)).size).toBe(450);
    expect(exported.messages.items).toHaveLength(201);
    expect(exported.readers.items).toHaveLength(450);
    expect(new Set(exported.readers.items.map((item) => `${item.postId} ${item.day}`)).size).toBe(450);
    // One item per line, between a line `[` and a line `]`: restore reads them a line at a time.
    expect(exported.comments.text.split('\n')).toHaveLength(450 + 3);

    const target = await createTestApp();
    try {
      const result = await restoreInto(target, archive);
      expect(result).toEqual({ posts: 3, comments: 450, uploads: 1, skipped: 0, warnings: [] });
      for (const table of [comments, contactMessages] as const) {
        expect(await target.db.select().from(table).orderBy(asc(table.id))).toEqual(
          await site.db.select().from(table).orderBy(asc(table.id)),
        );
      }
      const readers = (t: TestApp) =>
        t.db.select().from(postDailyViews).orderBy(asc(postDailyViews.postId), asc(postDailyViews.day));
      expect(await readers(target)).toEqual(await readers(site));
    } finally {
      await target.close();
    }
  });

  it('writes each post as front matter with the keys DESIGN.md lists, in that order, then the markdown', async () => {
    const post = await insertPost('front-matter', {
      excerpt: 'An excerpt',
      featuredImage: 'https://example.com/cover.jpg',
      publishAt: new Date('2030-01-02T03:04:05.678Z'),
      published: true,
      metadata: { readTime: 2, views: 9 },
      content: 'The *markdown*,\n\nas written.',
    });
    const entries = await unzip(await bytesOf((await writeBackup(site.db, new LocalStorage(site.dataDir))).outputStream));
    const text = entries.find((entry) => entry.name === 'posts/front-matter.md')!.data.toString();
    const { data, body } = parseFrontMatter(text);
    expect(Object.keys(data)).toEqual([
      'id',
      'title',
      'slug',
      'excerpt',
      'tags',
      'published',
      'publishAt',
      'createdAt',
      'updatedAt',
      'featuredImage',
      'metadata',
    ]);
    expect(frontMatterSchema.parse(data)).toMatchObject({
      id: post.id,
      publishAt: '2030-01-02T03:04:05.678Z',
      createdAt: post.createdAt.toISOString(),
      metadata: { readTime: 2, views: 9 },
    });
    expect(body).toBe('The *markdown*,\n\nas written.');
  });

  it('reads the uploads only as the zip is read, one at a time', async () => {
    for (let i = 0; i < 6; i++) {
      const id = `00000000-0000-4000-8000-00000000000${i}`;
      await new LocalStorage(site.dataDir).put(id, randomBytes(256 * 1024));
      await site.db.insert(uploads).values({ id, contentType: 'image/png', size: 256 * 1024, width: 1, height: 1 });
    }
    const storage = new WatchedStorage(new LocalStorage(site.dataDir));
    const zip = await writeBackup(site.db, storage);
    // Unread, the zip holds back: at most the first upload is opened, to fill the stream's buffer.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(storage.reads).toBeLessThanOrEqual(1);

    let bytes = 0;
    for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) bytes += chunk.length;
    expect(storage.reads).toBe(7);
    expect(storage.mostOpen).toBe(1);
    expect(bytes).toBeGreaterThan(6 * 256 * 1024);
  });

  it('survives a post deleted while the zip is written, and an upload whose bytes are gone; restore names both', async () => {
    // Listed last (the greatest id), behind a post whose file fills the zip's buffers: the zip
    // reads it only once the archive is being read, after the deletion below.
    await insertPost('incompressible', { content: randomBytes(300 * 1024).toString('base64') });
    const doomed = await insertPost('deleted-meanwhile', { id: 'ffffffff-ffff-4fff-bfff-ffffffffffff' });
    const lostId = '00000000-0000-4000-8000-0000000000ff';
    await site.db.insert(uploads).values({ id: lostId, contentType: 'image/jpeg', size: 10, width: 1, height: 1 });
    const zip = await writeBackup(site.db, new LocalStorage(site.dataDir));
    await site.db.delete(blogPosts).where(eq(blogPosts.id, doomed.id));
    const archive = await bytesOf(zip.outputStream);
    const entries = await unzip(archive);
    expect(entries.find((entry) => entry.name === 'posts/deleted-meanwhile.md')?.data.length).toBe(0);
    expect(entries.find((entry) => entry.name === `uploads/${lostId}.jpg`)?.data.length).toBe(0);

    const target = await createTestApp();
    try {
      const result = await restoreInto(target, archive);
      expect(result.warnings).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^posts\/deleted-meanwhile\.md: /),
          `uploads/${lostId}.jpg: not the image/jpeg image it claims to be`,
        ]),
      );
      const slugs = (await target.db.select({ slug: blogPosts.slug }).from(blogPosts)).map((row) => row.slug);
      expect(slugs).not.toContain('deleted-meanwhile');
      expect(await target.db.select().from(postRevisions).where(eq(postRevisions.postId, doomed.id))).toEqual([]);
    } finally {
      await target.close();
    }
  });
});
