/**
 * The site's pages in one table (STYLE.md habit 15): the client's router, the server's page
 * cache and canonical redirects, the sitemap and robots.txt all read it, so a new page is added
 * once. `author` pages are the editor and the back office: behind the admin gate, never indexed,
 * never kept by any cache. `link` pages open for whoever holds a signed address (a draft's preview):
 * no gate, but like the author's pages never indexed and never kept by a cache.
 */
export const pageRoutes = {
  home: { path: '/', access: 'public', indexable: true },
  cv: { path: '/cv', access: 'public', indexable: true },
  blog: { path: '/blog', access: 'public', indexable: true },
  post: { path: '/blog/:slug', access: 'public', indexable: true },
  write: { path: '/write', access: 'author', indexable: false },
  edit: { path: '/edit/:id', access: 'author', indexable: false },
  admin: { path: '/admin', access: 'author', indexable: false },
  adminPosts: { path: '/admin/posts', access: 'author', indexable: false },
  adminComments: { path: '/admin/comments', access: 'author', indexable: false },
  adminMessages: { path: '/admin/messages', access: 'author', indexable: false },
  preview: { path: '/preview/:token', access: 'link', indexable: false },
} as const;

export type PageRouteName = keyof typeof pageRoutes;
type PageRoute = (typeof pageRoutes)[PageRouteName];

const routeEntries = Object.entries(pageRoutes) as [PageRouteName, PageRoute][];

/** `/blog/:slug` as a RegExp matching one non-empty segment per parameter. */
const patternOf = (path: string) => new RegExp(`^${path.replace(/:[a-z]+/gi, '[^/]+')}$`);
const matchers = routeEntries.map(([name, route]) => ({ name, route, pattern: patternOf(route.path) }));

/** The route a (canonical) path is, if any. */
export function routeOf(pathname: string): { name: PageRouteName; route: PageRoute } | undefined {
  const found = matchers.find(({ pattern }) => pattern.test(pathname));
  return found && { name: found.name, route: found.route };
}

/** The editor's and the back office's screens. */
export const isAuthorScreen = (pathname: string): boolean => routeOf(pathname)?.route.access === 'author';

/** The first segments of every page path (`/cv`, `/blog`, `/admin` ...): the site's sections. */
export const pageSections: readonly string[] = [
  ...new Set(routeEntries.map(([, route]) => `/${route.path.split('/')[1]}`).filter((section) => section !== '/')),
];

/** Pages with one address of their own that search engines should list (the sitemap's fixed part). */
export const indexableStaticPaths: readonly string[] = routeEntries
  .filter(([, route]) => route.indexable && !route.path.includes(':'))
  .map(([, route]) => route.path);

/** What robots.txt keeps crawlers out of: every author section, as a path prefix. */
export const authorPathPrefixes: readonly string[] = [
  ...new Set(
    routeEntries
      .filter(([, route]) => route.access === 'author')
      .map(([, route]) => (route.path.includes(':') ? route.path.slice(0, route.path.indexOf(':')) : route.path))
      .filter((prefix, _index, all) => !all.some((other) => other !== prefix && prefix.startsWith(`${other}/`))),
  ),
];

const sectionsOf = (access: PageRoute['access']) => [
  ...new Set(routeEntries.filter(([, route]) => route.access === access).map(([, route]) => `/${route.path.split('/')[1]}`)),
];
const inSection = (sections: string[], pathname: string) =>
  sections.some((section) => pathname === section || pathname.startsWith(`${section}/`));
const authorSections = sectionsOf('author');
const privateSections = [...authorSections, ...sectionsOf('link')];

/** Any path in a section of author screens (`/admin/anything` too). */
export const inAuthorSection = (pathname: string): boolean => inSection(authorSections, pathname);

/** Author screens and signed-link pages (`/preview/...`): `private, no-store`, never kept by a cache. */
export const inPrivateSection = (pathname: string): boolean => inSection(privateSections, pathname);
