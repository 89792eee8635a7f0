import { Readable } from 'node:stream';
import { asc, count, eq, gt, sql } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import { BACKUP_FORMAT, BACKUP_VERSION, type BackupManifest } from '../../../../shared/backup.ts';
import type { ObjectStorage } from '../../../adapters/storage.ts';
import type { Database } from '../../../db/client.ts';
import {
  blogPosts,
  comments,
  contactMessages,
  newsletters,
  oldAddresses,
  postDailyViews,
  postRevisions,
  siteDocument,
  subscribers,
  uploads,
} from '../../../db/schema.ts';
import { stringifyFrontMatter } from '../imports/front-matter.ts';
import { FILES, postEntryName, uploadEntryName } from './archive-format.ts';

/** Rows read per query while streaming a table: memory stays flat whatever the site's size. */
const BATCH = 200;

const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

/** A table with a uuid primary key `id`, read in pages of BATCH by id. */
type IdTable = typeof uploads | typeof comments | typeof contactMessages | typeof postRevisions | typeof subscribers;

async function* rowsOf<Table extends IdTable, T>(
  db: Database,
  table: Table,
  toJson: (row: Table['$inferSelect']) => T,
): AsyncGenerator<T> {
  let after: string | undefined;
  for (;;) {
    const rows = (await db
      .select()
      .from(table as IdTable)
      .where(after === undefined ? undefined : gt(table.id, after))
      .orderBy(asc(table.id))
      .limit(BATCH)) as Table['$inferSelect'][];
    for (const row of rows) yield toJson(row);
    if (rows.length < BATCH) return;
    after = rows.at(-1)!.id;
  }
}

/** A JSON array written item by item. */
function jsonArray(items: AsyncIterable<unknown>): Readable {
  return Readable.from(
    (async function* () {
      yield '[';
      let first = true;
      for await (const item of items) {
        yield `${first ? '\n' : ',\n'}${JSON.stringify(item)}`;
        first = false;
      }
      yield first ? ']\n' : '\n]\n';
    })(),
  );
}

const lazy = (make: () => Readable | Promise<Readable>) => (cb: (err: unknown, stream: NodeJS.ReadableStream) => void) => {
  Promise.resolve()
    .then(make)
    .then(
      (stream) => cb(null, stream),
      (error: unknown) => cb(error, undefined as never),
    );
};

/**
 * The whole site as one zip (archive-format.ts), streamed: entries are listed up front (ids and
 * slugs only), and each one's bytes are read from the database or the storage when the zip
 * reaches it, so memory stays flat whatever the size of the uploads. Read `outputStream`.
 */
export async function writeBackup(db: Database, storage: ObjectStorage, now = new Date()): Promise<ZipFile> {
  const [postCount, commentCount, messageCount, revisionCount, uploadCount] = await Promise.all(
    [blogPosts, comments, contactMessages, postRevisions, uploads].map(async (table) => {
      const [row] = await db.select({ n: count() }).from(table);
      return row?.n ?? 0;
    }),
  );
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    exportedAt: now.toISOString(),
    counts: {
      posts: postCount!,
      comments: commentCount!,
      messages: messageCount!,
      revisions: revisionCount!,
      uploads: uploadCount!,
    },
  };
  const zip = new ZipFile();
  const mtime = now;
  zip.addBuffer(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), FILES.manifest, { mtime });

  const postIndex = await db.select({ id: blogPosts.id, slug: blogPosts.slug }).from(blogPosts).orderBy(asc(blogPosts.id));
  for (const { id, slug } of postIndex) {
    zip.addReadStreamLazy(
      postEntryName({ id, slug }),
      { mtime },
      lazy(async () => Readable.from([await postFile(db, id)])),
    );
  }

  const uploadIndex = await db
    .select({ id: uploads.id, contentType: uploads.contentType })
    .from(uploads)
    .orderBy(asc(uploads.id));
  for (const upload of uploadIndex) {
    zip.addReadStreamLazy(
      uploadEntryName(upload.id, upload.contentType),
      // Images are compressed already: stored as they are, the zip costs no CPU for them.
      { mtime, compress: false },
      lazy(async () => (await storage.get(upload.id)) ?? Readable.from([])),
    );
  }

  const json = (name: string, items: () => AsyncIterable<unknown>) =>
    zip.addReadStreamLazy(
      name,
      { mtime },
      lazy(() => jsonArray(items())),
    );
  json(FILES.uploads, () =>
    rowsOf(db, uploads, (row) => ({
      id: row.id,
      contentType: row.contentType,
      size: row.size,
      width: row.width,
      height: row.height,
      createdAt: row.createdAt.toISOString(),
    })),
  );
  json(FILES.comments, () =>
    rowsOf(db, comments, (row) => ({
      id: row.id,
      postId: row.postId,
      author: row.author,
      email: row.email,
      content: row.content,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      ...(row.parentId ? { parentId: row.parentId } : {}),
    })),
  );
  json(FILES.messages, () =>
    rowsOf(db, contactMessages, (row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      subject: row.subject,
      message: row.message,
      createdAt: row.createdAt.toISOString(),
      notifiedAt: isoOrNull(row.notifiedAt),
      notifyError: row.notifyError,
      readAt: isoOrNull(row.readAt),
    })),
  );
  json(FILES.revisions, () =>
    rowsOf(db, postRevisions, (row) => ({
      id: row.id,
      postId: row.postId,
      savedAt: row.savedAt.toISOString(),
      refused: row.refused,
      title: row.title,
      slug: row.slug,
      content: row.content,
      excerpt: row.excerpt,
      featuredImage: row.featuredImage,
      tags: row.tags,
      published: row.published,
      publishAt: isoOrNull(row.publishAt),
      metadata: row.metadata,
      words: row.words,
    })),
  );
  json(FILES.readers, () => readersRows(db));
  json(FILES.oldAddresses, () => oldAddressRows(db));
  json(FILES.subscribers, () =>
    rowsOf(db, subscribers, (row) => ({
      id: row.id,
      email: row.email,
      status: row.status,
      consent: row.consent,
      unsubscribeToken: row.unsubscribeToken,
      createdAt: row.createdAt.toISOString(),
      confirmedAt: isoOrNull(row.confirmedAt),
      confirmSentAt: isoOrNull(row.confirmSentAt),
      changedAt: row.changedAt.toISOString(),
    })),
  );
  json(FILES.newsletters, () => newsletterRows(db));
  zip.addReadStreamLazy(
    FILES.site,
    { mtime },
    lazy(async () => {
      // As stored: a restore reads it as the site reads a stored document (newer fields defaulted).
      const [row] = await db.select({ document: siteDocument.document }).from(siteDocument).where(eq(siteDocument.id, 1));
      return Readable.from([`${JSON.stringify(row?.document ?? null, null, 2)}\n`]);
    }),
  );
  zip.end();
  return zip;
}

