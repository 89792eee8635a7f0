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

/**
 * The years of a time the database keeps exactly, counted in UTC. Past 9999 JavaScript writes
 * `+010000-...`, which PostgreSQL refuses; it has no year 0. Both drivers read a time back with
 * `new Date('0049-03-01 00:00:00+00')`, a non-ISO parse that makes years below 100 into 19xx, 20xx
 * or no date; 100-999 read right only by V8's leniency. Measured (PGlite, PostgreSQL 15, 30,000
 * times): every one from 1000 to 9999 comes back to the millisecond. The importers keep the same.
 */
const INSTANT_YEARS = { min: 1000, max: 9999 } as const;

/**
 * Every time the API or an archive hands in (`publishAt`, `before`, a backup's `createdAt`): ISO
 * 8601 with `Z` or an offset, within INSTANT_YEARS once moved to UTC; otherwise a 400 naming it.
 */
export const instant = () =>
  z.iso.datetime({ offset: true }).refine(
    (value) => {
      const year = new Date(value).getUTCFullYear();
      return year >= INSTANT_YEARS.min && year <= INSTANT_YEARS.max;
    },
    { message: `must be a time between the years ${INSTANT_YEARS.min} and ${INSTANT_YEARS.max} (UTC)`, abort: true },
  );

/** A calendar day (`2024-05-01`) in the same years. */
export const calendarDay = () =>
  z.iso.date().refine(
    (value) => {
      const year = Number(value.slice(0, 4));
      return year >= INSTANT_YEARS.min && year <= INSTANT_YEARS.max;
    },
    { message: `must be a day between the years ${INSTANT_YEARS.min} and ${INSTANT_YEARS.max}`, abort: true },
  );
