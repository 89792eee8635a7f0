import { describe, expect, it } from 'vitest';
import {
  authorPathPrefixes,
  inAuthorSection,
  indexableStaticPaths,
  inPrivateSection,
  isAuthorScreen,
  pageSections,
  routeOf,
} from './routes.ts';

describe('the route table', () => {
  it('names the page a path is, with one segment per parameter', () => {
    expect(routeOf('/')?.name).toBe('home');
    expect(routeOf('/blog')?.name).toBe('blog');
    expect(routeOf('/blog/a-post')?.name).toBe('post');
    expect(routeOf('/blog/a/b')).toBeUndefined();
    expect(routeOf('/edit/123')?.name).toBe('edit');
    expect(routeOf('/edit/')).toBeUndefined();
    expect(routeOf('/admin/comments')?.name).toBe('adminComments');
    expect(routeOf('/nowhere')).toBeUndefined();
  });

  it('tells the author screens from the reading pages', () => {
    for (const path of ['/write', '/edit/abc', '/admin', '/admin/posts', '/admin/comments', '/admin/messages']) {
      expect(isAuthorScreen(path), path).toBe(true);
    }
    for (const path of ['/', '/cv', '/blog', '/blog/admin', '/administrator']) expect(isAuthorScreen(path), path).toBe(false);
    expect(inAuthorSection('/admin/unknown')).toBe(true);
    expect(inAuthorSection('/edit/')).toBe(true);
    expect(inAuthorSection('/blog/write')).toBe(false);
    expect(inAuthorSection('/administrator')).toBe(false);
  });

  it('gives the sitemap, robots.txt and the canonical redirects what they list', () => {
    expect(indexableStaticPaths).toEqual(['/', '/cv', '/blog']);
    expect(authorPathPrefixes).toEqual(['/write', '/edit/', '/admin']);
    expect(pageSections).toEqual(['/cv', '/blog', '/write', '/edit', '/admin', '/preview']);
  });

  it('keeps previews out of every cache without putting them behind the gate', () => {
    expect(routeOf('/preview/abc.def.ghi')?.name).toBe('preview');
    expect(isAuthorScreen('/preview/abc.def.ghi')).toBe(false);
    expect(inPrivateSection('/preview/abc.def.ghi')).toBe(true);
    expect(inPrivateSection('/admin/posts')).toBe(true);
    expect(inPrivateSection('/blog/preview')).toBe(false);
    expect(authorPathPrefixes).not.toContain('/preview/');
  });
});
