import { fileTypeFromBuffer } from 'file-type';
import { inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { BACKUP_FORMAT, BACKUP_VERSION, backupManifestSchema, type SiteImportResult } from '../../../shared/backup.ts';
import { ALLOWED_IMAGE_TYPES, LIMITS, MAX_UPLOAD_BYTES } from '../../../shared/constants.ts';
import { postMetadataSchema } from '../../../shared/posts.ts';
import type { ObjectStorage } from '../../adapters/storage.ts';
import type { Database } from '../../db/client.ts';
import { blogPosts, comments, contactMessages, postDailyViews, postRevisions, uploads } from '../../db/schema.ts';
import { parseFrontMatter } from '../imports/front-matter.ts';
import { ImportFormatError } from '../imports/types.ts';
import { readableMetadata, searchDocument, tagKeysOf } from '../posts.ts';
import {
  commentRowSchema,
  FILES,
  frontMatterSchema,
  messageRowSchema,
  readersRowSchema,
  revisionRowSchema,
  uploadEntryName,
  uploadRowSchema,
} from './archive-format.ts';
import { freeSlug } from './slugs.ts';
import type { ZipInput } from './zip-input.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A post file is its markdown plus front matter: the content limit and room for the rest. */
const POST_FILE_BYTES = LIMITS.content * 4 + 256 * 1024;

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
export const STREAMED_FILES: readonly string[] = [FILES.comments, FILES.messages, FILES.revisions, FILES.uploads, FILES.readers];

/**
 * Restores one of our backups (archive-format.ts) into this site, in the caller's transaction:
 * every row keeps its id, so links between them (and `/objects/uploads/<id>` in posts) hold, and
 * restoring the same archive again changes nothing. A post whose slug another post has taken
 * gets a suffix (reported). Rows that cannot be read are skipped and reported, never guessed.
 */
export async function restoreBackup(
  tx: Tx,
  storage: ObjectStorage,
  zip: ZipInput,
  /** Filled with the uploads stored that were not there before: the caller removes them if the transaction fails. */
  storedObjects: string[] = [],
): Promise<Omit<SiteImportResult, 'format'>> {
  const result = { posts: 0, comments: 0, uploads: 0, skipped: 0, warnings: [] as string[] };
  const skip = (warning: string) => {
    result.skipped += 1;
    if (result.warnings.length < 200) result.warnings.push(warning);
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
  for await (const row of jsonLines(zip, FILES.uploads, uploadRowSchema, skip)) {
    const entry = zip.find(uploadEntryName(row.id, row.contentType));
    if (!entry) {
      skip(`uploads/${row.id}: listed but not in the archive`);
      continue;
    }
    const bytes = await zip.buffer(entry, MAX_UPLOAD_BYTES);
    const detected = await fileTypeFromBuffer(bytes);
    if (!detected || detected.mime !== row.contentType || !(ALLOWED_IMAGE_TYPES as readonly string[]).includes(detected.mime)) {
      skip(`${entry.name}: not the ${row.contentType} image it claims to be`);
      continue;
    }
    const before = await storage.get(row.id);
    before?.destroy();
    await storage.put(row.id, bytes, row.contentType);
    if (!before) storedObjects.push(row.id);
    const values = { ...row, size: bytes.length, createdAt: new Date(row.createdAt) };
    await tx.insert(uploads).values(values).onConflictDoUpdate({ target: uploads.id, set: values });
    result.uploads += 1;
  }

  const postIds = new Set<string>();
  for (const entry of zip.entries.filter((e) => /^posts\/[^/]+\.md$/.test(e.name))) {
    const frontMatter = safeFrontMatter(await zip.text(entry, POST_FILE_BYTES), entry.name, skip);
    if (frontMatter === undefined) continue;
    const parsed = frontMatterSchema.safeParse(frontMatter);
    if (!parsed.success) {
      skip(
        `${entry.name}: ${parsed.error.issues[0]?.path.join('.') || 'front matter'} ${parsed.error.issues[0]?.message ?? ''}`.trim(),
      );
      continue;
    }
    const { data } = parsed;
    const body = parseFrontMatter(await zip.text(entry, POST_FILE_BYTES), entry.name).body;
    const metadata = postMetadataSchema.safeParse(data.metadata ?? {});
    if (!metadata.success) result.warnings.push(`${entry.name}: metadata over the limits; its known keys were kept`);
    const slug = await freeSlug(tx, data.slug, data.id);
    if (slug !== data.slug)
      result.warnings.push(`${entry.name}: the slug "${data.slug}" is taken by another post; restored as "${slug}"`);
    const values = {
      id: data.id,
      title: data.title,
      slug,
      content: body,
      excerpt: data.excerpt ?? null,
      featuredImage: data.featuredImage ?? null,
      tags: data.tags,
      published: data.published,
      publishAt: data.publishAt ? new Date(data.publishAt) : null,
      createdAt: new Date(data.createdAt),
      updatedAt: new Date(data.updatedAt),
      metadata: metadata.success ? metadata.data : readableMetadata(data.metadata),
    };
    const stored = { ...values, search: searchDocument(values), tagKeys: tagKeysOf(values.tags) };
    await tx.insert(blogPosts).values(stored).onConflictDoUpdate({ target: blogPosts.id, set: stored });
    postIds.add(data.id);
    result.posts += 1;
  }

  const postExists = existenceCheck(tx, postIds);
  for await (const row of jsonLines(zip, FILES.comments, commentRowSchema, skip)) {
    if (!(await postExists(row.postId))) {
      skip(`comment ${row.id}: its post is not in the archive`);
      continue;
    }
    const values = { ...row, createdAt: new Date(row.createdAt) };
    await tx.insert(comments).values(values).onConflictDoUpdate({ target: comments.id, set: values });
    result.comments += 1;
  }
  for await (const row of jsonLines(zip, FILES.messages, messageRowSchema, skip)) {
    const values = {
      ...row,
      createdAt: new Date(row.createdAt),
      notifiedAt: row.notifiedAt ? new Date(row.notifiedAt) : null,
      readAt: row.readAt ? new Date(row.readAt) : null,
    };
    await tx.insert(contactMessages).values(values).onConflictDoUpdate({ target: contactMessages.id, set: values });
  }
  for await (const row of jsonLines(zip, FILES.revisions, revisionRowSchema, skip)) {
    if (!(await postExists(row.postId))) {
      skip(`revision ${row.id}: its post is not in the archive`);
      continue;
    }
    const values = {
      ...row,
      savedAt: new Date(row.savedAt),
      publishAt: row.publishAt ? new Date(row.publishAt) : null,
      metadata: readableMetadata(row.metadata),
    };
    await tx.insert(postRevisions).values(values).onConflictDoUpdate({ target: postRevisions.id, set: values });
  }
  for await (const row of jsonLines(zip, FILES.readers, readersRowSchema, skip)) {
    if (!(await postExists(row.postId))) continue;
    await tx
      .insert(postDailyViews)
      .values(row)
      .onConflictDoUpdate({ target: [postDailyViews.postId, postDailyViews.day], set: { views: row.views } });
  }
  return result;
}

/** The front matter of a post file, or undefined (reported) when it cannot be read. */
function safeFrontMatter(text: string, name: string, skip: (warning: string) => void): unknown {
  try {
    return parseFrontMatter(text, name).data;
  } catch (error) {
    skip((error as Error).message);
    return undefined;
  }
}

/** Whether a post id is restored here or already on the site (asked once per id). */
function existenceCheck(tx: Tx, restored: Set<string>) {
  const known = new Map<string, boolean>();
  return async (id: string) => {
    if (restored.has(id)) return true;
    if (!known.has(id)) {
      const [row] = await tx
        .select({ id: blogPosts.id })
        .from(blogPosts)
        .where(inArray(blogPosts.id, [id]));
      known.set(id, row !== undefined);
    }
    return known.get(id)!;
  };
}

/**
 * The items of one of our JSON files, one per line as export writes them, each checked against
 * `schema`; unreadable ones are skipped and reported. A file that is absent holds nothing.
 */
async function* jsonLines<T extends z.ZodType>(
  zip: ZipInput,
  name: string,
  schema: T,
  skip: (warning: string) => void,
): AsyncGenerator<z.output<T>> {
  const entry = zip.find(name);
  if (!entry) return;
  let line = 0;
  for await (const raw of zip.lines(entry)) {
    line += 1;
    const text = raw.trim().replace(/,$/, '');
    if (text === '' || text === '[' || text === ']' || text === '[]') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new ImportFormatError(`${name} line ${line} is not JSON: the archive is damaged`, 422);
    }
    const parsed = schema.safeParse(value);
    if (parsed.success) yield parsed.data;
    else skip(`${name} line ${line}: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`);
  }
}
