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

  // Issue 19: `/blog/../preview/<token>` was served as a public, cached page, `/blog/../admin` too.
  it('resolves `.` and `..` as the renderer does, `%2e` and backslashes included', () => {
    expect(canonicalPagePath('/blog/../preview/a-token')).toBe('/preview/a-token');
    expect(canonicalPagePath('/blog/../admin')).toBe('/admin');
    expect(canonicalPagePath('/blog/%2e%2e/write')).toBe('/write');
    expect(canonicalPagePath('/blog/.%2E/edit/abc')).toBe('/edit/abc');
    expect(canonicalPagePath('/blog/%2E./Admin/Posts')).toBe('/admin/Posts');
    expect(canonicalPagePath('/blog\\..\\edit\\abc')).toBe('/edit/abc');
    expect(canonicalPagePath('/blog/./Some-Post')).toBe('/blog/Some-Post');
    expect(canonicalPagePath('/blog/%2e')).toBe('/blog');
    expect(canonicalPagePath('/blog/a-post/..')).toBe('/blog');
    expect(canonicalPagePath('/../../cv')).toBe('/cv');
    // Not a dot segment: the renderer reads `..%5cadmin` as a slug, so it stays one.
    expect(canonicalPagePath('/blog/..%5cadmin')).toBeUndefined();
    expect(canonicalPagePath('/blog/a..b')).toBeUndefined();
  });

  it('never resolves to an address of another site, and is its own canonical address', () => {
    expect(canonicalPagePath('/blog/..//evil.example')).toBe('/evil.example');
    expect(canonicalPagePath('/a/../\\evil.example/x')).toBe('/evil.example/x');
    for (const path of ['/blog/../preview/x', '/blog/..//evil.example', '/A/%2e%2e/BLOG/./x/', '//\\..\\cv', '/blog/a b']) {
      const canonical = canonicalPagePath(path)!;
      expect(canonical, path).toMatch(/^\/(?![/\\])/);
      expect(canonicalPagePath(canonical), canonical).toBeUndefined();
    }
  });
});
