import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IMPORT_MAX_BYTES, importQuerySchema, oldAddressListSchema, siteImportResultSchema } from '../../shared/backup.ts';
import { apiRoutes } from '../../shared/routes.ts';
import { HttpError } from '../errors.ts';
import { PRIVATE_CACHE } from '../http/cache-headers.ts';
import { requireAdmin } from '../http/session.ts';
import type { OldAddresses, SiteDataService } from '../services/site-data/index.ts';

/**
 * `GET /api/admin/export` (the backup zip, streamed) and `POST /api/admin/import` (the file as the
 * raw body, whatever its type: the service recognises it by its content). Admin only.
 */
export const siteDataRoutes: FastifyPluginAsyncZod<{ siteData: SiteDataService; oldAddresses: OldAddresses }> = async (
  app,
  { siteData, oldAddresses },
) => {
  app.addHook('onRequest', requireAdmin);

  // The old addresses of imported posts, each answered 301 to its post: listed for the author.
  app.get(apiRoutes.oldAddresses, { schema: { response: { 200: oldAddressListSchema } } }, async (_request, reply) => {
    reply.header('cache-control', PRIVATE_CACHE);
    return { addresses: await oldAddresses.list() };
  });

  app.get('/api/admin/export', async (_request, reply) => {
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="folio-backup-${day}.zip"`)
      .header('cache-control', PRIVATE_CACHE)
      .send(await siteData.exportArchive());
  });

  // The body is handed over as the stream it arrives as: the service writes it to disk.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  app.post(
    '/api/admin/import',
    { bodyLimit: IMPORT_MAX_BYTES, schema: { querystring: importQuerySchema, response: { 200: siteImportResultSchema } } },
    async (request, reply) => {
      const declared = Number(request.headers['content-length']);
      if (declared > IMPORT_MAX_BYTES) throw new HttpError(413, 'The file is larger than 500 MB');
      if (!request.body) throw new HttpError(400, 'Send the file as the request body');
      // The idle limit is for a stalled upload: once the file is in, the server works on it (minutes
      // for 500 MB) with nothing to send until the answer; a client leaving is caught below.
      const { socket } = request.raw;
      (request.body as Readable).once('end', () => {
        // An injected request (tests) has a stand-in socket without timers.
        if (typeof socket.setTimeout === 'function') socket.setTimeout(0);
      });
      // A client that leaves stops its import (rolled back): no one is waiting for its answer.
      const left = new AbortController();
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) left.abort(new HttpError(400, 'The connection closed: the import was stopped'));
      });
      return siteData.importFile(request.body as Readable, left.signal, { from: request.query.from || undefined });
    },
  );
};
