import { describe, expect, it } from 'vitest';
import { newSearchTerms, ROTATING_SEARCH_TERMS, searchPath } from './search-terms.ts';
import { benchTargets, readMixRequests, SEARCH_TERM, sustainedMix, TARGET_NAMES } from './targets.ts';

describe('benchTargets', () => {
  it('names each target once for --only, the new-term search included', () => {
    expect(new Set(TARGET_NAMES).size).toBe(TARGET_NAMES.length);
    expect(TARGET_NAMES).toEqual(expect.arrayContaining(['post', 'blog', 'search-20', 'search-new']));
  });

  it('rotates the 20 searches as their /blog addresses', () => {
    const rotating = benchTargets('a-post').find((target) => target.name === 'search-20')!;
    expect(rotating.paths).toEqual(ROTATING_SEARCH_TERMS.map(searchPath));
    expect(new Set(rotating.paths).size).toBe(20);
  });
});

describe('sustainedMix', () => {
  it('asks every single-path target, one of the 20 searches and a new term in each turn', () => {
    const next = sustainedMix('a-post', newSearchTerms({ exclude: [SEARCH_TERM, ...ROTATING_SEARCH_TERMS] }));
    const turns = Array.from({ length: 8 * 40 }, () => next().path);
    for (const path of ['/blog/a-post', '/blog', '/blog?page=50', '/rss.xml', '/blog?q=mentors']) {
      expect(turns.filter((p) => p === path)).toHaveLength(40);
    }
    const searches = turns.filter((p) => p.startsWith('/blog?q=') && p !== '/blog?q=mentors');
    const rotating = new Set(ROTATING_SEARCH_TERMS.map(searchPath));
    expect(new Set(searches.filter((p) => rotating.has(p))).size).toBe(20);
    const fresh = searches.filter((p) => !rotating.has(p));
    expect(fresh).toHaveLength(40);
    expect(new Set(fresh).size).toBe(40);
  });
});

describe('readMixRequests', () => {
  it("rotates the home page, /blog, a post, the published posts and that post's comments", () => {
    expect(readMixRequests('a-post', 'id-1').map((request) => request.path)).toEqual([
      '/',
      '/blog',
      '/blog/a-post',
      '/api/blog-posts?published=true',
      '/api/blog-posts/id-1/comments',
    ]);
  });
});
