import { z } from 'zod';
import { LIMITS } from './constants.ts';
import { text } from './fields.ts';

export const uploadParamsSchema = z.object({ uploadURL: text().max(LIMITS.url) });
export const uploadAttachSchema = z.object({ bannerImageURL: text().trim().min(1).max(LIMITS.url) });
export const objectPathSchema = z.object({ objectPath: text().max(LIMITS.url) });
