import type { BlogViewParams } from './blog-view.ts';
import { ALL_POSTS_CATEGORY, HOME_PREVIEW_POSTS } from './constants.ts';

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
  // The posts this browser keeps for offline reading: the list lives in the reader's browser.
  saved: { path: '/saved', access: 'public', indexable: false },
  write: { path: '/write', access: 'author', indexable: false },
  edit: { path: '/edit/:id', access: 'author', indexable: false },
  admin: { path: '/admin', access: 'author', indexable: false },
  adminPosts: { path: '/admin/posts', access: 'author', indexable: false },
  adminComments: { path: '/admin/comments', access: 'author', indexable: false },
  adminMessages: { path: '/admin/messages', access: 'author', indexable: false },
  adminSite: { path: '/admin/site', access: 'author', indexable: false },
  adminSubscribers: { path: '/admin/subscribers', access: 'author', indexable: false },
  adminSecurity: { path: '/admin/security', access: 'author', indexable: false },
  preview: { path: '/preview/:token', access: 'link', indexable: false },
  // The newsletter's links (DESIGN.md): a page with one button, which is a POST to the same path.
  newsletterConfirm: { path: '/newsletter/confirm/:token', access: 'link', indexable: false },
  newsletterUnsubscribe: { path: '/newsletter/unsubscribe/:token', access: 'link', indexable: false },
} as const;

export type PageRouteName = keyof typeof pageRoutes;
type PageRoute = (typeof pageRoutes)[PageRouteName];

const routeEntries = Object.entries(pageRoutes) as [PageRouteName, PageRoute][];

/** `/blog/:slug` as a RegExp matching one non-empty segment per parameter. */
const patternOf = (path: string) => new RegExp(`^${path.replace(/:([a-z]+)/gi, '(?<$1>[^/]+)')}$`);
const matchers = routeEntries.map(([name, route]) => ({ name, route, pattern: patternOf(route.path) }));

/** The route a (canonical) path is, if any. */
export function routeOf(pathname: string): { name: PageRouteName; route: PageRoute } | undefined {
  const found = matchers.find(({ pattern }) => pattern.test(pathname));
  return found && { name: found.name, route: found.route };
}

/**
 * The route a (canonical) path is, with its parameters decoded (`/blog/caf%C3%A9` -> slug `café`):
 * what the server renders and the client's router shows are chosen from this one table. Undefined
 * for no route, or for a parameter that does not decode.
 */
