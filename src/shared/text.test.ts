import { describe, expect, it } from 'vitest';
import { generateExcerpt, readTimeMinutes, slugify } from './text.ts';

describe('slugify', () => {
  it('lowercases and turns each run of other characters into one hyphen', () => {
    expect(slugify('Hello, World!  Again')).toBe('hello-world-again');
  });
  it('drops leading and trailing hyphens', () => {
    expect(slugify('  --Éducation & Tech 2025--  ')).toBe('ducation-tech-2025');
  });
  it('is empty when the title has no letters or digits', () => {
    expect(slugify('!!!')).toBe('');
  });
});

describe('readTimeMinutes', () => {
  it('is words divided by 200, rounded up', () => {
    expect(readTimeMinutes('word '.repeat(200))).toBe(1);
    expect(readTimeMinutes('word '.repeat(201))).toBe(2);
    expect(readTimeMinutes('')).toBe(0);
  });
});

describe('generateExcerpt', () => {
  it('strips # * ` [ ] ( ) and keeps short content whole', () => {
    expect(generateExcerpt('# Title\n\n**Bold** [link](http://x.y) `code`')).toBe('Title\n\nBold linkhttp://x.y code');
  });
  it('cuts at 200 characters and adds an ellipsis', () => {
    const excerpt = generateExcerpt('a'.repeat(250));
    expect(excerpt).toBe(`${'a'.repeat(200)}...`);
  });
  it('adds the ellipsis when the content is exactly 200 characters', () => {
    expect(generateExcerpt('b'.repeat(200))).toBe(`${'b'.repeat(200)}...`);
  });
});
