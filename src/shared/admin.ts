import { z } from 'zod';
import { text } from './fields.ts';

export const adminVerifySchema = z.object({
  password: text().min(1, 'Required').max(1024),
  /** One of the author's recovery codes, in place of a passkey when one is required. */
  recoveryCode: text().max(64).optional(),
});

export const adminSessionSchema = z.object({ authenticated: z.boolean() });