export function matchRoute(
  pathname: string,
): { name: PageRouteName; route: PageRoute; params: Readonly<Record<string, string>> } | undefined {
  for (const { name, route, pattern } of matchers) {
    const match = pattern.exec(pathname);
    if (!match) continue;
    try {
      const params = Object.fromEntries(
        Object.entries(match.groups ?? {}).map(([key, value]) => [key, decodeURIComponent(value)]),
      );
      return { name, route, params };
    } catch {
      return undefined;
    }
  }
  return undefined;
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

/**
 * One path segment from a slug, id or token: percent-encoded, so `a/b`, `?x` or `#` stay inside it.
 * `.`, `..` and nothing have no encoding that a URL parser keeps as a segment (it resolves `%2e%2e`
 * too), and no slug, id or token is one: building such a path is a bug, so it throws.
 */
function segment(value: string): string {
  if (value === '' || value === '.' || value === '..') throw new RangeError(`"${value}" cannot be a path segment`);
  return encodeURIComponent(value);
}

/** A route's path with its `:name` parameters filled in, each as one encoded segment. */
function fill(path: string, params: Record<string, string>): string {
  return path.replace(/:([a-z]+)/gi, (_match, name: string) => segment(params[name] ?? ''));
}

/** A query string from the parameters that are set, `?a=1&b=x` (empty when none is). */
export function searchString(params: Record<string, string | number | boolean | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * The query of a view of /blog, with only what differs from the first view (page 1, All Posts, no
 * search), so that one view has one address. For the API, the category goes when a search is given
 * (search takes precedence: the answer is the same).
 */
function blogViewParams(view: Partial<BlogViewParams>, forApi = false) {
  return {
    q: view.q || undefined,
    category: view.category === ALL_POSTS_CATEGORY || (forApi && view.q) ? undefined : view.category,
    page: view.page && view.page > 1 ? view.page : undefined,
  };
}

/**
 * The address of every page, for links on the site and in what the server sends (feeds, e-mails,
 * preview links): a fixed page is its path, a page with parameters a builder.
 */
export const pagePath = {
  home: pageRoutes.home.path,
  cv: pageRoutes.cv.path,
  /** A view of the blog list (DESIGN.md: `?page=N`, `?category=<label>`, `?q=<term>`). */
  blog: (view: Partial<BlogViewParams> = {}) => `${pageRoutes.blog.path}${searchString(blogViewParams(view))}`,
  post: (slug: string) => fill(pageRoutes.post.path, { slug }),
  saved: pageRoutes.saved.path,
  write: pageRoutes.write.path,
  edit: (id: string) => fill(pageRoutes.edit.path, { id }),
  admin: pageRoutes.admin.path,
  adminPosts: pageRoutes.adminPosts.path,
  adminComments: pageRoutes.adminComments.path,
  adminMessages: pageRoutes.adminMessages.path,
  adminSite: pageRoutes.adminSite.path,
  adminSubscribers: pageRoutes.adminSubscribers.path,
  adminSecurity: pageRoutes.adminSecurity.path,
  preview: (token: string) => fill(pageRoutes.preview.path, { token }),
  newsletterConfirm: (token: string) => fill(pageRoutes.newsletterConfirm.path, { token }),
  newsletterUnsubscribe: (token: string) => fill(pageRoutes.newsletterUnsubscribe.path, { token }),
} as const satisfies Record<PageRouteName, string | ((...args: never[]) => string)>;

/** The offline reader's service worker (DESIGN.md): served at the root, so its scope is every page. */
export const serviceWorkerPath = '/sw.js';

/** The API's routes as the server registers them (Fastify patterns, `:name` for a parameter). */
export const apiRoutes = {
  posts: '/api/blog-posts',
  post: '/api/blog-posts/:slugOrId',
  blogView: '/api/blog-view',
  comments: '/api/blog-posts/:postId/comments',
  revisions: '/api/blog-posts/:id/revisions',
  revision: '/api/blog-posts/:id/revisions/:revisionId',
  previewLink: '/api/blog-posts/:id/preview-link',
  contact: '/api/contact',
  subscribe: '/api/newsletter/subscribe',
  adminSubscribers: '/api/admin/subscribers',
  adminSubscriber: '/api/admin/subscribers/:id',
  adminSubscribersCsv: '/api/admin/subscribers.csv',
  adminSubscribersImport: '/api/admin/subscribers/import',
  adminNewsletters: '/api/admin/newsletters',
  adminVerify: '/api/admin/verify',
  adminLogout: '/api/admin/logout',
  adminSession: '/api/admin/session',
  // The gate's other way in (DESIGN.md "passkeys"): a challenge, then the signed answer.
  passkeySignInOptions: '/api/admin/passkey/options',
  passkeySignIn: '/api/admin/passkey/verify',
  // `/admin/security`: passkeys, recovery codes and `Require a passkey`.
  adminSecurity: '/api/admin/security',
  adminPasskeyOptions: '/api/admin/security/passkeys/options',
  adminPasskeys: '/api/admin/security/passkeys',
  adminPasskey: '/api/admin/security/passkeys/:id',
  adminRequirePasskey: '/api/admin/security/require',
  adminRecoveryCodes: '/api/admin/security/recovery-codes',
  importContent: '/api/import-content',
  uploadParams: '/api/objects/upload',
  adminStats: '/api/admin/stats',
  adminComments: '/api/admin/comments',
  adminComment: '/api/admin/comments/:id',
  adminMessages: '/api/admin/messages',
  adminMessage: '/api/admin/messages/:id',
  adminPosts: '/api/admin/posts',
  adminExport: '/api/admin/export',
  adminImport: '/api/admin/import',
  oldAddresses: '/api/admin/old-addresses',
  site: '/api/site',
  adminSite: '/api/admin/site',
  siteRevisions: '/api/admin/site/revisions',
  siteRevision: '/api/admin/site/revisions/:id',
  siteRevisionRestore: '/api/admin/site/revisions/:id/restore',
} as const;

/** The API addresses the browser calls, built from `apiRoutes`. */
export const apiPath = {
  posts: apiRoutes.posts,
  /** The home page's latest posts (SPEC.md: `?published=true&limit=3`). */
  latestPosts: `${apiRoutes.posts}?published=true&limit=${HOME_PREVIEW_POSTS}`,
  /** One view of /blog: `{posts, total, page, pageCount}`. */
  blogView: (view: Partial<BlogViewParams>) => `${apiRoutes.blogView}${searchString(blogViewParams(view, true))}`,
  draftPosts: `${apiRoutes.posts}?published=false`,
  searchPosts: (term: string) => `${apiRoutes.posts}?search=${encodeURIComponent(term)}`,
  comments: (postId: string) => fill(apiRoutes.comments, { postId }),
  contact: apiRoutes.contact,
  subscribe: apiRoutes.subscribe,
  adminVerify: apiRoutes.adminVerify,
  adminLogout: apiRoutes.adminLogout,
  adminSession: apiRoutes.adminSession,
  passkeySignInOptions: apiRoutes.passkeySignInOptions,
  passkeySignIn: apiRoutes.passkeySignIn,
  adminSecurity: apiRoutes.adminSecurity,
  adminPasskeyOptions: apiRoutes.adminPasskeyOptions,
  adminPasskeys: apiRoutes.adminPasskeys,
  adminPasskey: (id: string) => fill(apiRoutes.adminPasskey, { id }),
  adminRequirePasskey: apiRoutes.adminRequirePasskey,
  adminRecoveryCodes: apiRoutes.adminRecoveryCodes,
  post: (slugOrId: string) => fill(apiRoutes.post, { slugOrId }),
  /** A post's saved versions, newest first (DESIGN.md "revisions"), and one of them whole. */
  revisions: (id: string) => fill(apiRoutes.revisions, { id }),
  revision: (id: string, revisionId: string) => fill(apiRoutes.revision, { id, revisionId }),
  previewLink: (id: string) => fill(apiRoutes.previewLink, { id }),
  importContent: apiRoutes.importContent,
  uploadParams: apiRoutes.uploadParams,
  // The back office (DESIGN.md): lists take `limit` and `before`, newest first.
  adminStats: apiRoutes.adminStats,
  adminComments: apiRoutes.adminComments,
  adminComment: (id: string) => fill(apiRoutes.adminComment, { id }),
  adminMessages: apiRoutes.adminMessages,
  adminMessage: (id: string) => fill(apiRoutes.adminMessage, { id }),
  adminPosts: apiRoutes.adminPosts,
  /** The backup zip, streamed as a download (DESIGN.md "your data is yours"). */
  adminExport: apiRoutes.adminExport,
  /** A backup, WordPress, Ghost or markdown-zip file as the raw request body. */
  adminImport: apiRoutes.adminImport,
  /** Old addresses of imported posts, each answered 301 to its post. */
  oldAddresses: apiRoutes.oldAddresses,
  /** The site document (DESIGN.md "make it yours"): public to read, the author's to save. */
  site: apiRoutes.site,
  adminSite: apiRoutes.adminSite,
  siteRevisions: apiRoutes.siteRevisions,
  siteRevision: (id: string) => fill(apiRoutes.siteRevision, { id }),
  siteRevisionRestore: (id: string) => fill(apiRoutes.siteRevisionRestore, { id }),
  adminSubscribers: apiRoutes.adminSubscribers,
  adminSubscriber: (id: string) => fill(apiRoutes.adminSubscriber, { id }),
  adminSubscribersCsv: apiRoutes.adminSubscribersCsv,
  adminSubscribersImport: apiRoutes.adminSubscribersImport,
  adminNewsletters: apiRoutes.adminNewsletters,
} as const;
