import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addPasskeySchema,
  passkeySummarySchema,
  recoveryCodesSchema,
  requirePasskeySchema,
  securityOverviewSchema,
} from '../../shared/security.ts';
import { apiRoutes } from '../../shared/routes.ts';
import { endOtherSessions, requireAdmin } from '../http/session.ts';
import type { PasskeyService, SessionStore } from '../services/auth/index.ts';

/** `/admin/security`'s API: the author's passkeys, recovery codes and `Require a passkey`. */
export const securityRoutes: FastifyPluginAsyncZod<{
  passkeys: PasskeyService;
  /** The name an authenticator shows beside a new passkey: the site's. */
  siteName: () => Promise<string>;
  sessions: SessionStore;
  secureCookies: boolean;
}> = async (app, { passkeys, siteName, sessions, secureCookies }) => {
  app.addHook('onRequest', requireAdmin);
  // Nothing here may be kept by a browser or a proxy: recovery codes above all.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(apiRoutes.adminSecurity, { schema: { response: { 200: securityOverviewSchema } } }, () => passkeys.overview());

  app.post(apiRoutes.adminPasskeyOptions, async () => passkeys.registrationOptions(await siteName()));

  app.post(
    apiRoutes.adminPasskeys,
    { bodyLimit: 64 * 1024, schema: { body: addPasskeySchema, response: { 201: passkeySummarySchema } } },
    async (request, reply) =>
      reply.code(201).send(await passkeys.register(request.body.name, request.body.response as RegistrationResponseJSON)),
  );

  app.delete(apiRoutes.adminPasskey, { schema: { params: z.object({ id: z.uuid() }) } }, async (request, reply) => {
    await passkeys.remove(request.params.id);
    return reply.code(204).send();
  });

  app.put(
    apiRoutes.adminRequirePasskey,
    { schema: { body: requirePasskeySchema, response: { 200: securityOverviewSchema } } },
    async (request) => {
      await passkeys.setRequired(request.body.required);
      // Sessions opened by the password alone end with the requirement's start; this one stays.
      if (request.body.required) await endOtherSessions(sessions, request, secureCookies);
      return passkeys.overview();
    },
  );

  app.post(apiRoutes.adminRecoveryCodes, { schema: { response: { 200: recoveryCodesSchema } } }, async () => ({
    codes: await passkeys.newRecoveryCodes(),
  }));
};
