import { z } from 'zod';
import { LIMITS } from './constants.ts';
import { text } from './fields.ts';

export const contactInputSchema = z.object({
  name: text().trim().min(1, 'Required').max(LIMITS.name),
  email: z.email().max(LIMITS.email),
  subject: text().trim().max(LIMITS.subject).optional(),
  message: text().trim().min(1, 'Required').max(LIMITS.message),
  /** Honeypot: hidden from people, filled by bots; a filled one is accepted and dropped. */
  website: text().max(LIMITS.url).optional(),
});
export type ContactInput = z.input<typeof contactInputSchema>;
