import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_UPLOAD_BYTES } from '../../shared/constants.ts';
import { isImageWidth } from '../../shared/images.ts';
import { objectPathSchema, uploadAttachSchema, uploadParamsSchema } from '../../shared/uploads.ts';
import { notFound } from '../errors.ts';
import { requireAdmin } from '../http/session.ts';
import type { StoredObject, UploadService } from '../services/uploads/index.ts';

// Every stored object is named by a fresh id, so its bytes never change: caches may keep them.
const serve = (reply: FastifyReply, object: StoredObject) => {
  if (object.size !== undefined) reply.header('content-length', object.size);
  return reply
    .header('content-type', object.contentType)
    .header('cache-control', 'public, max-age=31536000, immutable')
    .send(object.body);
};

export const uploadRoutes: FastifyPluginAsyncZod<{ uploads: UploadService }> = async (app, { uploads }) => {
  app.post('/api/objects/upload', { onRequest: requireAdmin, schema: { response: { 200: uploadParamsSchema } } }, async () => ({
    uploadURL: uploads.newUploadUrl(),
  }));

  // The signed URL is the credential: the browser PUTs the raw bytes here without a cookie.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES }, (_req, body, done) => done(null, body));
    raw.withTypeProvider<ZodTypeProvider>().put(
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
      async (request) => ({
        objectPath: await uploads.receive(request.params.id, request.query, request.body, request.log),
      }),
    );
  });

  app.put(
    '/api/objects/upload',
    { onRequest: requireAdmin, schema: { body: uploadAttachSchema, response: { 200: objectPathSchema } } },
    async (request) => ({ objectPath: await uploads.attach(request.body.bannerImageURL) }),
  );

  app.get('/objects/uploads/:id', { schema: { params: z.object({ id: z.string().max(100) }) } }, async (request, reply) =>
    serve(reply, await uploads.original(request.params.id)),
  );

  app.get(
    '/objects/uploads/:id/:file',
    { schema: { params: z.object({ id: z.string().max(100), file: z.string().max(20) }) } },
    async (request, reply) => {
      const width = Number(/^([0-9]{1,4})\.webp$/.exec(request.params.file)?.[1]);
      if (!isImageWidth(width)) throw notFound('Object not found');
      return serve(reply, await uploads.copy(request.params.id, width, request.log));
    },
  );
};
