import { setImmediate as nextTurn } from 'node:timers/promises';
import { fileTypeFromBuffer } from 'file-type';
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { BACKUP_FORMAT, BACKUP_VERSION, backupManifestSchema, type SiteImportResult } from '../../../../shared/backup.ts';
import { LIMITS, MAX_UPLOAD_BYTES } from '../../../../shared/constants.ts';
import { postMetadataSchema } from '../../../../shared/posts.ts';
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
  siteRevisions,
  subscribers,
  uploads,
} from '../../../db/schema.ts';
import { SITE_LIMITS } from '../../../../shared/site.ts';
import { parseSiteDocument } from '../../site/index.ts';
import { splitFrontMatter } from '../imports/front-matter.ts';
import { type FrontMatterText, PARSE_LIMITS, parseFrontMatterInWorker } from '../imports/parse.ts';
import { ImportFormatError } from '../imports/types.ts';
import { readableMetadata, tagKeysOf } from '../../posts/index.ts';
import {
  commentRowSchema,
  FILES,
  frontMatterSchema,
  messageRowSchema,
  newsletterRowSchema,
  postBodySchema,
  oldAddressRowSchema,
  subscriberRowSchema,
  readersRowSchema,
  revisionRowSchema,
  uploadEntryName,
  uploadRowSchema,
} from './archive-format.ts';
import { SlugBook } from './slugs.ts';
import { oldAddressKey } from '../old-addresses.ts';
import type { ZipInput } from './zip-input.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A post file is its markdown plus front matter: the content limit and room for the rest. */
const POST_FILE_BYTES = LIMITS.content * 4 + 256 * 1024;

/**
 * What one restore reads before it is refused (413), beside the zip's own limits (zip-input.ts).
 * A restore runs in one transaction: these keep it to minutes, whatever the archive holds.
 */
export const RESTORE_LIMITS = {
  /** Lines of one JSON file, blank ones included: a file of newlines is refused at its first megabyte. */
  lines: 1_000_000,
  /** Post files: each post written bumps the page cache's generation, a cost that grows with the transaction. */
  posts: 10_000,
  /** The front matter of one post (the largest a post's fields make is about 200 KB of YAML). */
  frontMatterBytes: 512 * 1024,
} as const;

/** Rows written per statement, and the text one statement may carry. */
const BATCH_ROWS = 500;
const BATCH_BYTES = 8 * 1024 * 1024;
/** Front matter parsed per job of the worker pool. */
const FRONT_MATTER_JOB = { files: 2_000, bytes: 16 * 1024 * 1024 };
/** The longest a restore works before letting the event loop serve requests. */
const SLICE_MS = 10;

let running = 0;
/** Restores in progress, for tests and diagnostics. */
export const restoresRunning = () => running;

/** Whether this zip is one of our backups: it has our manifest (a site's own manifest.json is not one). */
export async function isBackup(zip: ZipInput): Promise<boolean> {
  const entry = zip.find(FILES.manifest);
  if (!entry) return false;
  try {
    return (JSON.parse(await zip.text(entry, 1024 * 1024)) as { format?: unknown })?.format === BACKUP_FORMAT;
  } catch {
    return false;
  }
}

/** The archive's JSON files, read line by line (see ZipInput.open). */
export const STREAMED_FILES: readonly string[] = [
  FILES.comments,
  FILES.messages,
  FILES.revisions,
  FILES.uploads,
  FILES.readers,
  FILES.oldAddresses,
  FILES.subscribers,
  FILES.newsletters,
];

export interface RestoreOptions {
  /** Filled with the uploads stored that were not there before: the caller removes them if the transaction fails. */
  storedObjects?: string[];
  /** Stops the restore between two steps (its reason is thrown): the client left, the server is stopping, time is up. */
  signal?: AbortSignal;
}

/**
 * Restores one of our backups (archive-format.ts) into this site, in the caller's transaction:
 * every row keeps its id, so links between them (and `/objects/uploads/<id>` in posts) hold, and
 * restoring the same archive again changes nothing. A post whose slug another post has taken
 * gets a suffix (reported). Every field is checked as the API checks it: one that fails refuses
 * the whole archive (422 naming the file, line and field). Rows whose post is nowhere and uploads
 * that are not the image they claim are skipped and reported, never guessed.
 *
 * Linear in the archive: rows are written BATCH_ROWS to a statement, every lookup is in memory,
 * and the event loop gets a turn every SLICE_MS, so readers are served all along.
 */
