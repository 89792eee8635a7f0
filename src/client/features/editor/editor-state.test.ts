import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '../../../shared/posts.ts';
import { postUpdateSchema } from '../../../shared/posts.ts';
import { slugify } from '../../../shared/text.ts';
import {
  addTag,
  emptyFields,
  fieldsFromPost,
  isoToLocalInput,
  isScheduled,
  loadStoredDraft,
  localInputToIso,
  nextSlug,
  publishAtNote,
  timeZoneLabel,
  toPayload,
} from './editor-state.ts';

// A zone with summer time, so the offsets below prove each date gets its own (Node reads TZ live).
const previousTimeZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Europe/Paris';
});
afterAll(() => {
  if (previousTimeZone === undefined) delete process.env.TZ;
  else process.env.TZ = previousTimeZone;
});

describe('nextSlug', () => {
  it('follows the title while the slug is empty or still derived from the previous title', () => {
    expect(nextSlug('', '', 'Hello World', slugify)).toBe('hello-world');
    expect(nextSlug('hello-world', 'Hello World', 'Hello World Again', slugify)).toBe('hello-world-again');
  });
  it('stays once edited by hand', () => {
    expect(nextSlug('my-own-slug', 'Hello World', 'Hello World Again', slugify)).toBe('my-own-slug');
  });
});

describe('addTag', () => {
  it('adds the trimmed text', () => {
    expect(addTag(['a'], '  Digital Literacy ')).toEqual(['a', 'Digital Literacy']);
  });
  it('ignores empty text and duplicates', () => {
    expect(addTag(['a'], '   ')).toEqual(['a']);
    expect(addTag(['a'], ' a ')).toEqual(['a']);
  });
});

describe('toPayload', () => {
  it('trims, omits an empty excerpt and cover image, and computes the read time', () => {
    const payload = toPayload({
      ...emptyFields,
      title: '  Title ',
      content: ` ${'word '.repeat(201)}`,
      excerpt: '  ',
      featuredImage: ' ',
      tags: ['x'],
    });
    expect(payload.title).toBe('Title');
    expect(payload).not.toHaveProperty('excerpt');
    expect(payload).not.toHaveProperty('featuredImage');
    expect(payload.metadata).toMatchObject({ readTime: 2, author: expect.any(String) });
    expect(payload.tags).toEqual(['x']);
    expect(payload.published).toBe(false);
  });
});

describe('Publish at: the datetime-local value and ISO', () => {
  it('reads the author wall clock with the offset of that date, winter and summer', () => {
    expect(localInputToIso('2026-01-15T09:30')).toBe('2026-01-15T09:30:00+01:00');
    expect(localInputToIso('2026-07-15T09:30')).toBe('2026-07-15T09:30:00+02:00');
    expect(Date.parse(localInputToIso('2026-07-15T09:30'))).toBe(Date.parse('2026-07-15T07:30:00Z'));
  });
  it('round-trips through the input, whatever form the server answers in', () => {
    for (const local of ['2026-01-15T09:30', '2026-07-15T23:59', '2026-10-25T01:15', '2027-03-28T04:00']) {
      expect(isoToLocalInput(localInputToIso(local))).toBe(local);
    }
    expect(isoToLocalInput('2026-07-15T07:30:00.000Z')).toBe('2026-07-15T09:30');
    expect(isoToLocalInput('2026-07-15T07:30:15.000Z')).toBe('2026-07-15T09:30:15');
  });
  it('gives a time skipped by the spring clock change a real instant, an hour on', () => {
    // 02:30 does not exist in Paris on 29 March 2026: the clocks jump from 02:00 to 03:00.
    expect(localInputToIso('2026-03-29T02:30')).toBe('2026-03-29T03:30:00+02:00');
  });
  it('is empty for an empty, incomplete or invalid value', () => {
    expect(localInputToIso('')).toBe('');
    expect(localInputToIso('2026-01-15')).toBe('');
    expect(isoToLocalInput('')).toBe('');
    expect(isoToLocalInput('not a date')).toBe('');
  });
  it('names the zone with the offset of the chosen date', () => {
    expect(timeZoneLabel(new Date('2026-01-15T12:00:00Z'), 'Europe/Paris')).toBe('Europe/Paris (UTC+01:00)');
    expect(timeZoneLabel(new Date('2026-07-15T12:00:00Z'), 'Europe/Paris')).toBe('Europe/Paris (UTC+02:00)');
  });
  it('is scheduled only when published with a time ahead', () => {
    const now = new Date('2026-05-01T10:00:00Z');
    const ahead = '2026-05-01T10:01:00Z';
    expect(isScheduled({ published: true, publishAt: ahead }, now)).toBe(true);
    expect(isScheduled({ published: false, publishAt: ahead }, now)).toBe(false);
    expect(isScheduled({ published: true, publishAt: '2026-05-01T09:59:00Z' }, now)).toBe(false);
    expect(isScheduled({ published: true, publishAt: '' }, now)).toBe(false);
    expect(publishAtNote({ published: true, publishAt: ahead }, now)).toMatch(
      /^Scheduled: readers see it from May 1, 2026, 12:01/,
    );
    expect(publishAtNote({ published: false, publishAt: ahead }, now)).toMatch(/^Turn on Published/);
  });
});

describe('toPayload and publishAt', () => {
  const fields = { ...emptyFields, title: 'T', content: 'C' };
  it('sends a set time as ISO with its offset, accepted by the update schema', () => {
    const payload = toPayload({ ...fields, publishAt: localInputToIso('2026-07-15T09:30') }, true);
    expect(payload.publishAt).toBe('2026-07-15T09:30:00+02:00');
    expect(postUpdateSchema.safeParse({ ...payload, expectedUpdatedAt: '2026-07-01T00:00:00.000Z' }).success).toBe(true);
  });
  it('sends null for a cleared time when editing, so the server clears it; a new post leaves it out', () => {
    expect(toPayload(fields, true).publishAt).toBeNull();
    expect(toPayload(fields)).not.toHaveProperty('publishAt');
  });
  it('loads a post with and without a time', () => {
    const post: Post = {
      id: '00000000-0000-4000-8000-000000000000',
      title: 'T',
      slug: 't',
      content: 'C',
      tags: [],
      published: true,
      metadata: {},
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    expect(fieldsFromPost(post).publishAt).toBe('');
    expect(fieldsFromPost({ ...post, publishAt: '2026-07-15T07:30:00.000Z' }).publishAt).toBe('2026-07-15T07:30:00.000Z');
  });
});

describe('loadStoredDraft', () => {
  it('loads a copy stored before Publish at existed, with the field empty', () => {
    const store = new Map<string, string>();
    const fake = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => store.set(key, value),
    };
    // The fields as stored before Publish at existed.
    const { publishAt: _added, ...old } = { ...emptyFields, content: 'Old words' };
    store.set('folio:editor-draft:new', JSON.stringify({ fields: old, savedAt: 1 }));
    Object.assign(globalThis, { window: { localStorage: fake } });
    try {
      expect(loadStoredDraft(undefined)).toEqual({ savedAt: 1, fields: { ...emptyFields, content: 'Old words' } });
    } finally {
      Reflect.deleteProperty(globalThis, 'window');
    }
  });
});
