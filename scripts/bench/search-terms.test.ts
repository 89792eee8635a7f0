import { describe, expect, it } from 'vitest';
import { generateSeedPosts } from '../lib/seed-data.ts';
import { ABSENT_WORDS, newSearchTerms, ROTATING_SEARCH_TERMS, searchKey, searchPath, SEEDED_WORDS } from './search-terms.ts';

// Everything a search reads (title, tags, excerpt, text) of a seeded blog, lower-cased.
const seeded = [...generateSeedPosts({ posts: 300, seed: 42, now: new Date('2026-03-01T12:00:00Z') })]
  .map(({ input }) => [input.title, input.tags.join(' '), input.excerpt ?? '', input.content].join('\n'))
  .join('\n')
  .toLowerCase();
/** Whether some word of the seeded text starts with `word`, as a prefix search matches it. */
const found = (word: string) => new RegExp(`(?<![\\p{L}\\p{N}])${word}`, 'u').test(seeded);

describe('search vocabulary', () => {
  it('finds posts for every seeded word and every rotating term, and none for the absent words', () => {
    expect(SEEDED_WORDS.filter((word) => !found(word))).toEqual([]);
    expect(ROTATING_SEARCH_TERMS.flatMap((term) => term.split(' ')).filter((word) => !found(word))).toEqual([]);
    expect(ABSENT_WORDS.filter(found)).toEqual([]);
  });

  it('rotates 20 different searches', () => {
    expect(new Set(ROTATING_SEARCH_TERMS.map(searchKey)).size).toBe(20);
  });
});

describe('newSearchTerms', () => {
  it('never gives the same search twice, in any word order, nor an excluded one', () => {
    const next = newSearchTerms({ exclude: ['club coding', 'mentors'] });
    // Past the single words and the pairs, into the triples.
    const terms = Array.from({ length: 20_000 }, next);
    expect(new Set(terms.map(searchKey)).size).toBe(terms.length);
    expect(terms.map(searchKey)).not.toContain(searchKey('coding club'));
    expect(terms).not.toContain('mentors');
    expect(terms.some((term) => term.split(' ').length === 3)).toBe(true);
  });

  it('mixes searches that find posts with searches that find none', () => {
    const next = newSearchTerms();
    const first = Array.from({ length: 500 }, next);
    const absent = new Set<string>(ABSENT_WORDS);
    const findingNothing = first.filter((term) => term.split(' ').some((word) => absent.has(word)));
    expect(findingNothing.length).toBeGreaterThan(first.length * 0.05);
    expect(findingNothing.length).toBeLessThan(first.length * 0.5);
  });

  it('gives the same terms for the same seed', () => {
    const a = newSearchTerms({ seed: 3 });
    const b = newSearchTerms({ seed: 3 });
    expect(Array.from({ length: 50 }, a)).toEqual(Array.from({ length: 50 }, b));
  });
});

describe('searchPath', () => {
  it('puts the term in the query string, escaped', () => {
    expect(searchPath('coding club')).toBe('/blog?q=coding%20club');
  });
});