export async function restoreBackup(
  tx: Tx,
  storage: ObjectStorage,
  zip: ZipInput,
  { storedObjects = [], signal }: RestoreOptions = {},
): Promise<Omit<SiteImportResult, 'format'>> {
  running += 1;
  try {
    return await restore(tx, storage, zip, storedObjects, new Pacer(signal));
  } finally {
    running -= 1;
  }
}

async function restore(
  tx: Tx,
  storage: ObjectStorage,
  zip: ZipInput,
  storedObjects: string[],
  pacer: Pacer,
): Promise<Omit<SiteImportResult, 'format'>> {
  const result = { posts: 0, comments: 0, uploads: 0, skipped: 0, warnings: [] as string[] };
  const warn = (warning: string) => {
    if (result.warnings.length < 200) result.warnings.push(warning);
  };
  const skip = (warning: string) => {
    result.skipped += 1;
    warn(warning);
  };

  const manifestText = await zip.text(zip.find(FILES.manifest)!, 1024 * 1024);
  let manifestJson: unknown;
  try {
    manifestJson = JSON.parse(manifestText);
  } catch {
    throw new ImportFormatError('manifest.json is not JSON', 422);
  }
  const manifest = backupManifestSchema.safeParse(manifestJson);
  if (!manifest.success) throw new ImportFormatError('manifest.json is not that of a backup of this site', 422);
  if (manifest.data.version > BACKUP_VERSION)
    throw new ImportFormatError(`This backup was made by a newer version (format ${manifest.data.version})`, 422);

  // Uploads first: posts point at them. The bytes go to storage before their rows exist; should the
  // import fail, an object without a row is never served.
  const uploadRows = new Batch(tx, uploads, ['id'], pacer);
  for await (const { row } of jsonLines(zip, FILES.uploads, uploadRowSchema, pacer)) {
    const entry = zip.find(uploadEntryName(row.id, row.contentType));
    if (!entry) {
      skip(`uploads/${row.id}: listed but not in the archive`);
      continue;
    }
    const bytes = await zip.buffer(entry, MAX_UPLOAD_BYTES);
    const detected = await fileTypeFromBuffer(bytes);
    if (detected?.mime !== row.contentType) {
      skip(`${entry.name}: not the ${row.contentType} image it claims to be`);
      continue;
    }
    pacer.check();
    const before = await storage.get(row.id);
    before?.destroy();
    await storage.put(row.id, bytes, row.contentType);
    if (!before) storedObjects.push(row.id);
    await uploadRows.add(row.id, { ...row, size: bytes.length, createdAt: new Date(row.createdAt) }, 0);
    result.uploads += 1;
  }
  await uploadRows.flush();

  const slugs = await SlugBook.of(tx);
  const postRows = new Batch(tx, blogPosts, ['id'], pacer);
  // Each post once: rows of one statement are written in the order their slugs were given out.
  const postFilesById = new Map<string, string>();
  for await (const { name, data, body } of postFiles(zip, pacer, skip)) {
    const parsed = frontMatterSchema.safeParse(data);
    if (!parsed.success) throw refusal(name, parsed.error);
    const content = postBodySchema.safeParse(body);
    if (!content.success) throw refusal(name, content.error, 'content');
    const { data: post } = parsed;
    const twin = postFilesById.get(post.id);
    if (twin) throw new ImportFormatError(`${name}: id ${post.id} is that of ${twin} too: the archive is damaged`, 422);
    postFilesById.set(post.id, name);
    let metadata: Record<string, unknown> = post.metadata;
    if (!postMetadataSchema.safeParse(metadata).success) {
      // Free-form keys saved before metadata was bounded: the known keys, checked above, are kept.
      metadata = readableMetadata(metadata);
      warn(`${name}: metadata over the limits; its known keys were kept`);
    }
    const slug = slugs.claim(post.slug, post.id);
    if (slug !== post.slug) warn(`${name}: the slug "${post.slug}" is taken by another post; restored as "${slug}"`);
    const values = {
      id: post.id,
      title: post.title,
      slug,
      content: content.data,
      excerpt: post.excerpt ?? null,
      featuredImage: post.featuredImage ?? null,
      tags: post.tags,
      published: post.published,
      publishAt: post.publishAt ? new Date(post.publishAt) : null,
      createdAt: new Date(post.createdAt),
      updatedAt: new Date(post.updatedAt),
      metadata,
    };
    await postRows.add(post.id, { ...values, tagKeys: tagKeysOf(values.tags) }, body.length);
    result.posts += 1;
  }
  await postRows.flush();

  // Every post the rows below may belong to: those of the site and those just restored.
  const postExists = (id: string) => slugs.hasPost(id);
  const commentRows = new Batch(tx, comments, ['id'], pacer);
  // Replies are linked to their parents once every comment is in: the file's order is not the threads'.
  const replies: Array<{ id: string; parentId: string }> = [];
  for await (const { row, bytes } of jsonLines(zip, FILES.comments, commentRowSchema, pacer)) {
    if (!postExists(row.postId)) {
      skip(`comment ${row.id}: its post is not in the archive`);
      continue;
    }
    const { parentId, ...values } = row;
    if (parentId && parentId !== row.id) replies.push({ id: row.id, parentId });
    await commentRows.add(row.id, { ...values, parentId: null, createdAt: new Date(row.createdAt) }, bytes);
    result.comments += 1;
  }
  await commentRows.flush();
  for (const reply of replies) {
    await pacer.step();
    // A parent that is in neither the archive nor the site leaves the reply answering the post.
    await tx.execute(
      sql`update ${comments} set parent_id = ${reply.parentId}::uuid where id = ${reply.id}::uuid and exists (select 1 from ${comments} where id = ${reply.parentId}::uuid)`,
    );
  }

  const messageRows = new Batch(tx, contactMessages, ['id'], pacer);
  for await (const { row, bytes } of jsonLines(zip, FILES.messages, messageRowSchema, pacer)) {
    const values = {
      ...row,
      createdAt: new Date(row.createdAt),
      notifiedAt: row.notifiedAt ? new Date(row.notifiedAt) : null,
      readAt: row.readAt ? new Date(row.readAt) : null,
    };
    await messageRows.add(row.id, values, bytes);
  }
  await messageRows.flush();

  const revisionRows = new Batch(tx, postRevisions, ['id'], pacer);
  for await (const { row, bytes } of jsonLines(zip, FILES.revisions, revisionRowSchema, pacer)) {
    if (!postExists(row.postId)) {
      skip(`revision ${row.id}: its post is not in the archive`);
      continue;
    }
    const values = {
      ...row,
      savedAt: new Date(row.savedAt),
      publishAt: row.publishAt ? new Date(row.publishAt) : null,
      metadata: readableMetadata(row.metadata),
    };
    await revisionRows.add(row.id, values, bytes);
  }
  await revisionRows.flush();

  const readerRows = new Batch(tx, postDailyViews, ['postId', 'day'], pacer);
  for await (const { row } of jsonLines(zip, FILES.readers, readersRowSchema, pacer)) {
    if (!postExists(row.postId)) continue;
    await readerRows.add(`${row.postId}\n${row.day}`, row, 0);
  }
  await readerRows.flush();

  // Old addresses of imported posts (backups made before they were kept have none).
  const addressRows = new Batch(tx, oldAddresses, ['path'], pacer);
  for await (const { row, bytes } of jsonLines(zip, FILES.oldAddresses, oldAddressRowSchema, pacer)) {
    if (!postExists(row.postId)) {
      skip(`old address ${row.path}: its post is not in the archive`);
      continue;
    }
    // Written by another version, or by hand: an address the site would not look up is left out.
    if (oldAddressKey(row.path) !== row.path) {
      skip(`old address ${row.path}: not an address as the site keeps it`);
      continue;
    }
    await addressRows.add(row.path, row, bytes);
  }
  await addressRows.flush();

  // The newsletter's subscribers (older backups have none). An address the site already has (they
  // subscribed here since) keeps its row here: the conflict leaves it as it is.
  let waiting: Array<typeof subscribers.$inferInsert> = [];
  const writeSubscribers = async () => {
    if (waiting.length === 0) return;
    pacer.check();
    await tx.insert(subscribers).values(waiting).onConflictDoNothing();
    waiting = [];
    await pacer.step();
  };
  for await (const { row } of jsonLines(zip, FILES.subscribers, subscriberRowSchema, pacer)) {
    waiting.push({
      ...row,
      emailKey: row.email.trim().toLowerCase(),
      createdAt: new Date(row.createdAt),
      confirmedAt: row.confirmedAt ? new Date(row.confirmedAt) : null,
      confirmSentAt: row.confirmSentAt ? new Date(row.confirmSentAt) : null,
      changedAt: new Date(row.changedAt),
    });
    if (waiting.length >= BATCH_ROWS) await writeSubscribers();
  }
  await writeSubscribers();

  // Posts already sent to subscribers: kept as sent, so that none goes out twice.
  for await (const { row } of jsonLines(zip, FILES.newsletters, newsletterRowSchema, pacer)) {
    if (!postExists(row.postId)) continue;
    await tx
      .insert(newsletters)
      .values({
        postId: row.postId,
        total: row.total,
        createdAt: new Date(row.createdAt),
        // Its deliveries are not in the archive: what was not sent when it was made is not sent now.
        finishedAt: row.finishedAt ? new Date(row.finishedAt) : new Date(row.createdAt),
      })
      .onConflictDoNothing();
  }

  // The site document, when the backup has one (older backups do not: the site keeps its own).
  const siteEntry = zip.find(FILES.site);
  if (siteEntry) {
    let stored: unknown;
    try {
      stored = JSON.parse(await zip.text(siteEntry, SITE_LIMITS.bytes * 4));
    } catch (error) {
      if (error instanceof ImportFormatError) throw error;
      throw new ImportFormatError(`${FILES.site} is not JSON`, 422);
    }
    // `null`: the site that made the backup had never saved one (its defaults), nothing to restore.
    if (stored !== null) {
      const parsed = parseSiteDocument(stored);
      if (!parsed.success) throw refusal(FILES.site, parsed.error);
      await tx
        .insert(siteDocument)
        .values({ id: 1, document: parsed.data, updatedAt: sql`now()` })
        .onConflictDoUpdate({ target: siteDocument.id, set: { document: parsed.data, updatedAt: sql`now()` } });
      // Kept as a revision too: the document it replaced is one already, so Restore can go back.
      await tx.insert(siteRevisions).values({ document: parsed.data });
    }
  }
  return result;
}

