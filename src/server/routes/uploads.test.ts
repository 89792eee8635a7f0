import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminCookie, createTestApp, postPayload, type TestApp, tables } from '../../../tests/support/test-app.ts';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../env.ts';
import { gifBomb, pngBomb, pngChunk } from '../adapters/__fixtures__/image-bombs.ts';
import { LocalStorage, S3Storage, createStorage, type ObjectStorage } from '../adapters/storage.ts';

const { uploads } = tables;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A valid PNG of `width` x 1 RGB pixels in the given colour, built by hand with correct CRCs. */
function makePng(rgb: [number, number, number] = [0xd9, 0x77, 0x06], width = 1): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(1, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: truecolour
  // compression, filter, interlace: 0
  const scanline = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(scanline)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG padded after IEND up to exactly `size` bytes (still detected as a PNG by its content). */
function pngOfSize(size: number): Buffer {
  const png = makePng();
  return Buffer.concat([png, Buffer.alloc(size - png.length)]);
}

async function newUploadUrl(t: TestApp, cookie: string): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: '/api/objects/upload', headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.json<{ uploadURL: string }>().uploadURL;
}

function putBytes(t: TestApp, url: string, body: Buffer | string, contentType: string | undefined = 'image/png') {
  return t.app.inject({ method: 'PUT', url, payload: body, headers: contentType ? { 'content-type': contentType } : {} });
}

function attach(t: TestApp, cookie: string | undefined, bannerImageURL: unknown) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/objects/upload',
    headers: cookie ? { cookie } : {},
    payload: { bannerImageURL },
  });
}

/** Upload URL -> PUT bytes -> attach: the editor's whole flow; returns the object path. */
async function uploadImage(t: TestApp, cookie: string, bytes: Buffer): Promise<string> {
  const uploadURL = await newUploadUrl(t, cookie);
  const put = await putBytes(t, uploadURL, bytes);
  expect(put.statusCode, put.body).toBe(200);
  const attached = await attach(t, cookie, uploadURL);
  expect(attached.statusCode, attached.body).toBe(200);
  return attached.json<{ objectPath: string }>().objectPath;
}

/** A photo-like JPEG of the given size (a gradient, so that it compresses like a picture). */
function makeJpeg(width: number, height: number, options: { orientation?: number } = {}): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    pixels[i * 3] = (i % width) % 256;
    pixels[i * 3 + 1] = Math.floor(i / width) % 256;
    pixels[i * 3 + 2] = 128;
  }
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  return (options.orientation ? image.withMetadata({ orientation: options.orientation }) : image)
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** A two-frame animated GIF of 600 x 40 pixels. */
function makeAnimatedGif(): Promise<Buffer> {
  const frame = (value: number) => Buffer.alloc(600 * 40 * 3, value);
  return sharp(Buffer.concat([frame(0), frame(255)]), { raw: { width: 600, height: 80, channels: 3, pageHeight: 40 } })
    .gif({ loop: 0, delay: [100, 100] })
    .toBuffer();
}

/** What a served copy is, read from its own bytes. */
async function describeImage(bytes: Buffer) {
  const { format, width, height, pages, exif } = await sharp(bytes).metadata();
  return { format, width, height, pages: pages ?? 1, hasExif: Boolean(exif) };
}

const isWebp = (bytes: Buffer) =>
  bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP';

const idOf = (uploadURL: string) => /\/api\/objects\/upload\/([^?]+)\?/.exec(uploadURL)![1]!;

