import { z } from 'zod';

export const adminVerifySchema = z.object({
  password: z.string().min(1, 'Required').max(1024),
});

export const adminSessionSchema = z.object({ authenticated: z.boolean() });
export type AdminSession = z.infer<typeof adminSessionSchema>;