/** A 422 naming the file (and line) and the first field that fails, with the API's reason. */
function refusal(where: string, error: z.ZodError, field?: string): ImportFormatError {
  const issue = error.issues[0];
  const path = [field, ...(issue?.path ?? [])].filter((part) => part !== undefined).join('.');
  return new ImportFormatError(`${where}: ${path || 'value'} ${issue?.message ?? 'is not valid'}`.trim(), 422);
}

/**
 * Lets the event loop serve requests between slices of the work (a restore otherwise runs on
 * promises alone, which never give way to I/O), and stops the restore when its signal aborts.
 */
class Pacer {
  readonly signal: AbortSignal | undefined;
  private sliceStart = performance.now();
  constructor(signal: AbortSignal | undefined) {
    this.signal = signal;
  }

  check(): void {
    this.signal?.throwIfAborted();
  }

  async step(): Promise<void> {
    this.check();
    if (performance.now() - this.sliceStart < SLICE_MS) return;
    await nextTurn();
    this.sliceStart = performance.now();
    this.check();
  }
}

/**
 * Rows of one table written BATCH_ROWS (or BATCH_BYTES) to a statement, each by its key: a key
 * repeated within a batch is written once, as its last line has it (a statement cannot touch a
 * row twice), and a row already on the site is replaced.
 */
