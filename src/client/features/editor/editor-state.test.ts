import { describe, expect, it } from 'vitest';
import { slugify } from '../../../shared/text.ts';
import { addTag, emptyFields, nextSlug, toPayload } from './editor-state.ts';

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
