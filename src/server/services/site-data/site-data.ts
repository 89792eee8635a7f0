import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, asc, eq, sql } from 'drizzle-orm';
import { IMPORT_MAX_BYTES, IMPORT_REPORT_MAX, type ImportedPostReport, type SiteImportResult } from '../../../shared/backup.ts';
import { MAX_UPLOAD_BYTES } from '../../../shared/constants.ts';
import { publicImageUrl } from '../../../shared/images.ts';
import { SLUG_PATTERN } from '../../../shared/posts.ts';
import { readTimeMinutes, slugify } from '../../../shared/text.ts';
import type { ObjectStorage } from '../../adapters/storage.ts';
import type { Database } from '../../db/client.ts';
import { blogPosts, comments } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';
import { parseInWorker } from './imports/parse.ts';
import { recordOldAddresses } from './old-addresses.ts';
import { bringImages, fetchedImageOrigins, type ImageBringing, zipImageOrigins } from './import-images.ts';
import { noteKept } from './imports/post-notes.ts';
import type { ImportedPost, ParsedImport } from './imports/types.ts';
import { freeSlug, tagKeysOf } from '../posts/index.ts';
import { RevisionService, type SavedFields } from '../posts/index.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A WordPress or Ghost export is read whole: at most this much. */
const TEXT_EXPORT_BYTES = 100 * 1024 * 1024;
/** The markdown files of a zip, together. */
const MARKDOWN_TOTAL_BYTES = 200 * 1024 * 1024;
const MARKDOWN_FILE = /\.(md|markdown|mdx)$/i;

/** How an import stores the images it brings (uploads) and fetches those of the old site. */
export interface ImportImages {
  fetchImage(url: string): Promise<Uint8Array>;
  store(bytes: Uint8Array): Promise<{ id: string; path: string; created: boolean }>;
  remove(ids: readonly string[]): Promise<void>;
  /** Uploads images at these old addresses became in earlier imports, and noting a new one. */
  importedFrom(urls: readonly string[]): Promise<Map<string, string>>;
  rememberImported(url: string, id: string): Promise<void>;
}

