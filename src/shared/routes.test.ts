import { describe, expect, it } from 'vitest';
import { HOME_PREVIEW_POSTS } from './constants.ts';
import {
  apiPath,
  apiRoutes,
  authorPathPrefixes,
  inAuthorSection,
  indexableStaticPaths,
  inPrivateSection,
  isAuthorScreen,
  pagePath,
  pageRoutes,
  pageSections,
  routeOf,
  type PageRouteName,
} from './routes.ts';

/** Parameters that would leave their segment (or the path) if written as they are. */
const HOSTILE = [
  'a/b',
  '../admin',
  '..%2Fadmin',
  '?x',
  '#',
  'a#b?c=d',
  'with spaces',
  'ünïcødé 😀',
  '\\admin',
  '%',
  ';x',
  'a&b=c',
];

/** What a browser makes of a site-relative address: the path it asks for, and no query or fragment added. */
const resolved = (address: string) => {
  const url = new URL(address, 'https://folio.example');
  return { pathname: url.pathname, search: url.search, hash: url.hash };
};

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
    expect(pageSections).toEqual(['/cv', '/blog', '/saved', '/write', '/edit', '/admin', '/preview', '/newsletter']);
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

describe('the address builders', () => {
  const builders: { route: PageRouteName; build: (value: string) => string }[] = [
    { route: 'post', build: pagePath.post },
    { route: 'edit', build: pagePath.edit },
    { route: 'preview', build: pagePath.preview },
  ];

  it('keep a hostile slug, id or token inside its one segment, so the address stays in its route', () => {
    for (const { route, build } of builders) {
      for (const value of HOSTILE) {
        const address = build(value);
        expect(routeOf(address)?.name, `${route}(${JSON.stringify(value)}) = ${address}`).toBe(route);
        // As the browser reads it: the same path, nothing moved into a query or a fragment.
        expect(resolved(address), address).toEqual({ pathname: address, search: '', hash: '' });
        expect(decodeURIComponent(address.slice(address.lastIndexOf('/') + 1))).toBe(value);
      }
    }
  });

  it('refuse what no encoding keeps as a segment (nothing, `.` and `..`)', () => {
    for (const { build } of builders) {
      for (const value of ['', '.', '..']) expect(() => build(value), JSON.stringify(value)).toThrow(RangeError);
    }
  });

  it('keep API parameters inside their segment too', () => {
    const built = [
      [apiRoutes.post, (v: string) => apiPath.post(v)],
      [apiRoutes.comments, (v: string) => apiPath.comments(v)],
      [apiRoutes.revisions, (v: string) => apiPath.revisions(v)],
      [apiRoutes.revision, (v: string) => apiPath.revision(v, v)],
      [apiRoutes.previewLink, (v: string) => apiPath.previewLink(v)],
      [apiRoutes.adminComment, (v: string) => apiPath.adminComment(v)],
      [apiRoutes.adminMessage, (v: string) => apiPath.adminMessage(v)],
    ] as const;
    for (const [pattern, build] of built) {
      const shape = new RegExp(`^${pattern.replace(/:[a-z]+/gi, '[^/?#]+')}$`, 'i');
      for (const value of HOSTILE) {
        const address = build(value);
        expect(address, `${pattern} with ${JSON.stringify(value)}`).toMatch(shape);
        expect(resolved(address)).toEqual({ pathname: address, search: '', hash: '' });
      }
    }
  });

  it('give every page route a builder whose address is that route', () => {
    expect(Object.keys(pagePath).sort()).toEqual(Object.keys(pageRoutes).sort());
    for (const name of Object.keys(pageRoutes) as PageRouteName[]) {
      const builder: string | ((value: string) => string) = pagePath[name] as string | ((value: string) => string);
      const address = typeof builder === 'string' ? builder : builder('some-value');
      expect(routeOf(address.split('?')[0]!)?.name, name).toBe(name);
    }
  });

  it('write a view of /blog with only what differs from the first view', () => {
    expect(pagePath.blog()).toBe('/blog');
    expect(pagePath.blog({ page: 1, category: 'All Posts', q: '' })).toBe('/blog');
    expect(pagePath.blog({ page: 2, category: 'Digital Literacy' })).toBe('/blog?category=Digital+Literacy&page=2');
    expect(resolved(pagePath.blog({ q: 'a&page=9#x' })).search).toBe('?q=a%26page%3D9%23x');
    // The API drops the category under a search: the answer is the same.
    expect(apiPath.blogView({ q: 'x', category: 'Digital Literacy' })).toBe('/api/blog-view?q=x');
  });

  it("asks the API for the home page's count of latest posts", () => {
    expect(apiPath.latestPosts).toBe(`/api/blog-posts?published=true&limit=${HOME_PREVIEW_POSTS}`);
  });
});
