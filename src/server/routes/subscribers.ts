import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  newsletterSendingListSchema,
  SUBSCRIBER_CSV_MAX_BYTES,
  subscriberImportQuerySchema,
  subscriberImportResultSchema,
  subscriberListQuerySchema,
  subscriberListSchema,
} from '../../shared/subscribers.ts';
import { apiRoutes } from '../../shared/routes.ts';
import { HttpError } from '../errors.ts';
import { PRIVATE_CACHE } from '../http/cache-headers.ts';
import { requireAdmin } from '../http/session.ts';
import type { SubscriberAdmin } from '../services/newsletter/index.ts';

/**
 * The author's subscribers and sendings (DESIGN.md "the newsletter"), admin only: the list with
 * its counts, removal, the CSV out and in, and each post's sending. Answered with or without SMTP
 * (a restored site has its subscribers), the list saying whether the site sends.
 */
export const subscriberRoutes: FastifyPluginAsyncZod<{ admin: SubscriberAdmin; enabled: boolean }> = async (
  app,
  { admin, enabled },
) => {
  app.addHook('onRequest', requireAdmin);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', PRIVATE_CACHE);
  });

  app.get(
    apiRoutes.adminSubscribers,
    { schema: { querystring: subscriberListQuerySchema, response: { 200: subscriberListSchema } } },
    async (request) => ({ enabled, ...(await admin.list(request.query)) }),
  );

  app.delete(apiRoutes.adminSubscriber, { schema: { params: z.object({ id: z.string().max(100) }) } }, async (request, reply) => {
    await admin.remove(request.params.id);
    return reply.code(204).send();
  });

  app.get(apiRoutes.adminSubscribersCsv, async (_request, reply) => {
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="subscribers-${day}.csv"`)
      .send(await admin.exportCsv());
  });

  app.get(apiRoutes.adminNewsletters, { schema: { response: { 200: newsletterSendingListSchema } } }, async () => ({
    enabled,
    sendings: await admin.sendings(),
  }));

  await app.register(csvImportRoute, { admin });
};

/** The CSV arrives as it is, whatever type the browser gives a .csv file: its own parser, in its own scope. */
const csvImportRoute: FastifyPluginAsyncZod<{ admin: SubscriberAdmin }> = async (app, { admin }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: SUBSCRIBER_CSV_MAX_BYTES }, (_request, body, done) =>
    done(null, body),
  );
  app.post(
    apiRoutes.adminSubscribersImport,
    {
      bodyLimit: SUBSCRIBER_CSV_MAX_BYTES,
      schema: { querystring: subscriberImportQuerySchema, response: { 200: subscriberImportResultSchema } },
    },
    async (request) => {
      if (typeof request.body !== 'string' || request.body.trim() === '')
        throw new HttpError(400, 'Send the CSV as the request body');
      return admin.importCsv(request.body, request.query.consent === 'true');
    },
  );
};