describe('uploads on local disk', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await adminCookie(t.app);
  });
  afterAll(() => t.close());

  describe('POST /api/objects/upload', () => {
    it('answers 401 JSON without an admin session', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/objects/upload' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: expect.any(String) });
    });

    it('answers 200 { uploadURL } with a signed, expiring, relative URL for the admin', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/objects/upload', headers: { cookie } });
      expect(response.statusCode).toBe(200);
      const { uploadURL } = response.json<{ uploadURL: string }>();
      const url = new URL(uploadURL, 'http://localhost');
      expect(uploadURL.startsWith('/api/objects/upload/')).toBe(true);
      expect(idOf(uploadURL)).toMatch(UUID);
      const expires = Number(url.searchParams.get('expires'));
      expect(expires).toBeGreaterThan(Date.now());
      expect(expires).toBeLessThanOrEqual(Date.now() + 60 * 60 * 1000);
      expect(url.searchParams.get('signature')).toMatch(/^[\w-]{20,}$/);
      // Every request gets its own object id.
      expect(idOf(await newUploadUrl(t, cookie))).not.toBe(idOf(uploadURL));
    });
  });

  describe('the whole flow', () => {
    it('stores a PNG, attaches it and serves the same bytes with immutable caching', async () => {
      const png = makePng([0x12, 0x34, 0x56], 3);
      const uploadURL = await newUploadUrl(t, cookie);
      const id = idOf(uploadURL);

      const put = await putBytes(t, uploadURL, png);
      expect(put.statusCode).toBe(200);
      expect(put.json()).toEqual({ objectPath: `/objects/uploads/${id}` });

      const attached = await attach(t, cookie, uploadURL);
      expect(attached.statusCode).toBe(200);
      expect(attached.json()).toEqual({ objectPath: `/objects/uploads/${id}` });

      const served = await t.app.inject({ url: `/objects/uploads/${id}` });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(png)).toBe(true);
      expect(served.headers['content-type']).toBe('image/png');
      expect(Number(served.headers['content-length'])).toBe(png.length);
      const cacheControl = String(served.headers['cache-control']);
      expect(cacheControl).toContain('max-age=31536000');
      expect(cacheControl).toContain('immutable');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
    });

    it('names the stored file after the generated uuid, in DATA_DIR/uploads, whatever the client sends', async () => {
      const png = makePng([1, 2, 3]);
      const uploadURL = await newUploadUrl(t, cookie);
      const id = idOf(uploadURL);
      const put = await t.app.inject({
        method: 'PUT',
        url: uploadURL,
        payload: png,
        headers: { 'content-type': 'image/png', 'content-disposition': 'attachment; filename="../../evil.png"' },
      });
      expect(put.statusCode).toBe(200);
      const dir = path.join(t.dataDir, 'uploads');
      const files = readdirSync(dir);
      expect(files).toContain(id);
      // The upload and its resized copies, all named by the server.
      expect(files.every((name) => /^[0-9a-f-]{36}(\.w(480|960|1600)\.webp)?$/.test(name))).toBe(true);
      expect(readFileSync(path.join(dir, id)).equals(png)).toBe(true);
      expect(existsSync(path.join(t.dataDir, 'evil.png'))).toBe(false);
    });

    it('accepts the other image types by content, and records the detected type (not the declared one)', async () => {
      const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
      const uploadURL = await newUploadUrl(t, cookie);
      const put = await putBytes(t, uploadURL, gif, 'image/png');
      expect(put.statusCode).toBe(200);
      const served = await t.app.inject({ url: put.json<{ objectPath: string }>().objectPath });
      expect(served.headers['content-type']).toBe('image/gif');
      expect(served.rawPayload.equals(gif)).toBe(true);
    });

    it('accepts an image of exactly 10 MB (10485760 bytes)', async () => {
      const uploadURL = await newUploadUrl(t, cookie);
      const put = await putBytes(t, uploadURL, pngOfSize(10_485_760));
      expect(put.statusCode, put.body).toBe(200);
    });

    it('accepts the upload whatever content type the browser declares', async () => {
      for (const contentType of ['application/octet-stream', 'image/jpeg', undefined]) {
        const uploadURL = await newUploadUrl(t, cookie);
        const put = await putBytes(t, uploadURL, makePng(), contentType);
        expect(put.statusCode, `${contentType}: ${put.body}`).toBe(200);
      }
    });
  });

  describe('PUT <uploadURL> refusals', () => {
    it('answers 413 JSON for a body over 10 MB (10485761 bytes) and stores nothing', async () => {
      const uploadURL = await newUploadUrl(t, cookie);
      const put = await putBytes(t, uploadURL, pngOfSize(10_485_761));
      expect(put.statusCode).toBe(413);
      expect(put.json()).toEqual({ message: expect.any(String) });
      expect((await attach(t, cookie, uploadURL)).statusCode).toBe(404);
      expect(existsSync(path.join(t.dataDir, 'uploads', idOf(uploadURL)))).toBe(false);
    });

    it('answers 415 JSON for bytes that are not an image, whatever the declared type', async () => {
      const cases: Array<[Buffer, string]> = [
        [Buffer.from('just some text, not a picture'), 'text/plain'],
        [Buffer.from('plain text pretending to be a png'), 'image/png'],
        [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image/svg+xml'],
        [Buffer.from('<html><script>alert(document.cookie)</script></html>'), 'image/png'],
        [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n', 'latin1'), 'image/png'],
        [makePng().subarray(0, 8), 'image/png'],
      ];
      for (const [body, contentType] of cases) {
        const uploadURL = await newUploadUrl(t, cookie);
        const put = await putBytes(t, uploadURL, body, contentType);
        expect(put.statusCode, `${contentType} ${body.subarray(0, 20).toString()}`).toBe(415);
        expect(put.json()).toEqual({ message: expect.any(String) });
        expect((await attach(t, cookie, uploadURL)).statusCode).toBe(404);
      }
    });

    it('answers 400 JSON for an empty body', async () => {
      for (const contentType of ['image/png', 'application/octet-stream', undefined]) {
        const uploadURL = await newUploadUrl(t, cookie);
        const put = await putBytes(t, uploadURL, Buffer.alloc(0), contentType);
        expect(put.statusCode, String(contentType)).toBe(400);
        expect(put.json()).toEqual({ message: expect.any(String) });
      }
    });

    it('answers 403 JSON for a wrong, missing or foreign signature', async () => {
      const uploadURL = await newUploadUrl(t, cookie);
      const url = new URL(uploadURL, 'http://localhost');
      const id = idOf(uploadURL);
      const expires = url.searchParams.get('expires')!;
      const signature = url.searchParams.get('signature')!;
      const otherId = idOf(await newUploadUrl(t, cookie));
      const flipped = signature.slice(0, -1) + (signature.endsWith('A') ? 'B' : 'A');
      const refused = [
        `/api/objects/upload/${id}?expires=${expires}&signature=${flipped}`,
        `/api/objects/upload/${id}?expires=${expires}&signature=`,
        `/api/objects/upload/${id}?expires=${expires}`,
        `/api/objects/upload/${id}?signature=${signature}`,
        `/api/objects/upload/${id}`,
        // A signature is bound to its object id and its expiry time.
        `/api/objects/upload/${otherId}?expires=${expires}&signature=${signature}`,
        `/api/objects/upload/${id}?expires=${Number(expires) + 3_600_000}&signature=${signature}`,
      ];
      for (const target of refused) {
        const put = await putBytes(t, target, makePng());
        expect(put.statusCode, target).toBe(403);
        expect(put.json(), target).toEqual({ message: expect.any(String) });
      }
      // Nothing was stored by the refused attempts; the genuine URL still works afterwards.
      expect(readdirSync(t.dataDir).includes('uploads') ? readdirSync(path.join(t.dataDir, 'uploads')) : []).not.toContain(id);
      expect((await putBytes(t, uploadURL, makePng())).statusCode).toBe(200);
    });

    it('answers 403 JSON once the upload URL has expired', async () => {
      const uploadURL = await newUploadUrl(t, cookie);
      const expires = Number(new URL(uploadURL, 'http://localhost').searchParams.get('expires'));
      const now = vi.spyOn(Date, 'now').mockReturnValue(expires + 1);
      try {
        const put = await putBytes(t, uploadURL, makePng());
        expect(put.statusCode).toBe(403);
        expect(put.json().message).toMatch(/expired/i);
      } finally {
        now.mockRestore();
      }
      // Just before expiry it is still good.
      const justInTime = vi.spyOn(Date, 'now').mockReturnValue(expires - 1);
      try {
        expect((await putBytes(t, uploadURL, makePng())).statusCode).toBe(200);
      } finally {
        justInTime.mockRestore();
      }
    });

    it('answers 409 when an upload URL is used a second time, and keeps the first bytes', async () => {
      const first = makePng([10, 20, 30]);
      const uploadURL = await newUploadUrl(t, cookie);
      expect((await putBytes(t, uploadURL, first)).statusCode).toBe(200);
      const again = await putBytes(t, uploadURL, makePng([200, 100, 0]));
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: expect.any(String) });
      const served = await t.app.inject({ url: `/objects/uploads/${idOf(uploadURL)}` });
      expect(served.rawPayload.equals(first)).toBe(true);
    });

    it("lets exactly one of two simultaneous uploads to the same URL win, and serves the winner's bytes", async () => {
      const uploadURL = await newUploadUrl(t, cookie);
      const small = makePng([1, 1, 1], 1);
      const large = makePng([2, 2, 2], 64);
      const answers = await Promise.all([putBytes(t, uploadURL, small), putBytes(t, uploadURL, large)]);
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses).toEqual([200, 409]);
      const winner = answers[0]!.statusCode === 200 ? small : large;
      const served = await t.app.inject({ url: `/objects/uploads/${idOf(uploadURL)}` });
      expect(served.statusCode).toBe(200);
      expect(Number(served.headers['content-length'])).toBe(winner.length);
      expect(served.rawPayload.equals(winner)).toBe(true);
    });

    it('releases the upload URL when the storage write fails, so that the author can retry it', async () => {
      let failNext = true;
      const flaky: ObjectStorage = {
        put: async (key, body, contentType) => {
          if (failNext) {
            failNext = false;
            throw new Error('storage unavailable');
          }
          return local.put(key, body, contentType);
        },
        get: (key) => local.get(key),
        delete: (key) => local.delete(key),
      };
      const flakyApp = await createTestApp({}, { storage: flaky });
      const local: ObjectStorage = new LocalStorage(flakyApp.dataDir);
      try {
        const flakyCookie = await adminCookie(flakyApp.app);
        const uploadURL = await newUploadUrl(flakyApp, flakyCookie);
        const png = makePng([7, 7, 7]);
        const failed = await putBytes(flakyApp, uploadURL, png);
        expect(failed.statusCode).toBe(500);
        expect(failed.json()).toEqual({ message: 'Internal Server Error' });
        expect((await attach(flakyApp, flakyCookie, uploadURL)).statusCode).toBe(404);

        const retried = await putBytes(flakyApp, uploadURL, png);
        expect(retried.statusCode).toBe(200);
        const served = await flakyApp.app.inject({ url: retried.json<{ objectPath: string }>().objectPath });
        expect(served.rawPayload.equals(png)).toBe(true);
      } finally {
        await flakyApp.close();
      }
    });

    it('answers 4xx (never 5xx) for an object id that is not a uuid', async () => {
      for (const target of [
        '/api/objects/upload/not-a-uuid?expires=1&signature=x',
        '/api/objects/upload/..%2f..%2fetc%2fpasswd?expires=1&signature=x',
      ]) {
        const put = await putBytes(t, target, makePng());
        expect(put.statusCode, target).toBeGreaterThanOrEqual(400);
        expect(put.statusCode, target).toBeLessThan(500);
        expect(put.json()).toEqual({ message: expect.any(String) });
      }
    });
  });

  describe('PUT /api/objects/upload (attach)', () => {
    it('answers 401 JSON without an admin session', async () => {
      const uploadURL = await newUploadUrl(t, cookie);
      expect((await putBytes(t, uploadURL, makePng())).statusCode).toBe(200);
      const response = await attach(t, undefined, uploadURL);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: expect.any(String) });
    });

    it('accepts the absolute form of the upload URL too', async () => {
      const uploadURL = await newUploadUrl(t, cookie);
      expect((await putBytes(t, uploadURL, makePng())).statusCode).toBe(200);
      const response = await attach(t, cookie, `http://localhost:3000${uploadURL}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ objectPath: `/objects/uploads/${idOf(uploadURL)}` });
    });

    it('answers 400 JSON for a URL that is not an upload URL of this site', async () => {
      for (const bannerImageURL of [
        'https://evil.example/picture.png',
        '/objects/uploads/not-an-id',
        'javascript:alert(1)',
        '   ',
      ]) {
        const response = await attach(t, cookie, bannerImageURL);
        expect(response.statusCode, bannerImageURL).toBe(400);
        expect(response.json()).toEqual({ message: expect.any(String) });
      }
    });

    it('answers 400 JSON for a missing or non-string bannerImageURL', async () => {
      for (const payload of [{}, { bannerImageURL: 42 }, { bannerImageURL: null }]) {
        const response = await t.app.inject({ method: 'PUT', url: '/api/objects/upload', headers: { cookie }, payload });
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json()).toEqual({ message: expect.any(String) });
      }
    });

    it('answers 404 JSON for an upload URL that was never uploaded to', async () => {
      const uploadURL = await newUploadUrl(t, cookie);
      const response = await attach(t, cookie, uploadURL);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: expect.any(String) });
    });
  });

  describe('GET /objects/uploads/:id', () => {
    it('answers 404 JSON for unknown ids, non-uuids and path-traversal attempts', async () => {
      const targets = [
        '/objects/uploads/00000000-0000-4000-8000-000000000000',
        '/objects/uploads/not-a-uuid',
        '/objects/uploads/..%2f..%2fetc%2fpasswd',
        '/objects/uploads/..%2F..%2F..%2Fetc%2Fpasswd',
        '/objects/uploads/%2e%2e%2f%2e%2e%2fpackage.json',
        '/objects/uploads/..',
        `/objects/uploads/${'a'.repeat(36)}`,
      ];
      for (const target of targets) {
        const response = await t.app.inject({ url: target });
        expect(response.statusCode, target).toBe(404);
        expect(response.headers['content-type'], target).toMatch(/^application\/json/);
        expect(response.json(), target).toEqual({ message: expect.any(String) });
      }
    });

    it('answers 404 JSON when the bytes are gone from storage, instead of failing', async () => {
      const objectPath = await uploadImage(t, cookie, makePng());
      const id = objectPath.split('/').pop()!;
      rmSync(path.join(t.dataDir, 'uploads', id));
      const response = await t.app.inject({ url: objectPath });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: expect.any(String) });
    });

    it('serves an upload to visitors without a session, also by its upper-case id', async () => {
      const png = makePng([9, 9, 9]);
      const objectPath = await uploadImage(t, cookie, png);
      const visitor = await t.app.inject({ url: objectPath });
      expect(visitor.statusCode).toBe(200);
      expect(visitor.rawPayload.equals(png)).toBe(true);
      const upper = await t.app.inject({ url: objectPath.replace(/[0-9a-f-]{36}$/, (id) => id.toUpperCase()) });
      expect(upper.statusCode).toBe(200);
      expect(upper.rawPayload.equals(png)).toBe(true);
    });
  });

  describe('GET /objects/uploads/:id/:width.webp (resized copies)', () => {
    it('serves 480, 960 and 1600 pixel wide WebP copies of a large photo, much smaller than the original, cached for good', async () => {
      const photo = await makeJpeg(2400, 1200);
      const objectPath = await uploadImage(t, cookie, photo);
      for (const width of [480, 960, 1600]) {
        const copy = await t.app.inject({ url: `${objectPath}/${width}.webp` });
        expect(copy.statusCode, copy.body).toBe(200);
        expect(copy.headers['content-type']).toBe('image/webp');
        expect(String(copy.headers['cache-control'])).toContain('immutable');
        expect(isWebp(copy.rawPayload)).toBe(true);
        expect(await describeImage(copy.rawPayload)).toMatchObject({ format: 'webp', width, height: width / 2 });
        expect(copy.rawPayload.length).toBeLessThan(photo.length / 2);
      }
    });

    it('makes the copies when the image is uploaded, beside it in DATA_DIR/uploads', async () => {
      const objectPath = await uploadImage(t, cookie, await makeJpeg(1000, 500));
      const id = objectPath.split('/').pop()!;
      const stored = readdirSync(path.join(t.dataDir, 'uploads')).filter((name) => name.startsWith(id));
      expect(stored.sort()).toEqual([id, `${id}.w1600.webp`, `${id}.w480.webp`, `${id}.w960.webp`]);
      const onDisk = readFileSync(path.join(t.dataDir, 'uploads', `${id}.w480.webp`));
      expect((await t.app.inject({ url: `${objectPath}/480.webp` })).rawPayload.equals(onDisk)).toBe(true);
    });

    it('records the upright size of each upload, and makes only the copies pages will offer', async () => {
      const photo = await uploadImage(t, cookie, await makeJpeg(800, 400, { orientation: 6 }));
      const small = await uploadImage(t, cookie, await makeJpeg(300, 200));
      const broken = await uploadImage(t, cookie, Buffer.concat([makePng().subarray(0, 33), Buffer.from('garbage')]));
      const rows = await t.db.select().from(uploads);
      const sizeOf = (objectPath: string) => {
        const row = rows.find((upload) => upload.id === objectPath.split('/').pop());
        return { width: row?.width, height: row?.height };
      };
      expect(sizeOf(photo)).toEqual({ width: 400, height: 800 });
      expect(sizeOf(small)).toEqual({ width: 300, height: 200 });
      expect(sizeOf(broken)).toEqual({ width: null, height: null });
      const filesOf = (objectPath: string) => {
        const id = objectPath.split('/').pop()!;
        return readdirSync(path.join(t.dataDir, 'uploads'))
          .filter((name) => name.startsWith(id))
          .map((name) => name.slice(id.length))
          .sort();
      };
      // A 300 pixel image is offered as one 300 pixel copy (named 480); a 400 pixel one likewise.
      expect(filesOf(small)).toEqual(['', '.w480.webp']);
      expect(filesOf(photo)).toEqual(['', '.w480.webp']);
      expect(filesOf(broken)).toEqual(['']);
    });

    it('never enlarges a small image: its wider copies keep its own size', async () => {
      const objectPath = await uploadImage(t, cookie, await makeJpeg(700, 350));
      expect(await describeImage((await t.app.inject({ url: `${objectPath}/480.webp` })).rawPayload)).toMatchObject({
        width: 480,
      });
      for (const width of [960, 1600]) {
        expect(await describeImage((await t.app.inject({ url: `${objectPath}/${width}.webp` })).rawPayload)).toMatchObject({
          width: 700,
          height: 350,
        });
      }
    });

    it('turns a phone photo upright by its EXIF orientation and drops its metadata (camera, location)', async () => {
      // Stored 800 x 400 with "rotate 90 degrees clockwise to view": upright it is 400 wide, 800 tall.
      const photo = await makeJpeg(800, 400, { orientation: 6 });
      expect(await sharp(photo).metadata()).toMatchObject({ width: 800, height: 400, orientation: 6 });
      expect((await describeImage(photo)).hasExif).toBe(true);
      const objectPath = await uploadImage(t, cookie, photo);
      const copy = await describeImage((await t.app.inject({ url: `${objectPath}/960.webp` })).rawPayload);
      expect(copy).toMatchObject({ width: 400, height: 800, hasExif: false });
    });

    it('stores a phone photo without its metadata (camera, location), pixel for pixel, keeping only its orientation', async () => {
      const plain = await makeJpeg(800, 400, { orientation: 6 });
      const photo = await sharp(plain)
        .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Model 7', Artist: 'Amara' } })
        .keepMetadata()
        .jpeg({ quality: 92 })
        .toBuffer();
      const sent = await sharp(photo).metadata();
      expect(sent.exif?.toString('latin1')).toContain('PhoneMaker');
      expect(sent.orientation).toBe(6);
      const objectPath = await uploadImage(t, cookie, photo);
      const served = await t.app.inject({ url: objectPath });
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.rawPayload.includes('PhoneMaker')).toBe(false);
      expect(served.rawPayload.includes('Amara')).toBe(false);
      // Not re-encoded: the same pixels, still turned upright by the one tag it keeps.
      const stored = await sharp(served.rawPayload).metadata();
      expect(stored).toMatchObject({ format: 'jpeg', width: 800, height: 400, orientation: 6 });
      const pixels = (bytes: Buffer) => sharp(bytes).raw().toBuffer();
      expect((await pixels(served.rawPayload)).equals(await pixels(photo))).toBe(true);
      expect(served.rawPayload.length).toBeLessThan(photo.length);
      const [row] = await t.db
        .select()
        .from(uploads)
        .where(eq(uploads.id, objectPath.split('/').pop()!));
      expect(row).toMatchObject({ size: served.rawPayload.length, width: 400, height: 800 });
    });

    it('stores a PNG without its XMP metadata, pixel for pixel the same', async () => {
      const plain = await makeJpeg(64, 32).then((jpeg) => sharp(jpeg).png().toBuffer());
      const tagged = await sharp(plain)
        .withXmp(
          '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="Secret Person"/></rdf:RDF></x:xmpmeta>',
        )
        .png()
        .toBuffer();
      expect((await sharp(tagged).metadata()).xmp).toBeDefined();
      const served = (await t.app.inject({ url: await uploadImage(t, cookie, tagged) })).rawPayload;
      expect(served.includes('Secret Person')).toBe(false);
      expect((await sharp(served).metadata()).xmp).toBeUndefined();
      const pixels = (bytes: Buffer) => sharp(bytes).raw().toBuffer();
      expect((await pixels(served)).equals(await pixels(plain))).toBe(true);
    });

    it('keeps an animated GIF animated', async () => {
      const objectPath = await uploadImage(t, cookie, await makeAnimatedGif());
      const copy = await describeImage((await t.app.inject({ url: `${objectPath}/480.webp` })).rawPayload);
      expect(copy).toMatchObject({ format: 'webp', width: 480, pages: 2 });
    });

    it('makes a missing copy when it is first asked for (uploads from before copies existed), and keeps it', async () => {
      const objectPath = await uploadImage(t, cookie, await makeJpeg(1200, 600));
      const id = objectPath.split('/').pop()!;
      const file = path.join(t.dataDir, 'uploads', `${id}.w960.webp`);
      rmSync(file);
      const copy = await t.app.inject({ url: `${objectPath}/960.webp` });
      expect(copy.statusCode).toBe(200);
      expect(await describeImage(copy.rawPayload)).toMatchObject({ format: 'webp', width: 960 });
      expect(readFileSync(file).equals(copy.rawPayload)).toBe(true);
    });

    it('serves the original when an image cannot be decoded, and the upload itself still succeeds', async () => {
      // A PNG signature and header followed by garbage: an image by its content, but not decodable.
      const broken = Buffer.concat([makePng().subarray(0, 33), Buffer.from('this is not compressed image data')]);
      const objectPath = await uploadImage(t, cookie, broken);
      const copy = await t.app.inject({ url: `${objectPath}/480.webp` });
      expect(copy.statusCode).toBe(200);
      expect(copy.headers['content-type']).toBe('image/png');
      expect(copy.rawPayload.equals(broken)).toBe(true);
    });

    it('are offered by a post showing the image, with their true widths and the image size', async () => {
      const wide = await uploadImage(t, cookie, await makeJpeg(1200, 600));
      const narrow = await uploadImage(t, cookie, await makeJpeg(300, 150));
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/blog-posts',
        headers: { cookie },
        payload: postPayload({
          title: 'Pictures from the field',
          slug: 'pictures-from-the-field',
          content: `![Wide view](${wide})\n\n![Detail](${narrow})\n\n![Elsewhere](https://images.example/x.png)`,
        }),
      });
      expect(created.statusCode, created.body).toBe(201);
      // The page renders through the same PostReader (services/posts/post-reader.ts).
      const html = (await t.app.inject({ url: '/api/blog-posts/pictures-from-the-field' })).json<{ html: string }>().html;
      {
        expect(html).toContain(
          `<img src="${wide}" alt="Wide view" loading="lazy" decoding="async" srcset="${wide}/480.webp 480w, ${wide}/960.webp 960w, ${wide}/1600.webp 1200w" sizes="(min-width: 48rem) 46rem, calc(100vw - 2rem)" width="1200" height="600">`,
        );
        expect(html).toContain(
          `<img src="${narrow}" alt="Detail" loading="lazy" decoding="async" srcset="${narrow}/480.webp 300w" sizes="min(calc(100vw - 2rem), 300px)" width="300" height="150">`,
        );
        expect(html).toContain('<img src="https://images.example/x.png" alt="Elsewhere" loading="lazy" decoding="async">');
      }
    });

    it('answers 404 JSON for widths not offered, other file names, unknown ids and missing originals', async () => {
      const objectPath = await uploadImage(t, cookie, await makeJpeg(600, 300));
      const gone = await uploadImage(t, cookie, await makeJpeg(600, 300));
      const goneId = gone.split('/').pop()!;
      for (const name of readdirSync(path.join(t.dataDir, 'uploads')).filter((file) => file.startsWith(goneId))) {
        rmSync(path.join(t.dataDir, 'uploads', name));
      }
      const targets = [
        `${objectPath}/500.webp`,
        `${objectPath}/0.webp`,
        `${objectPath}/480.png`,
        `${objectPath}/480`,
        `${objectPath}/..%2f..%2fpackage.json`,
        `${objectPath}/480.webp.webp`,
        '/objects/uploads/00000000-0000-4000-8000-000000000000/480.webp',
        '/objects/uploads/not-a-uuid/480.webp',
        `${gone}/480.webp`,
      ];
      for (const target of targets) {
        const response = await t.app.inject({ url: target });
        expect(response.statusCode, target).toBe(404);
        expect(response.json(), target).toEqual({ message: expect.any(String) });
      }
    });
  });

  describe('image bombs (more pixels than the server decodes)', () => {
    /** Every file stored under an upload's id: the original and its copies. */
    const storedFor = (id: string) =>
      existsSync(path.join(t.dataDir, 'uploads'))
        ? readdirSync(path.join(t.dataDir, 'uploads')).filter((name) => name.startsWith(id))
        : [];

    /** PUTs the bytes and checks the refusal: 422 JSON, no row, no file, nothing to attach. */
    async function expectRefused(bytes: Buffer, message: RegExp) {
      const uploadURL = await newUploadUrl(t, cookie);
      const put = await putBytes(t, uploadURL, bytes);
      expect(put.statusCode, put.body).toBe(422);
      expect(put.headers['content-type']).toMatch(/^application\/json/);
      expect(put.json()).toEqual({ message: expect.stringMatching(message) });
      expect(put.json<{ message: string }>().message).toMatch(/at most 40 megapixels/);
      const id = idOf(uploadURL);
      expect(await t.db.select().from(uploads).where(eq(uploads.id, id))).toEqual([]);
      expect(storedFor(id)).toEqual([]);
      expect((await attach(t, cookie, uploadURL)).statusCode).toBe(404);
    }

    it('a 16000x16000 PNG with an EXIF orientation is refused before decoding (image bomb)', async () => {
      const bomb = pngBomb(16000, 16000, { orientation: 6 });
      expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({
        width: 16000,
        height: 16000,
        orientation: 6,
      });
      // Its pixel data is one short row: had anything decoded it, the decode would have failed and
      // the upload been stored as sent (the old fallback). The 422 comes from the header alone.
      await expectRefused(bomb, /16000 x 16000 pixels \(256 megapixels\)/);
    });

    it('a 30000x30000 PNG is refused; no copy address ever serves it', async () => {
      const bomb = pngBomb(30000, 30000);
      await expectRefused(bomb, /30000 x 30000 pixels/);

      // One stored before the limit held at upload: its copies answer 404, never its bytes.
      const id = randomUUID();
      await t.db.insert(uploads).values({ id, contentType: 'image/png', size: bomb.length });
      await new LocalStorage(t.dataDir).put(id, bomb);
      for (const width of [480, 960, 1600]) {
        const copy = await t.app.inject({ url: `/objects/uploads/${id}/${width}.webp` });
        expect(copy.statusCode, copy.body).toBe(404);
        expect(copy.headers['content-type']).toMatch(/^application\/json/);
        expect(copy.json()).toEqual({ message: expect.any(String) });
        expect(copy.rawPayload.includes(bomb.subarray(0, 24))).toBe(false);
        expect(String(copy.headers['cache-control'] ?? '')).not.toContain('immutable');
      }
      expect(storedFor(id)).toEqual([id]);
    });

    it('counts every frame of an animation: 3 frames of 4000x4000 (48 megapixels in all) are refused', async () => {
      await expectRefused(gifBomb(4000, 4000, 3), /3 frames of 4000 x 4000 pixels \(48 megapixels in all\)/);
    });

    it('accepts exactly 40 megapixels (8000x5000) and refuses one row more (8000x5001)', async () => {
      const uploadURL = await newUploadUrl(t, cookie);
      const put = await putBytes(t, uploadURL, pngBomb(8000, 5000));
      expect(put.statusCode, put.body).toBe(200);
      const [row] = await t.db
        .select()
        .from(uploads)
        .where(eq(uploads.id, idOf(uploadURL)));
      expect(row).toMatchObject({ width: 8000, height: 5000 });
      await expectRefused(pngBomb(8000, 5001), /8000 x 5001 pixels/);
    });
  });
});

