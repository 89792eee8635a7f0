import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SUBSCRIBE_ANSWER, subscribeInputSchema } from '../../shared/newsletter.ts';
import { apiRoutes, pagePath, pageRoutes } from '../../shared/routes.ts';
import type { Mailer } from '../adapters/mailer.ts';
import { acceptFormPosts, isFormPost } from '../http/form-posts.ts';
import { confirmationMail, type SubscriberService } from '../services/newsletter/index.ts';

interface NewsletterRouteOptions {
  subscribers: SubscriberService;
  mailer: Mailer;
  from: string;
  siteUrl: string;
  siteName: () => Promise<string>;
  writeGuard: (request: FastifyRequest) => Promise<void>;
  secureCookies: boolean;
  log: { error(details: object, message: string): void };
}

/**
 * The readers' side of the newsletter (DESIGN.md), registered only with SMTP: subscribing (JSON,
 * or the footer's form without script, answered `303`), and the POSTs of the confirmation and
 * unsubscribe pages. A one-click unsubscribe (RFC 8058) is a POST from the reader's mail program:
 * no cookie, any body; a GET of either page changes nothing (routes/pages.ts shows them).
 */
export const newsletterRoutes: FastifyPluginAsync<NewsletterRouteOptions> = async (app, options) => {
  await app.register(subscribeRoute, options);
  await app.register(linkRoutes, options);
};

const subscribeRoute: FastifyPluginAsyncZod<NewsletterRouteOptions> = async (app, options) => {
  const answerForm = await acceptFormPosts(app, 'subscribe', options.secureCookies);
  app.post(
    apiRoutes.subscribe,
    {
      preHandler: options.writeGuard,
      schema: { body: subscribeInputSchema, response: { 202: z.object({ message: z.string() }) } },
    },
    async (request, reply) => {
      const { email, website } = request.body;
      if (website) request.log.info('subscribe honeypot filled; dropped');
      else {
        const asked = await options.subscribers.subscribe(email);
        // Sent after the answer: how long the answer takes says nothing about the address.
        if (asked) void sendConfirmation(options, asked.email, asked.token);
      }
      if (isFormPost(request)) return answerForm(request, reply, 'sent');
      return reply.code(202).send({ message: SUBSCRIBE_ANSWER });
    },
  );
};

async function sendConfirmation(options: NewsletterRouteOptions, to: string, token: string): Promise<void> {
  try {
    const sender = { siteName: await options.siteName(), address: options.from };
    await options.mailer.send(confirmationMail(sender, to, `${options.siteUrl}${pagePath.newsletterConfirm(token)}`));
  } catch (err) {
    options.log.error({ err }, 'the confirmation e-mail could not be sent');
  }
}

const tokenParams = z.object({ token: z.string().max(200) });

const linkRoutes: FastifyPluginAsyncZod<NewsletterRouteOptions> = async (app, { subscribers }) => {
  // Whatever a mail program sends with its one-click POST (RFC 8058: form data, urlencoded, or
  // nothing) is read as a short text and only looked at for the page's own field.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => done(null, body));

  app.post(pageRoutes.newsletterConfirm.path, { schema: { params: tokenParams } }, async (request, reply) => {
    await subscribers.confirm(request.params.token);
    // Back to the page, which now says where the subscription stands.
    return reply.redirect(pagePath.newsletterConfirm(request.params.token), 303);
  });

  app.post(pageRoutes.newsletterUnsubscribe.path, { schema: { params: tokenParams } }, async (request, reply) => {
    const state = await subscribers.unsubscribe(request.params.token);
    // The page's own button comes back to the page; a mail program's one-click gets a plain answer.
    if (isFormPost(request) && /(?:^|&)from=page(?:&|$)/.test(String(request.body ?? ''))) {
      return reply.redirect(pagePath.newsletterUnsubscribe(request.params.token), 303);
    }
    if (state === 'invalid') return reply.code(404).send({ message: 'This unsubscribe link is not known.' });
    return reply.code(200).send({ message: 'You are unsubscribed.' });
  });
};
