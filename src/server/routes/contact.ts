import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactInputSchema } from '../../shared/contact.ts';
import type { MessageService } from '../services/messages.ts';

export const contactRoutes: FastifyPluginAsyncZod<{
  messages: MessageService;
  writeGuard: (request: import('fastify').FastifyRequest) => Promise<void>;
}> = async (app, { messages, writeGuard }) => {
  app.post(
    '/api/contact',
    { preHandler: writeGuard, schema: { body: contactInputSchema, response: { 201: z.object({ message: z.string() }) } } },
    async (request, reply) => {
      const { website, ...input } = request.body;
      if (website) {
        // Honeypot filled: answered like a success so the bot learns nothing, stored nowhere.
        request.log.info('contact honeypot filled; dropped');
      } else {
        await messages.create(input);
      }
      return reply.code(201).send({ message: 'Thank you for your message.' });
    },
  );
};