class Batch<Row extends Record<string, unknown>> {
  private readonly tx: Tx;
  private readonly table: PgTable;
  private readonly keyColumns: string[];
  private readonly pacer: Pacer;
  private rows = new Map<string, Row>();
  private bytes = 0;

  constructor(tx: Tx, table: PgTable, keyColumns: string[], pacer: Pacer) {
    this.tx = tx;
    this.table = table;
    this.keyColumns = keyColumns;
    this.pacer = pacer;
  }

  async add(key: string, row: Row, bytes: number): Promise<void> {
    this.rows.delete(key);
    this.rows.set(key, row);
    this.bytes += bytes;
    if (this.rows.size >= BATCH_ROWS || this.bytes >= BATCH_BYTES) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.rows.size === 0) return;
    const rows = [...this.rows.values()];
    this.rows = new Map();
    this.bytes = 0;
    this.pacer.check();
    const columns = getTableColumns(this.table);
    const set: Record<string, SQL> = {};
    for (const key of Object.keys(rows[0]!)) {
      if (!this.keyColumns.includes(key)) set[key] = sql.raw(`excluded."${columns[key]!.name}"`);
    }
    await this.tx
      .insert(this.table)
      .values(rows)
      .onConflictDoUpdate({ target: this.keyColumns.map((key) => columns[key]!), set });
    await this.pacer.step();
  }
}