/** s3rver is CommonJS without type declarations; this is the part of its API the tests use. */
interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: {
  port: number;
  address: string;
  silent: boolean;
  directory: string;
  configureBuckets: Array<{ name: string }>;
}) => S3rverInstance;
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverConstructor;

describe('uploads on S3-compatible storage (s3rver on loopback)', () => {
  const bucket = 'test-bucket';
  let s3dir: string;
  let s3server: S3rverInstance;
  let s3: S3Client;
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    s3dir = mkdtempSync(path.join(tmpdir(), 'folio-s3rver-'));
    s3server = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: s3dir,
      configureBuckets: [{ name: bucket }],
    });
    const { port } = await s3server.run();
    // Configured as an operator would: through the environment.
    const env = {
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    };
    const config = loadConfig({ NODE_ENV: 'test', ...env });
    const storage = createStorage({ dataDir: config.dataDir, s3: config.s3 });
    expect(storage).toBeInstanceOf(S3Storage);
    t = await createTestApp(env, { storage });
    cookie = await adminCookie(t.app);
    s3 = new S3Client({
      region: 'us-east-1',
      endpoint: env.S3_ENDPOINT,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
  });
  afterAll(async () => {
    s3?.destroy();
    await t?.close();
    await s3server?.close();
    if (s3dir) rmSync(s3dir, { recursive: true, force: true });
  });

  it('round-trips the bytes through the bucket, under uploads/<uuid>, and nothing lands on local disk', async () => {
    const png = makePng([0x33, 0x66, 0x99], 5);
    const objectPath = await uploadImage(t, cookie, png);
    const id = objectPath.split('/').pop()!;
    expect(id).toMatch(UUID);

    const served = await t.app.inject({ url: objectPath });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(png)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
    expect(String(served.headers['cache-control'])).toContain('immutable');

    const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: `uploads/${id}` }));
    expect(object.ContentType).toBe('image/png');
    expect(Buffer.from(await object.Body!.transformToByteArray()).equals(png)).toBe(true);

    const listed = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: 'uploads/' }));
    expect(listed.Contents?.map((o) => o.Key)).toContain(`uploads/${id}`);
    expect(existsSync(path.join(t.dataDir, 'uploads'))).toBe(false);
  });

  it('keeps the resized WebP copies in the bucket beside the upload and serves them from there', async () => {
    const objectPath = await uploadImage(t, cookie, await makeJpeg(1000, 500));
    const id = objectPath.split('/').pop()!;
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: `uploads/${id}` }));
    expect(listed.Contents?.map((o) => o.Key).sort()).toEqual([
      `uploads/${id}`,
      `uploads/${id}.w1600.webp`,
      `uploads/${id}.w480.webp`,
      `uploads/${id}.w960.webp`,
    ]);
    const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: `uploads/${id}.w480.webp` }));
    expect(object.ContentType).toBe('image/webp');
    const served = await t.app.inject({ url: `${objectPath}/480.webp` });
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload.equals(Buffer.from(await object.Body!.transformToByteArray()))).toBe(true);

    // A copy missing from the bucket is made again and stored there.
    await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: `uploads/${id}.w960.webp` }));
    const remade = await t.app.inject({ url: `${objectPath}/960.webp` });
    expect(await describeImage(remade.rawPayload)).toMatchObject({ format: 'webp', width: 960 });
    const again = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: `uploads/${id}.w960.webp` }));
    expect(Buffer.from(await again.Body!.transformToByteArray()).equals(remade.rawPayload)).toBe(true);
  });

  it('stores nothing in the bucket for refused uploads', async () => {
    const before = await s3.send(new ListObjectsV2Command({ Bucket: bucket }));
    const uploadURL = await newUploadUrl(t, cookie);
    expect((await putBytes(t, uploadURL, Buffer.from('not an image'))).statusCode).toBe(415);
    const after = await s3.send(new ListObjectsV2Command({ Bucket: bucket }));
    expect(after.KeyCount ?? 0).toBe(before.KeyCount ?? 0);
  });

  it('refuses an image bomb with 422 and stores nothing in the bucket', async () => {
    const before = await s3.send(new ListObjectsV2Command({ Bucket: bucket }));
    const uploadURL = await newUploadUrl(t, cookie);
    const put = await putBytes(t, uploadURL, pngBomb(16000, 16000, { orientation: 6 }));
    expect(put.statusCode, put.body).toBe(422);
    expect(put.json()).toEqual({ message: expect.stringContaining('16000 x 16000') });
    const after = await s3.send(new ListObjectsV2Command({ Bucket: bucket }));
    expect(after.KeyCount ?? 0).toBe(before.KeyCount ?? 0);
    expect((await attach(t, cookie, uploadURL)).statusCode).toBe(404);
  });

  it('answers 404 JSON when the object is missing from the bucket', async () => {
    const objectPath = await uploadImage(t, cookie, makePng());
    const id = objectPath.split('/').pop()!;
    await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: `uploads/${id}` }));
    const response = await t.app.inject({ url: objectPath });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });
});