/** A site path of an image Ghost stored (its `__GHOST_URL__` removed), in a cover or a post. */
const GHOST_IMAGE = /(?:^|["'(\s])\/content\/images\//;

/** Origins of fetched images are keyed `url:<address>` (import-images.ts); the zip's are read again. */
const FETCHED = 'url:';

/**
 * The longest a restore may run: it is one transaction, and on the embedded database every read
 * that is not in the page cache waits for it. 413 beyond; nothing is changed.
 */
const RESTORE_TIMEOUT_MS = 5 * 60_000;

const UNSUPPORTED =
  'Unsupported file: expected a backup of this site (.zip), a WordPress export (.xml), a Ghost export (.json) or a .zip of markdown files';

/**
 * The author's data in and out (DESIGN.md "your data is yours"): the backup zip streamed out, and
 * an import of a backup, a WordPress or Ghost export or a zip of markdown files, in one
 * transaction: a file that fails changes nothing.
 */
export class SiteDataService {
  private readonly db: Database;
  private readonly storage: ObjectStorage;
  private readonly tempDir: string;
  private readonly now: () => Date;
  private readonly restoreTimeoutMs: number;
  /** Aborted by close(): every import in progress stops, and its transaction rolls back. */
  private readonly closing = new AbortController();
  private readonly inProgress = new Set<Promise<unknown>>();
  private readonly images: ImportImages | undefined;
  constructor(
    db: Database,
    storage: ObjectStorage,
    options: { tempDir: string; clock?: () => Date; restoreTimeoutMs?: number; images?: ImportImages },
  ) {
    this.db = db;
    this.storage = storage;
    this.images = options.images;
    this.tempDir = options.tempDir;
    this.now = options.clock ?? (() => new Date());
    this.restoreTimeoutMs = options.restoreTimeoutMs ?? RESTORE_TIMEOUT_MS;
  }

  /** Stops the imports in progress (the server is stopping) and resolves once they have let go. */
  async close(): Promise<void> {
    this.closing.abort(new HttpError(503, 'The server is stopping: the import was stopped and nothing was changed'));
    await Promise.allSettled(this.inProgress);
  }

  /** The backup zip as a stream (archive-format.ts). */
  async exportArchive(): Promise<NodeJS.ReadableStream> {
    // The zip library, the parsers and the converters load with the first export or import, not at start-up.
    const { writeBackup } = await import('./backup/export.ts');
    return (await writeBackup(this.db, this.storage, this.now())).outputStream;
  }

  /**
   * Imports a file sent as a stream: kept on disk while it is read (never whole in memory), at
   * most IMPORT_MAX_BYTES (413 beyond), recognised by its content, not its name or type.
   * `signal` (the client left) stops it, as close() does; a stopped import changes nothing.
   */
  /** `from`: where the old site still answers, for images its file names by a path of that site. */
  importFile(body: Readable, signal?: AbortSignal, options: { from?: string } = {}): Promise<SiteImportResult> {
    const importing = this.importStream(
      body,
      signal ? AbortSignal.any([this.closing.signal, signal]) : this.closing.signal,
      options.from,
    );
    this.inProgress.add(importing);
    void importing.catch(() => {}).finally(() => this.inProgress.delete(importing));
    return importing;
  }

  private async importStream(body: Readable, signal: AbortSignal, from: string | undefined): Promise<SiteImportResult> {
    signal.throwIfAborted();
    await mkdir(this.tempDir, { recursive: true });
    const file = path.join(this.tempDir, `${randomUUID()}.upload`);
    try {
      await receive(body, file, signal);
      return await this.importFrom(file, signal, from);
    } finally {
      await rm(file, { force: true });
    }
  }

  private async importFrom(file: string, signal: AbortSignal, from: string | undefined): Promise<SiteImportResult> {
    const head = await firstBytes(file, 64);
    if (head.length === 0) throw new HttpError(400, 'The file is empty');
    if (head[0] === 0x50 && head[1] === 0x4b) return this.importZip(file, signal);
    const start = head
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimStart();
    const fetched = this.images && fetchedImageOrigins(this.images.fetchImage, from);
    if (start.startsWith('<')) {
      await assertTextSize(file);
      return this.store('wordpress', await parseInWorker({ kind: 'wordpress', file }, undefined, signal), fetched, signal);
    }
    if (start.startsWith('{') || start.startsWith('[')) {
      await assertTextSize(file);
      return this.store('ghost', await parseInWorker({ kind: 'ghost', file }, undefined, signal), fetched, signal);
    }
    throw new HttpError(415, UNSUPPORTED);
  }

  private async importZip(file: string, signal: AbortSignal): Promise<SiteImportResult> {
    const [{ ZipInput }, { isBackup, restoreBackup, STREAMED_FILES }] = await Promise.all([
      import('./backup/zip-input.ts'),
      import('./backup/restore.ts'),
    ]);
    const zip = await ZipInput.open(file, { streamed: STREAMED_FILES });
    try {
      if (await isBackup(zip)) {
        const stored: string[] = [];
        const timeUp = new AbortController();
        const timer = setTimeout(
          () =>
            timeUp.abort(
              new HttpError(
                413,
                `The file is too large to import at once: restoring it took longer than ${this.restoreTimeoutMs / 1000} seconds`,
              ),
            ),
          this.restoreTimeoutMs,
        );
        try {
          const options = { storedObjects: stored, signal: AbortSignal.any([signal, timeUp.signal]) };
          const restored = await this.db.transaction((tx) => restoreBackup(tx, this.storage, zip, options));
          return { format: 'backup', ...restored };
        } catch (error) {
          // The rows were rolled back; the uploads this restore added go too.
          await Promise.allSettled(stored.map((id) => this.storage.delete(id)));
          throw error;
        } finally {
          clearTimeout(timer);
        }
      }
      const markdown = zip.entries.filter((entry) => MARKDOWN_FILE.test(entry.name) && !isHiddenPath(entry.name));
      if (markdown.length === 0) throw new HttpError(415, UNSUPPORTED);
      const total = markdown.reduce((sum, entry) => sum + entry.size, 0);
      if (total > MARKDOWN_TOTAL_BYTES) throw new HttpError(413, 'The markdown files add up to more than 200 MB');
      const files = [];
      for (const entry of markdown) files.push({ path: entry.name, text: await zip.text(entry, MARKDOWN_TOTAL_BYTES) });
      const parsed = await parseInWorker({ kind: 'markdown', files }, undefined, signal);
      // Images of the zip are read from it as the posts refer to them (store counts those as not skipped).
      const byName = new Map(zip.entries.map((entry) => [entry.name, entry]));
      const images = zipImageOrigins(new Set(byName.keys()), (name) => zip.buffer(byName.get(name)!, MAX_UPLOAD_BYTES));
      const others = zip.entries.length - markdown.length;
      // Awaited here: the zip stays open while the images are read from it.
      return await this.store('markdown', { ...parsed, skipped: parsed.skipped + others }, images, signal);
    } finally {
      zip.close();
    }
  }

  /**
   * Foreign posts in one transaction: each found again by its source (findImported), else created.
   * Two posts of the file never land on the same stored post.
   */
  private async store(
    format: 'wordpress' | 'ghost' | 'markdown',
    parsed: ParsedImport,
    originOf?: ImageBringing['originOf'],
    signal?: AbortSignal,
  ): Promise<SiteImportResult> {
    const result: SiteImportResult = {
      format,
      posts: 0,
      comments: 0,
      uploads: 0,
      skipped: parsed.skipped,
      oldAddresses: 0,
      warnings: [...parsed.warnings],
    };
    const posts = withOwnSources(parsed.posts, result.warnings);
    // Before the transaction: fetching takes seconds, and readers' pages wait for none of it.
    const images = this.images;
    const brought =
      images && originOf
        ? await bringImages(
            posts,
            {
              originOf,
              store: (bytes) => images.store(bytes),
              known: async (keys) => {
                const urls = keys.filter((key) => key.startsWith(FETCHED)).map((key) => key.slice(FETCHED.length));
                const found = await images.importedFrom(urls);
                return new Map([...found].map(([url, path]) => [`${FETCHED}${url}`, path]));
              },
              remember: async (key, id) => {
                if (key.startsWith(FETCHED)) await images.rememberImported(key.slice(FETCHED.length), id);
              },
            },
            { signal },
          )
        : undefined;
    if (brought) {
      result.uploads += brought.created.length;
      result.warnings.push(...brought.warnings);
      // The zip's files the posts brought came in: they were counted among the files left out.
      if (format === 'markdown') result.skipped -= brought.brought;
    }
    let withGhostImages = 0;
    for (const post of posts) {
      // A cover given as a path of the old site's files that was not brought points nowhere here.
      if (post.featuredImage && !publicImageUrl(post.featuredImage)) {
        const warning = `the cover "${post.featuredImage}" is not in the file; left out`;
        result.warnings.push(`"${post.title}": ${warning}`);
        noteKept(post, [warning]);
        delete post.featuredImage;
      }
      if (format === 'ghost' && GHOST_IMAGE.test(`${post.featuredImage ?? ''} ${post.content}`)) withGhostImages++;
    }
    if (withGhostImages > 0) {
      result.warnings.push(
        `${withGhostImages} post(s) show images stored by Ghost (/content/images/...), which a Ghost export does not contain: import the file again with the old site's address to bring them, or upload them again and update the links`,
      );
    }
    const report: ImportedPostReport[] = [];
    try {
      signal?.throwIfAborted();
      await this.db.transaction(async (tx) => {
        const known = await importedPosts(tx);
        const taken = new Set<string>();
        for (const post of posts) {
          const existing = findImported(known, post, taken, result.warnings);
          const { id, slug, outcome } = await this.storePost(tx, post, existing?.id, result.warnings);
          report.push({
            title: post.title,
            slug,
            outcome,
            published: post.published,
            converted: post.notes?.converted ?? [],
            kept: post.notes?.kept ?? [],
          });
          taken.add(id);
          result.oldAddresses! += await recordOldAddresses(tx, id, post.oldPaths ?? []);
          result.posts += 1;
          result.comments += await storeComments(tx, id, post);
        }
      });
    } catch (error) {
      // Nothing was written: the images this import stored go too.
      if (brought && images) await images.remove(brought.created);
      throw error;
    }
    // What the author should look at first: posts with something left as it was, then converted.
    const weight = (entry: ImportedPostReport) => (entry.kept.length > 0 ? 0 : entry.converted.length > 0 ? 1 : 2);
    const ordered = report
      .map((entry, index) => ({ entry, index }))
      .sort((a, b) => weight(a.entry) - weight(b.entry) || a.index - b.index);
    result.report = ordered.slice(0, IMPORT_REPORT_MAX).map(({ entry }) => entry);
    if (report.length > IMPORT_REPORT_MAX) result.reportLeftOut = report.length - IMPORT_REPORT_MAX;
    return result;
  }

  private async storePost(
    tx: Tx,
    post: ImportedPost,
    existingId: string | undefined,
    warnings: string[],
  ): Promise<{ id: string; slug: string; outcome: ImportedPostReport['outcome'] }> {
    // A source's slug is kept as it is when it is one (normalize.ts made it one if it could).
    const wanted = (post.slug && SLUG_PATTERN.test(post.slug) ? post.slug : slugify(post.title)) || 'post';
    const slug = await freeSlug(tx, wanted, existingId);
    if (slug !== wanted) {
      const warning = `the slug "${wanted}" is taken by another post; imported as "${slug}"`;
      warnings.push(`"${post.title}": ${warning}`);
      noteKept(post, [warning]);
    }
    const createdAt = post.createdAt ?? this.now();
    const values = {
      title: post.title,
      slug,
      content: post.content,
      excerpt: post.excerpt || null,
      featuredImage: post.featuredImage || null,
      tags: post.tags,
      published: post.published,
      publishAt: post.publishAt ?? null,
      metadata: {
        source: post.source,
        // null: the source gave no lasting date (findImported tells such a post from a post of before).
        sourceDate: post.sourceDate?.toISOString() ?? null,
        readTime: Math.max(1, readTimeMinutes(post.content)),
      } as Record<string, unknown>,
    };
    const stored = { ...values, tagKeys: tagKeysOf(values.tags) };
    let row;
    if (existingId && (await unchanged(tx, existingId, values))) return { id: existingId, slug, outcome: 'unchanged' };
    if (existingId) {
      // A second import updates what the first brought; the post keeps its view count.
      [row] = await tx
        .update(blogPosts)
        .set({
          ...stored,
          metadata: sql`${blogPosts.metadata} || ${JSON.stringify(values.metadata)}::jsonb`,
          updatedAt: post.updatedAt ?? this.now(),
        })
        .where(eq(blogPosts.id, existingId))
        .returning({ id: blogPosts.id, updatedAt: blogPosts.updatedAt });
    } else {
      [row] = await tx
        .insert(blogPosts)
        .values({ ...stored, createdAt, updatedAt: post.updatedAt ?? createdAt })
        .returning({ id: blogPosts.id, updatedAt: blogPosts.updatedAt });
    }
    await RevisionService.record(tx, row!.id, values, { savedAt: row!.updatedAt });
    return { id: row!.id, slug, outcome: existingId ? 'updated' : 'added' };
  }
}

/** Whether the stored post already is what this import brings: a second import writes nothing. */
async function unchanged(tx: Tx, id: string, values: Omit<SavedFields, 'metadata'>): Promise<boolean> {
  const [stored] = await tx
    .select({
      title: blogPosts.title,
      slug: blogPosts.slug,
      content: blogPosts.content,
      excerpt: blogPosts.excerpt,
      featuredImage: blogPosts.featuredImage,
      tags: blogPosts.tags,
      published: blogPosts.published,
      publishAt: blogPosts.publishAt,
    })
    .from(blogPosts)
    .where(eq(blogPosts.id, id));
  if (!stored) return false;
  return (
    stored.title === values.title &&
    stored.slug === values.slug &&
    stored.content === values.content &&
    stored.excerpt === values.excerpt &&
    stored.featuredImage === values.featuredImage &&
    stored.published === values.published &&
    (stored.publishAt?.getTime() ?? null) === (values.publishAt?.getTime() ?? null) &&
    JSON.stringify(stored.tags) === JSON.stringify(values.tags)
  );
}

/** A post that came from an import, as findImported compares it. */
interface ImportedRow {
  id: string;
  /** metadata.sourceDate: an ISO date, null when its source gave none, undefined for a post imported before it was kept. */
  sourceDate: string | null | undefined;
  createdAt: Date;
}

/** Posts that came from an import, by their source (several when two sites' posts share it), oldest first. */
async function importedPosts(tx: Tx): Promise<Map<string, ImportedRow[]>> {
  const rows = await tx
    .select({
      id: blogPosts.id,
      source: sql<string>`${blogPosts.metadata} ->> 'source'`,
      keepsDate: sql<boolean>`${blogPosts.metadata} ? 'sourceDate'`,
      sourceDate: sql<string | null>`${blogPosts.metadata} ->> 'sourceDate'`,
      createdAt: blogPosts.createdAt,
    })
    .from(blogPosts)
    .where(sql`${blogPosts.metadata} ? 'source'`)
    .orderBy(asc(blogPosts.createdAt), asc(blogPosts.id));
  const bySource = new Map<string, ImportedRow[]>();
  for (const { source, keepsDate, ...row } of rows) {
    const list = bySource.get(source) ?? [];
    list.push({ ...row, sourceDate: keepsDate ? row.sourceDate : undefined });
    bySource.set(source, list);
  }
  return bySource;
}

/**
 * The stored post `post` updates: one imported before under its source (or its former source),
 * not taken by another post of this file, and from the same site. Sources alone cannot tell two
 * sites apart when both export from the same address (http://localhost/): a post that went out
 * keeps its date at its source (sourceDate), so a stored post with another one is another site's,
 * never changed (a post imported before sourceDate was kept compares its createdAt, which the same
 * file gives again). Drafts have no such date: two sites at one address with a draft of the same
 * id are taken for one site.
 */
function findImported(
  known: Map<string, ImportedRow[]>,
  post: ImportedPost,
  taken: Set<string>,
  warnings: string[],
): ImportedRow | undefined {
  const candidates = [post.source, post.formerSource]
    .flatMap((source) => (source ? (known.get(source) ?? []) : []))
    .filter((row) => !taken.has(row.id));
  const found = candidates.find((row) => sameSourcePost(row, post));
  if (!found && candidates.length > 0) {
    warnings.push(
      `"${post.title}": a post imported before has the same source (${post.source}) but another date there, so it is another site's post: left as it was, this one imported as a new post`,
    );
  }
  return found;
}

function sameSourcePost(row: ImportedRow, post: ImportedPost): boolean {
  if (!post.sourceDate) return true;
  if (row.sourceDate === undefined) return !post.createdAt || row.createdAt.getTime() === post.createdAt.getTime();
  return row.sourceDate === null || row.sourceDate === post.sourceDate.toISOString();
}

/**
 * The file's posts, each with a source of its own: a second post with the same source (a theme's
 * test data repeats ids) gets `<source>#2`, and so on in the file's order, so that importing the
 * file again finds each where it was put instead of writing one over the other.
 */
function withOwnSources(posts: ImportedPost[], warnings: string[]): ImportedPost[] {
  const used = new Set<string>();
  return posts.map((post) => {
    let source = post.source;
    for (let n = 2; used.has(source); n++) source = `${post.source}#${n}`;
    used.add(source);
    if (source === post.source) return post;
    warnings.push(
      `"${post.title}": another post of this file has the same source (${post.source}); imported as a post of its own`,
    );
    return { ...post, source };
  });
}

/**
 * A post's imported comments, each once: a second import finds the same author, time and text.
 * A comment answering another (its source's parent id) is stored as its reply, whichever of the
 * two the file lists first; a parent the file does not hold (left out, in the trash) leaves the
 * reply answering the post.
 */
async function storeComments(tx: Tx, postId: string, post: ImportedPost): Promise<number> {
  let stored = 0;
  const bySourceId = new Map<string, string>();
  const replies: Array<{ id: string; parentSourceId: string }> = [];
  for (const { sourceId, parentSourceId, ...comment } of post.comments) {
    const createdAt = comment.createdAt ?? new Date(0);
    const [existing] = await tx
      .select({ id: comments.id })
      .from(comments)
      .where(
        and(
          eq(comments.postId, postId),
          eq(comments.author, comment.author),
          eq(comments.createdAt, createdAt),
          eq(comments.content, comment.content),
        ),
      )
      .limit(1);
    let id = existing?.id;
    if (!id) {
      [{ id }] = (await tx
        .insert(comments)
        .values({ postId, ...comment, createdAt })
        .returning({ id: comments.id })) as [{ id: string }];
      stored += 1;
    }
    if (sourceId) bySourceId.set(sourceId, id);
    if (parentSourceId) replies.push({ id, parentSourceId });
  }
  for (const reply of replies) {
    const parentId = bySourceId.get(reply.parentSourceId);
    if (parentId && parentId !== reply.id) {
      await tx
        .update(comments)
        .set({ parentId })
        .where(and(eq(comments.id, reply.id), sql`${comments.parentId} is distinct from ${parentId}::uuid`));
    }
  }
  return stored;
}

const isHiddenPath = (name: string) => name.split('/').some((part) => part.startsWith('.') || part === '__MACOSX');

/** Writes the request body to `file`, refusing (413) past IMPORT_MAX_BYTES. */
async function receive(body: Readable, file: string, signal: AbortSignal): Promise<void> {
  let received = 0;
  try {
    await pipeline(
      body,
      async function* (chunks: AsyncIterable<Buffer>) {
        for await (const chunk of chunks) {
          received += chunk.length;
          if (received > IMPORT_MAX_BYTES) throw new HttpError(413, 'The file is larger than 500 MB');
          yield chunk;
        }
      },
      createWriteStream(file),
      { signal },
    );
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, `The upload did not complete: ${(error as Error).message}`);
  }
}

async function firstBytes(file: string, length: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** WordPress and Ghost exports are parsed whole: at most TEXT_EXPORT_BYTES (413). */
async function assertTextSize(file: string): Promise<void> {
  const { size } = await stat(file);
  if (size > TEXT_EXPORT_BYTES) throw new HttpError(413, 'A WordPress or Ghost export may be at most 100 MB');
}