/**
 * The post files of the archive, each with its front matter parsed (in the worker pool: YAML is
 * the one format here whose parsing can take minutes over a few megabytes) and its body.
 */
async function* postFiles(
  zip: ZipInput,
  pacer: Pacer,
  skip: (warning: string) => void,
): AsyncGenerator<{ name: string; data: Record<string, unknown>; body: string }> {
  const entries = zip.entries.filter((entry) => /^posts\/[^/]+\.md$/.test(entry.name));
  if (entries.length > RESTORE_LIMITS.posts)
    throw new ImportFormatError(`The backup holds more than ${RESTORE_LIMITS.posts.toLocaleString('en-US')} posts`, 413);
  let group: (FrontMatterText & { body: string })[] = [];
  let groupBytes = 0;
  const parseGroup = async () => {
    const parsed = await parseFrontMatterInWorker(
      group.map(({ path, yaml }) => ({ path, yaml })),
      PARSE_LIMITS,
      pacer.signal,
    );
    const files = group.map((file, index) => ({ name: file.path, data: parsed[index]!, body: file.body }));
    group = [];
    groupBytes = 0;
    return files;
  };
  for (const entry of entries) {
    await pacer.step();
    if (entry.size === 0) {
      skip(`${entry.name}: empty (the post was deleted while the backup was written)`);
      continue;
    }
    const { yaml = '', body } = splitFrontMatter(await zip.text(entry, POST_FILE_BYTES));
    if (yaml.length > RESTORE_LIMITS.frontMatterBytes)
      throw new ImportFormatError(
        `${entry.name}: the front matter is larger than ${RESTORE_LIMITS.frontMatterBytes / 1024} KB`,
        413,
      );
    group.push({ path: entry.name, yaml, body });
    groupBytes += yaml.length + body.length;
    if (group.length >= FRONT_MATTER_JOB.files || groupBytes >= FRONT_MATTER_JOB.bytes) yield* await parseGroup();
  }
  if (group.length > 0) yield* await parseGroup();
}

/**
 * The items of one of our JSON files, one per line as export writes them, each checked against
 * `schema` (a 422 naming the line and field otherwise); `bytes` is the line's length. A file that
 * is absent holds nothing; one of more than RESTORE_LIMITS.lines lines, blank or not, is refused.
 */
async function* jsonLines<T extends z.ZodType>(
  zip: ZipInput,
  name: string,
  schema: T,
  pacer: Pacer,
): AsyncGenerator<{ row: z.output<T>; bytes: number }> {
  const entry = zip.find(name);
  if (!entry) return;
  let line = 0;
  for await (const raw of zip.lines(entry)) {
    line += 1;
    if (line > RESTORE_LIMITS.lines)
      throw new ImportFormatError(`${name} has more than ${RESTORE_LIMITS.lines.toLocaleString('en-US')} lines`, 413);
    await pacer.step();
    const text = raw.trim().replace(/,$/, '');
    if (text === '' || text === '[' || text === ']' || text === '[]') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new ImportFormatError(`${name} line ${line} is not JSON: the archive is damaged`, 422);
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw refusal(`${name} line ${line}`, parsed.error);
    yield { row: parsed.data, bytes: text.length };
  }
}
