import { z } from 'zod';
import { LIMITS } from './constants.ts';
import { text } from './fields.ts';

/** `POST /api/newsletter/subscribe` (DESIGN.md "the newsletter"): one e-mail field and the honeypot. */
export const subscribeInputSchema = z.object({
  email: text().trim().min(1, 'Required').max(LIMITS.email).pipe(z.email('must be an e-mail address')),
  /** Honeypot: hidden from people, filled by bots; a filled one is answered alike and dropped. */
  website: text().max(LIMITS.url).optional(),
});

/** The answer to every subscription, whether or not the address is known (DESIGN.md). */
export const SUBSCRIBE_ANSWER = 'Check your inbox to confirm your subscription.';
