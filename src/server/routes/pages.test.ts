import { describe, expect, it } from 'vitest';
import { canonicalPagePath } from './pages.ts';

describe('canonicalPagePath', () => {
  it('leaves canonical addresses alone', () => {
    for (const path of ['/', '/cv', '/blog', '/blog/Some-Post', '/write', '/edit/abc', '/unknown']) {
      expect(canonicalPagePath(path), path).toBeUndefined();
    }
  });

  it('drops trailing slashes', () => {
    expect(canonicalPagePath('/cv/')).toBe('/cv');
    expect(canonicalPagePath('/blog//')).toBe('/blog');
    expect(canonicalPagePath('/blog/a-post/')).toBe('/blog/a-post');
    expect(canonicalPagePath('/unknown/')).toBe('/unknown');
  });

  it('lower-cases the site sections but keeps the case of a slug', () => {
    expect(canonicalPagePath('/BLOG')).toBe('/blog');
    expect(canonicalPagePath('/Blog/Some-Post/')).toBe('/blog/Some-Post');
    expect(canonicalPagePath('/CV')).toBe('/cv');
    expect(canonicalPagePath('/Write')).toBe('/write');
    expect(canonicalPagePath('/cvs')).toBeUndefined();
  });

  it('never answers with an address a browser would read as another site', () => {
    // Several leading slashes (which broke the page renderer: GET // answered 500) become one.
    expect(canonicalPagePath('//evil.example/')).toBe('/evil.example');
    expect(canonicalPagePath('/\\evil.example/')).toBe('/evil.example');
    expect(canonicalPagePath('//')).toBe('/');
    expect(canonicalPagePath('///Blog/Some-Post')).toBe('/blog/Some-Post');
    expect(canonicalPagePath('//cv')).toBe('/cv');
  });
});
