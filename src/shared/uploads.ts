import { z } from 'zod';
import { LIMITS } from './constants.ts';

export const uploadParamsSchema = z.object({ uploadURL: z.string() });
export const uploadAttachSchema = z.object({ bannerImageURL: z.string().trim().min(1).max(LIMITS.url) });
export const objectPathSchema = z.object({ objectPath: z.string() });
