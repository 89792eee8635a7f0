import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '../../shared/fields.ts';
import { apiRoutes } from '../../shared/routes.ts';
import { SITE_LIMITS, siteDocumentSchema, siteRevisionSchema } from '../../shared/site.ts';
import { HttpError } from '../errors.ts';
import { PRIVATE_CACHE } from '../http/cache-headers.ts';
import { requireAdmin } from '../http/session.ts';
import type { SiteService } from '../services/site/index.ts';

const idParams = z.object({ id: text().min(1).max(100) });

/**
 * The site document (DESIGN.md "make it yours"): anyone reads it, the author saves it whole. The
 * pages read it through the renderer; a save empties every instance's page cache (trigger).
 */
export const siteRoutes: FastifyPluginAsyncZod<{ site: SiteService }> = async (app, { site }) => {
  app.get(apiRoutes.site, { schema: { response: { 200: siteDocumentSchema } } }, async () => site.get());

  await app.register(async (plugin) => {
    const admin = plugin.withTypeProvider<ZodTypeProvider>();
    admin.addHook('onRequest', requireAdmin);
    admin.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', PRIVATE_CACHE);
    });
    admin.put(
      apiRoutes.adminSite,
      // The lists and fields are capped by the schema (a 400 names the one too long, within the
      // server's 1 MB body limit); the document as a whole by its size.
      { schema: { body: siteDocumentSchema, response: { 200: siteDocumentSchema } } },
      async (request) => {
        if (Buffer.byteLength(JSON.stringify(request.body)) > SITE_LIMITS.bytes) {
          throw new HttpError(413, `The site document is larger than ${SITE_LIMITS.bytes / 1024} KB: shorten its longest lists`);
        }
        return site.save(request.body);
      },
    );
    admin.get(apiRoutes.siteRevisions, { schema: { response: { 200: z.array(siteRevisionSchema) } } }, async () =>
      site.revisions(),
    );
    admin.get(apiRoutes.siteRevision, { schema: { params: idParams, response: { 200: siteDocumentSchema } } }, async (request) =>
      site.revision(request.params.id),
    );
    admin.post(
      apiRoutes.siteRevisionRestore,
      { schema: { params: idParams, response: { 200: siteDocumentSchema } } },
      async (request) => site.restore(request.params.id),
    );
  });
};
