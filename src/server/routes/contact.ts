import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactInputSchema } from '../../shared/contact.ts';
import { acceptFormPosts, isFormPost } from '../http/form-posts.ts';
import type { MessageService } from '../services/inbox/index.ts';

export const contactRoutes: FastifyPluginAsyncZod<{
  messages: MessageService;
  writeGuard: (request: import('fastify').FastifyRequest) => Promise<void>;
  /** Whether cookies go over https only (SITE_URL is https). */
  secureCookies: boolean;
}> = async (app, { messages, writeGuard, secureCookies }) => {
  // The footer's form works without script too: a plain POST, answered 303 back to its page.
  const answerForm = await acceptFormPosts(app, 'contact', secureCookies);

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
      if (isFormPost(request)) return answerForm(request, reply, 'sent');
      return reply.code(201).send({ message: 'Thank you for your message.' });
    },
  );
};
