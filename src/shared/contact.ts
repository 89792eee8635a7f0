import { z } from 'zod';
import { LIMITS } from './constants.ts';

export const contactInputSchema = z.object({
  name: z.string().trim().min(1, 'Required').max(LIMITS.name),
  email: z.email().max(LIMITS.email),
  subject: z.string().trim().max(LIMITS.subject).optional(),
  message: z.string().trim().min(1, 'Required').max(LIMITS.message),
  /** Honeypot: hidden from people, filled by bots; a filled one is accepted and dropped. */
  website: z.string().max(LIMITS.url).optional(),
});
export type ContactInput = z.input<typeof contactInputSchema>;