/** Old addresses, paged by their path. */
async function* oldAddressRows(db: Database) {
  let after: string | undefined;
  for (;;) {
    const rows = await db
      .select({ path: oldAddresses.path, postId: oldAddresses.postId })
      .from(oldAddresses)
      .where(after === undefined ? undefined : gt(oldAddresses.path, after))
      .orderBy(asc(oldAddresses.path))
      .limit(BATCH);
    yield* rows;
    if (rows.length < BATCH) return;
    after = rows.at(-1)!.path;
  }
}

/** The posts sent to subscribers, paged by post. */
async function* newsletterRows(db: Database) {
  let after: string | undefined;
  for (;;) {
    const rows = await db
      .select()
      .from(newsletters)
      .where(after === undefined ? undefined : gt(newsletters.postId, after))
      .orderBy(asc(newsletters.postId))
      .limit(BATCH);
    for (const row of rows) {
      yield {
        postId: row.postId,
        total: row.total,
        createdAt: row.createdAt.toISOString(),
        finishedAt: isoOrNull(row.finishedAt),
      };
    }
    if (rows.length < BATCH) return;
    after = rows.at(-1)!.postId;
  }
}

/** Readers per post and day: keyed by two columns, so paged by both. */
async function* readersRows(db: Database) {
  let after: { postId: string; day: string } | undefined;
  for (;;) {
    const rows = await db
      .select()
      .from(postDailyViews)
      .where(
        after ? sql`(${postDailyViews.postId}, ${postDailyViews.day}) > (${after.postId}::uuid, ${after.day}::date)` : undefined,
      )
      .orderBy(asc(postDailyViews.postId), asc(postDailyViews.day))
      .limit(BATCH);
    for (const row of rows) yield { postId: row.postId, day: row.day, views: row.views };
    if (rows.length < BATCH) return;
    after = rows.at(-1)!;
  }
}

/** One post as a markdown file with its front matter. */
async function postFile(db: Database, id: string): Promise<Buffer> {
  const [post] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
  // Deleted while the archive was being written: an empty file, which restore skips with a warning.
  if (!post) return Buffer.alloc(0);
  return Buffer.from(
    stringifyFrontMatter(
      {
        id: post.id,
        title: post.title,
        slug: post.slug,
        excerpt: post.excerpt,
        tags: post.tags,
        published: post.published,
        publishAt: isoOrNull(post.publishAt),
        createdAt: post.createdAt.toISOString(),
        updatedAt: post.updatedAt.toISOString(),
        featuredImage: post.featuredImage,
        metadata: post.metadata,
      },
      post.content,
    ),
  );
}
