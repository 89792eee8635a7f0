import { z } from 'zod';
import { LIMITS } from './constants.ts';
import { isStorableText, NOT_TEXT_MESSAGE } from './fields.ts';

export const importRequestSchema = z.object({
  url: z
    .url({ protocol: /^https?$/, error: 'Enter an http or https address' })
    .max(LIMITS.url)
    .refine(isStorableText, NOT_TEXT_MESSAGE),
});

export const importResultSchema = z.object({
  title: z.string(),
  content: z.string(),
  excerpt: z.string(),
  featuredImage: z.string().optional(),
  sourceUrl: z.string(),
});
export type ImportResult = z.infer<typeof importResultSchema>;
