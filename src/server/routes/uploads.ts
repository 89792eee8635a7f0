import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ALLOWED_IMAGE_TYPES, MAX_UPLOAD_BYTES } from '../../shared/constants.ts';
import { isImageWidth, objectPathFor } from '../../shared/images.ts';
import { objectPathSchema, uploadAttachSchema, uploadParamsSchema } from '../../shared/uploads.ts';
import type { Database } from '../db/client.ts';
import { uploads } from '../db/schema.ts';
import { HttpError, badRequest, conflict, notFound } from '../errors.ts';
import { isUuid } from '../services/posts.ts';
import { requireAdmin } from '../services/session.ts';
import { ImageTooLargeError } from '../services/image-limits.ts';
import { prepareUpload, resizeToWebp, storeVariants } from '../services/images.ts';
import { type ObjectStorage, variantKey } from '../services/storage.ts';

/** How long an upload URL may be used after the admin asked for it. */
const UPLOAD_URL_TTL_MS = 15 * 60 * 1000;
const UPLOAD_PATH = /\/api\/objects\/upload\/([0-9a-f-]{36})(?:[?#]|$)/i;

export const uploadRoutes: FastifyPluginAsyncZod<{ db: Database; storage: ObjectStorage; secret: string }> = async (
  app,
  { db, storage, secret },
) => {
  const sign = (id: string, expires: number) =>
    createHmac('sha256', secret).update(`upload:${id}:${expires}`).digest('base64url');

  app.post('/api/objects/upload', { onRequest: requireAdmin, schema: { response: { 200: uploadParamsSchema } } }, async () => {
    const id = randomUUID();
    const expires = Date.now() + UPLOAD_URL_TTL_MS;
    // Relative, so it works whatever host name the admin reached the site by.
    return { uploadURL: `/api/objects/upload/${id}?expires=${expires}&signature=${sign(id, expires)}` };
  });

  // The signed URL is the credential: the browser PUTs the raw bytes here without a cookie.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES }, (_req, body, done) => done(null, body));
    raw.withTypeProvider<import('fastify-type-provider-zod').ZodTypeProvider>().put(
      '/api/objects/upload/:id',
      {
        bodyLimit: MAX_UPLOAD_BYTES,
        schema: {
          params: z.object({ id: z.uuid() }),
          // Optional here so that a missing signature is a 403 like a wrong one, not a 400.
          querystring: z.object({ expires: z.string().max(20).optional(), signature: z.string().max(100).optional() }),
          response: { 200: objectPathSchema },
        },
      },
      async (request) => {
        const { id } = request.params;
        const expires = Number(request.query.expires);
        const signature = request.query.signature ?? '';
        const expected = Buffer.from(sign(id, expires));
        const given = Buffer.from(signature);
        if (!Number.isSafeInteger(expires) || given.length !== expected.length || !timingSafeEqual(given, expected)) {
          throw new HttpError(403, 'Invalid upload signature');
        }
        if (expires < Date.now()) throw new HttpError(403, 'Request has expired');
        const body = request.body;
        if (!Buffer.isBuffer(body) || body.length === 0) throw badRequest('The upload is empty');
        const detected = await fileTypeFromBuffer(body);
        if (!detected || !(ALLOWED_IMAGE_TYPES as readonly string[]).includes(detected.mime)) {
          throw new HttpError(415, `Only images can be uploaded (${ALLOWED_IMAGE_TYPES.join(', ')})`);
        }
        // Refuses (422) an image of more pixels than the server decodes, before anything is stored.
        const { image, size } = await prepareUpload(body, request.log);
        // Claim the id before writing the bytes: of two simultaneous PUTs only one may write them.
        const claimed = await db
          .insert(uploads)
          .values({ id, contentType: detected.mime, size: image.length, width: size?.width, height: size?.height })
          .onConflictDoNothing()
          .returning({ id: uploads.id });
        if (!claimed.length) throw conflict('This upload URL has already been used');
        try {
          await storage.put(id, image, detected.mime);
        } catch (error) {
          // Release the claim so that the author can retry the same URL.
          await db.delete(uploads).where(eq(uploads.id, id));
          throw error;
        }
        await storeVariants(storage, id, image, size, request.log);
        return { objectPath: objectPathFor(id) };
      },
    );
  });

  app.put(
    '/api/objects/upload',
    { onRequest: requireAdmin, schema: { body: uploadAttachSchema, response: { 200: objectPathSchema } } },
    async (request) => {
      const id = UPLOAD_PATH.exec(request.body.bannerImageURL)?.[1]?.toLowerCase();
      if (!id) throw badRequest('bannerImageURL is not an upload URL of this site');
      const [stored] = await db.select({ id: uploads.id }).from(uploads).where(eq(uploads.id, id));
      if (!stored) throw notFound('Nothing has been uploaded to that URL');
      return { objectPath: objectPathFor(id) };
    },
  );

  /** The stored upload with this id (any case), or 404. */
  const findUpload = async (id: string) => {
    const [meta] = isUuid(id) ? await db.select().from(uploads).where(eq(uploads.id, id.toLowerCase())) : [];
    if (!meta) throw notFound('Object not found');
    return meta;
  };
  // Every stored object is named by a fresh id, so its bytes never change: caches may keep them.
  const serve = (reply: FastifyReply, contentType: string, body: Readable | Buffer) =>
    reply.header('content-type', contentType).header('cache-control', 'public, max-age=31536000, immutable').send(body);

  app.get('/objects/uploads/:id', { schema: { params: z.object({ id: z.string().max(100) }) } }, async (request, reply) => {
    const meta = await findUpload(request.params.id);
    const body = await storage.get(meta.id);
    if (!body) throw notFound('Object not found');
    return serve(reply.header('content-length', meta.size), meta.contentType, body);
  });

  app.get(
    '/objects/uploads/:id/:file',
    { schema: { params: z.object({ id: z.string().max(100), file: z.string().max(20) }) } },
    async (request, reply) => {
      const width = Number(/^([0-9]{1,4})\.webp$/.exec(request.params.file)?.[1]);
      if (!isImageWidth(width)) throw notFound('Object not found');
      const meta = await findUpload(request.params.id);
      const key = variantKey(meta.id, width);
      const stored = await storage.get(key);
      if (stored) return serve(reply, 'image/webp', stored);

      // Uploaded before resized copies were made, or making them failed then: make this one now.
      const original = await storage.get(meta.id);
      if (!original) throw notFound('Object not found');
      const bytes = await buffer(original);
      let copy: Buffer;
      try {
        copy = await resizeToWebp(bytes, width);
      } catch (error) {
        // Stored before the pixel limit held at upload: its bytes would be the same bomb for the
        // reader's browser, so no copy address serves them (the original keeps its own address).
        if (error instanceof ImageTooLargeError) {
          request.log.warn({ upload: meta.id, reason: error.message }, 'upload is over the pixel limit; it has no copies');
          throw notFound('This image has no resized copies');
        }
        // Damaged or unreadable data, not over the limit by its header: the original (served as its
        // own type) is all there is to show.
        request.log.warn({ err: error, upload: meta.id }, 'upload could not be resized; serving its original');
        return serve(reply, meta.contentType, bytes);
      }
      await storage.put(key, copy, 'image/webp');
      return serve(reply, 'image/webp', copy);
    },
  );
};
