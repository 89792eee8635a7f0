import { z } from 'zod';
import { text } from './fields.ts';

export const adminVerifySchema = z.object({
  password: text().min(1, 'Required').max(1024),
});

export const adminSessionSchema = z.object({ authenticated: z.boolean() });
