import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger as Log } from 'fastify';
import { ALLOWED_IMAGE_TYPES, MAX_UPLOAD_BYTES } from '../../../shared/constants.ts';
import { IMAGE_WIDTHS, type ImageWidth, objectPathFor } from '../../../shared/images.ts';
import { ImageTooLargeError } from '../../adapters/image-limits.ts';
import { prepareUpload, resizeToWebp, storeVariants } from '../../adapters/images.ts';
import { type ObjectStorage, variantKey } from '../../adapters/storage.ts';
import type { Database } from '../../db/client.ts';
import { importedImages, uploads } from '../../db/schema.ts';
import { HttpError, badRequest, conflict, notFound } from '../../errors.ts';
import { isUuid } from '../../lib/uuid.ts';

/** How long an upload URL may be used after the admin asked for it. */
const UPLOAD_URL_TTL_MS = 15 * 60 * 1000;
const UPLOAD_PATH = /\/api\/objects\/upload\/([0-9a-f-]{36})(?:[?#]|$)/i;

/** Bytes to send, with their type and (for originals) their length. */
export interface StoredObject {
  contentType: string;
  body: Readable | Buffer;
  size?: number;
}

/**
 * Images the author uploads: a signed URL is the credential of one PUT; the bytes go to the
 * object storage under a generated id, with a row recording type, size and pixel size.
 */
export class UploadService {
  private readonly db: Database;
  private readonly storage: ObjectStorage;
  private readonly secret: string;

  constructor(db: Database, storage: ObjectStorage, secret: string) {
    this.db = db;
    this.storage = storage;
    this.secret = secret;
  }

  private sign(id: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`upload:${id}:${expires}`).digest('base64url');
  }

  /** A fresh upload URL, relative so that it works whatever host name the admin reached the site by. */
  newUploadUrl(): string {
    const id = randomUUID();
    const expires = Date.now() + UPLOAD_URL_TTL_MS;
    return `/api/objects/upload/${id}?expires=${expires}&signature=${this.sign(id, expires)}`;
  }

  /** Stores the bytes PUT to a signed URL; refuses a bad signature, a non-image or a reused URL. */
  async receive(id: string, signed: { expires?: string; signature?: string }, body: unknown, log: Log): Promise<string> {
    const expires = Number(signed.expires);
    const expected = Buffer.from(this.sign(id, expires));
    const given = Buffer.from(signed.signature ?? '');
    if (!Number.isSafeInteger(expires) || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new HttpError(403, 'Invalid upload signature');
    }
    if (expires < Date.now()) throw new HttpError(403, 'Request has expired');
    if (!Buffer.isBuffer(body) || body.length === 0) throw badRequest('The upload is empty');
    // Loaded with the first upload rather than at start-up.
    const { fileTypeFromBuffer } = await import('file-type');
    const detected = await fileTypeFromBuffer(body);
    if (!detected || !(ALLOWED_IMAGE_TYPES as readonly string[]).includes(detected.mime)) {
      throw new HttpError(415, `Only images can be uploaded (${ALLOWED_IMAGE_TYPES.join(', ')})`);
    }
    // Refuses (422) an image of more pixels than the server decodes, before anything is stored.
    const { image, size } = await prepareUpload(body, log);
    // Claim the id before writing the bytes: of two simultaneous PUTs only one may write them.
    const claimed = await this.db
      .insert(uploads)
      .values({ id, contentType: detected.mime, size: image.length, width: size?.width, height: size?.height })
      .onConflictDoNothing()
      .returning({ id: uploads.id });
    if (!claimed.length) throw conflict('This upload URL has already been used');
    try {
      await this.storage.put(id, image, detected.mime);
    } catch (error) {
      // Release the claim so that the author can retry the same URL.
      await this.db.delete(uploads).where(eq(uploads.id, id));
      throw error;
    }
    await storeVariants(this.storage, id, image, size, log);
    return objectPathFor(id);
  }

  /**
   * An image an import brings (a file of a markdown zip, a post's image on the site it moves
   * from), checked and stored as an upload is (type by content, pixel limit, private metadata
   * removed, resized copies) under an id made from its bytes: the same image brought twice, by two
   * posts or by the same file imported again, is one upload. Answers its path here and whether
   * this call stored it; 4xx HttpError for bytes that are not an image the site keeps.
   */
  async storeImported(bytes: Uint8Array, log: Log): Promise<{ id: string; path: string; created: boolean }> {
    const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (body.length === 0) throw badRequest('The image is empty');
    if (body.length > MAX_UPLOAD_BYTES) throw new HttpError(413, 'The image is larger than 10 MB');
    const id = uuidOfBytes(body);
    const [known] = await this.db.select({ id: uploads.id }).from(uploads).where(eq(uploads.id, id));
    if (known) return { id, path: objectPathFor(id), created: false };
    const { fileTypeFromBuffer } = await import('file-type');
    const detected = await fileTypeFromBuffer(body);
    if (!detected || !(ALLOWED_IMAGE_TYPES as readonly string[]).includes(detected.mime)) {
      throw new HttpError(415, `not an image the site keeps (${ALLOWED_IMAGE_TYPES.join(', ')})`);
    }
    const { image, size } = await prepareUpload(body, log);
    await this.storage.put(id, image, detected.mime);
    const claimed = await this.db
      .insert(uploads)
      .values({ id, contentType: detected.mime, size: image.length, width: size?.width, height: size?.height })
      .onConflictDoNothing()
      .returning({ id: uploads.id });
    // Another import stored the same bytes at the same moment: theirs is the row, the object is the same.
    if (claimed.length > 0) await storeVariants(this.storage, id, image, size, log);
    return { id, path: objectPathFor(id), created: claimed.length > 0 };
  }

  /** The uploads images of these old addresses became in earlier imports, by address. */
  async importedFrom(addresses: readonly string[]): Promise<Map<string, string>> {
    const bySource = new Map(addresses.map((address) => [sourceKey(address), address]));
    const found = new Map<string, string>();
    const keys = [...bySource.keys()];
    for (let start = 0; start < keys.length; start += 1_000) {
      const rows = await this.db
        .select({ source: importedImages.source, uploadId: importedImages.uploadId })
        .from(importedImages)
        .where(inArray(importedImages.source, keys.slice(start, start + 1_000)));
      for (const row of rows) found.set(bySource.get(row.source)!, objectPathFor(row.uploadId));
    }
    return found;
  }

  /** Notes that the image at `address` became upload `id` (importedFrom). */
  async rememberImported(address: string, id: string): Promise<void> {
    await this.db
      .insert(importedImages)
      .values({ source: sourceKey(address), uploadId: id })
      .onConflictDoUpdate({ target: importedImages.source, set: { uploadId: id } });
  }

  /** Removes uploads an import stored before it failed (nothing refers to them). */
  async removeImported(ids: readonly string[]): Promise<void> {
    for (const id of ids) {
      await this.db.delete(uploads).where(eq(uploads.id, id));
      await this.storage.delete(id).catch(() => {});
      for (const width of IMAGE_WIDTHS) await this.storage.delete(variantKey(id, width)).catch(() => {});
    }
  }

  /** The object path of an upload URL whose bytes have arrived. */
  async attach(uploadUrl: string): Promise<string> {
    const id = UPLOAD_PATH.exec(uploadUrl)?.[1]?.toLowerCase();
    if (!id) throw badRequest('bannerImageURL is not an upload URL of this site');
    const [stored] = await this.db.select({ id: uploads.id }).from(uploads).where(eq(uploads.id, id));
    if (!stored) throw notFound('Nothing has been uploaded to that URL');
    return objectPathFor(id);
  }

  /** The stored upload with this id (any case), or 404. */
  private async find(id: string) {
    const [meta] = isUuid(id) ? await this.db.select().from(uploads).where(eq(uploads.id, id.toLowerCase())) : [];
    if (!meta) throw notFound('Object not found');
    return meta;
  }

  async original(id: string): Promise<StoredObject> {
    const meta = await this.find(id);
    const body = await this.storage.get(meta.id);
    if (!body) throw notFound('Object not found');
    return { contentType: meta.contentType, body, size: meta.size };
  }

  /** The WebP copy `width` pixels wide, made now if it was not made at upload. */
  async copy(id: string, width: ImageWidth, log: Log): Promise<StoredObject> {
    const meta = await this.find(id);
    const key = variantKey(meta.id, width);
    const stored = await this.storage.get(key);
    if (stored) return { contentType: 'image/webp', body: stored };

    // Uploaded before resized copies were made, or making them failed then: make this one now.
    const original = await this.storage.get(meta.id);
    if (!original) throw notFound('Object not found');
    const bytes = await buffer(original);
    let copy: Buffer;
    try {
      copy = await resizeToWebp(bytes, width);
    } catch (error) {
      // Stored before the pixel limit held at upload: its bytes would be the same bomb for the
      // reader's browser, so no copy address serves them (the original keeps its own address).
      if (error instanceof ImageTooLargeError) {
        log.warn({ upload: meta.id, reason: error.message }, 'upload is over the pixel limit; it has no copies');
        throw notFound('This image has no resized copies');
      }
      // Damaged or unreadable data, not over the limit by its header: the original (served as its
      // own type) is all there is to show.
      log.warn({ err: error, upload: meta.id }, 'upload could not be resized; serving its original');
      return { contentType: meta.contentType, body: bytes };
    }
    await this.storage.put(key, copy, 'image/webp');
    return { contentType: 'image/webp', body: copy };
  }
}

/** A UUID (version 8, RFC 9562) made from the first 16 bytes of the bytes' SHA-256. */
function uuidOfBytes(bytes: Buffer): string {
  const hash = createHash('sha256').update(bytes).digest().subarray(0, 16);
  hash[6] = (hash[6]! & 0x0f) | 0x80;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** An old address as the key of importedImages: its sha-256 (an address may be 2 KB of UTF-8). */
const sourceKey = (address: string) => createHash('sha256').update(address).digest('hex');
