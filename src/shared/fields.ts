import { z } from 'zod';
import { publicImageUrl } from './images.ts';

/**
 * NUL (which PostgreSQL cannot store in text or jsonb) and UTF-16 surrogates without their pair
 * (which are not characters: they cannot be written as UTF-8). Neither comes from a keyboard.
 */
// eslint-disable-next-line no-control-regex -- these characters are what is being looked for
const NOT_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const isStorableText = (value: string): boolean => !NOT_TEXT.test(value);

export const NOT_TEXT_MESSAGE = 'contains a character that is not text (NUL or an unpaired surrogate)';

/**
 * Every string the API accepts starts here: one rule for every field, refused with a 400 that
 * names the field rather than silently changed (the client sent something no keyboard types).
 */
export const text = () => z.string().refine(isStorableText, { message: NOT_TEXT_MESSAGE, abort: true });

/** A cover image: an http(s) URL, or a path of this site beginning with `/`. */
export const imageUrl = (max: number) =>
  text()
    .trim()
    .max(max)
    .refine(
      (value) => value === '' || publicImageUrl(value) !== undefined,
      'must be an http(s) address or a path beginning with /',
    );
