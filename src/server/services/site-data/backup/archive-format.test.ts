import { describe, expect, it } from 'vitest';
import { frontMatterSchema, postEntryName, uploadEntryName } from './archive-format.ts';

const ID = '0b6c3f1e-8d0a-4a8e-9c1a-3f2b1d4e5a6b';

describe('archive entry names', () => {
  it('names a post file by its slug when that is a safe file name, else by its id', () => {
    expect(postEntryName({ id: ID, slug: 'coding-clubs_2024' })).toBe('posts/coding-clubs_2024.md');
    expect(postEntryName({ id: ID, slug: 'Mixed-Case' })).toBe('posts/Mixed-Case.md');
    for (const slug of ['../up', 'a/b', '-leading', 'dot.ted', '', 'x'.repeat(201), 'ünï']) {
      expect(postEntryName({ id: ID, slug }), slug).toBe(`posts/${ID}.md`);
    }
  });

  it('names an upload by its id and the extension of its type', () => {
    expect(uploadEntryName(ID, 'image/jpeg')).toBe(`uploads/${ID}.jpg`);
    expect(uploadEntryName(ID, 'image/png')).toBe(`uploads/${ID}.png`);
    expect(uploadEntryName(ID, 'image/gif')).toBe(`uploads/${ID}.gif`);
    expect(uploadEntryName(ID, 'image/webp')).toBe(`uploads/${ID}.webp`);
    expect(uploadEntryName(ID, 'image/avif')).toBe(`uploads/${ID}.avif`);
    expect(uploadEntryName(ID, 'application/octet-stream')).toBe(`uploads/${ID}.bin`);
  });
});

describe('frontMatterSchema', () => {
  const valid = {
    id: ID,
    title: 'Title',
    slug: 'title',
    published: true,
    createdAt: '2024-05-01T10:00:00.123Z',
    updatedAt: '2024-05-01T10:00:00.123+02:00',
  };

  it('takes the front matter export writes, with defaults for what may be left out', () => {
    expect(frontMatterSchema.parse(valid)).toEqual({ ...valid, tags: [], metadata: {} });
  });

  it('refuses a missing id, a date that is not ISO, and text that is not text', () => {
    expect(frontMatterSchema.safeParse({ ...valid, id: undefined }).success).toBe(false);
    expect(frontMatterSchema.safeParse({ ...valid, createdAt: 'May 1st' }).success).toBe(false);
    expect(frontMatterSchema.safeParse({ ...valid, title: 'NUL \0 inside' }).success).toBe(false);
    expect(frontMatterSchema.safeParse({ ...valid, published: 'yes' }).success).toBe(false);
  });
});
