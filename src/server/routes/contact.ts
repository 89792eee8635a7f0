import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactInputSchema } from '../../shared/contact.ts';
import type { Database } from '../db/client.ts';
import { contactMessages } from '../db/schema.ts';
import type { Mailer } from '../services/mailer.ts';

export const contactRoutes: FastifyPluginAsyncZod<{
  db: Database;
  mailer?: Mailer;
  writeGuard: (request: import('fastify').FastifyRequest) => Promise<void>;
}> = async (app, { db, mailer, writeGuard }) => {
  app.post(
    '/api/contact',
    { preHandler: writeGuard, schema: { body: contactInputSchema, response: { 201: z.object({ message: z.string() }) } } },
    async (request, reply) => {
      const { website, ...input } = request.body;
      const answer = { message: 'Thank you for your message.' };
      if (website) {
        request.log.info('contact honeypot filled; dropped');
        return reply.code(201).send(answer);
      }
      // Stored first: a failing mail server never loses a message.
      const [stored] = await db
        .insert(contactMessages)
        .values({ ...input, subject: input.subject || null })
        .returning({ id: contactMessages.id });
      if (mailer) {
        const id = stored!.id;
        // The visitor does not wait for the mail server; the outcome is recorded on the row.
        mailer
          .sendContactNotification(input)
          .then(() =>
            db
              .update(contactMessages)
              .set({ notifiedAt: sql`now()` })
              .where(eq(contactMessages.id, id)),
          )
          .catch(async (error: unknown) => {
            request.log.error({ err: error, id }, 'contact notification failed; message kept');
            await db
              .update(contactMessages)
              .set({ notifyError: String((error as Error)?.message ?? error).slice(0, 500) })
              .where(eq(contactMessages.id, id))
              .catch(() => undefined);
          });
      }
      return reply.code(201).send(answer);
    },
  );
};
