import { createHmac } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { HttpError } from '../errors.ts';
import { LIMITS } from '../../shared/constants.ts';
import { isStorableText } from '../../shared/fields.ts';
import type { FormOutcome } from '../../shared/form-outcome.ts';
import type { SsrDataSource } from '../../shared/pages.ts';
import { inPrivateSection, isAuthorScreen, pageSections, routeOf } from '../../shared/routes.ts';
import { categoryLabels, type SiteDocument } from '../../shared/site.ts';
import { PRIVATE_CACHE } from '../http/cache-headers.ts';
import { mayUseSharedCache, sendRendered } from '../http/cached-response.ts';
import { takeFormOutcome } from '../http/form-posts.ts';
import { viewerOf } from '../http/viewer.ts';
import type { CommentService } from '../services/comments/index.ts';
import type { PostService } from '../services/posts/index.ts';
import type { SiteService } from '../services/site/index.ts';
import type { CacheFastPath } from '../http/cache-fast-path.ts';
import type { CachedResponse, PageCache, PagePool, RenderedResponse } from '../pages/page-cache.ts';
import type { PageRenderer } from '../pages/renderer.ts';
import { savesData } from '../pages/save-data.ts';
import type { PostReader } from '../services/posts/index.ts';
import type { PreviewLinks } from '../services/posts/index.ts';
import type { SubscriberService } from '../services/newsletter/index.ts';
import type { OldAddresses } from '../services/site-data/index.ts';
import type { Viewer } from '../lib/viewer.ts';
import type { ViewCounter } from '../services/posts/index.ts';

/**
 * The one address of a page, for addresses the router would also accept: the path the renderer
 * reads (`.` and `..` resolved, `%2e` and `\` included), without a trailing slash, with one
 * leading slash, and with the site's own sections in lower case (`/BLOG/`, `//Blog/Some-Post`,
 * `/blog/../cv` and `/cv/` are the same pages as `/blog`, `/blog/Some-Post` and `/cv`). A post's
 * slug keeps its case. Undefined when the address is already canonical.
 */
export function canonicalPagePath(pathname: string): string | undefined {
  if (!pathname.startsWith('/')) return undefined;
  // The renderer resolves the path with the URL parser: whatever it shows, the rules of that path
  // (private, noindex, not cached) must apply, so `/blog/../admin` is sent to `/admin` first.
  // Leading slashes go before and after: `//host/x` or `/a/..//host` is never another site.
  const resolved = new URL(`http://localhost/${pathname.replace(/^[/\\]+/, '')}`).pathname;
  let path = `/${resolved.replace(/^\/+/, '')}`;
  if (path.length > 1) path = path.replace(/\/+$/, '');
  const lower = path.toLowerCase();
  const section = pageSections.find((name) => lower === name || lower.startsWith(`${name}/`));
  if (section) path = section + path.slice(section.length);
  return path === pathname ? undefined : path;
}

/** A WordPress post or page id in a query (`p=12`, `page_id=7`): an old address, maybe. */
const WORDPRESS_ID = /(?:^|&)(?:p|page_id)=\d/;
const MOVED_CACHE = 'public, max-age=86400';

/** The blog's views that have an address of their own (DESIGN.md): page and category. */
const BLOG_VIEW_PARAMS = ['category', 'page'] as const;
const CACHEABLE_PAGE = /^[1-9]\d{0,4}$/;

/**
 * The address a page is rendered and kept under: what the page shows depends on its path and, on
 * /blog, on the search, the page number and the category; any other query (`?utm_source=...`)
 * shows the same page. Undefined for views that are not kept: numbers or categories nobody links
 * to, which would let anyone fill the cache with addresses of their choosing. Searches are kept
 * apart (`isSearchAddress`), in a room of their own. `categories`: the labels of the site
 * document's categories, as its buttons link to them.
 */
export function pageCacheKey(
  pathname: string,
  query: string | undefined,
  categories: readonly string[] = [],
): string | undefined {
  if (inPrivateSection(pathname)) return undefined;
  if (pathname !== '/blog') return pathname;
  const params = new URLSearchParams(query ?? '');
  const kept = new URLSearchParams();
  // As the page reads it (shared/blog-view.ts): trimmed, and an empty one is no search.
  const q = params.get('q')?.trim();
  if (q) {
    if (q.length > LIMITS.search || !isStorableText(q)) return undefined;
    kept.set('q', q);
  }
  for (const name of BLOG_VIEW_PARAMS) {
    const value = params.get(name);
    if (value === null) continue;
    if (name === 'page' && !CACHEABLE_PAGE.test(value)) return undefined;
    // Page 1 is /blog itself (the pages render the same bytes).
    if (name === 'page' && value === '1') continue;
    if (name === 'category' && !categories.includes(value)) return undefined;
    kept.set(name, value);
  }
  const search = kept.toString();
  return search ? `${pathname}?${search}` : pathname;
}

/**
 * The page cache's key for the page kept under `address`: a data-saver page (no script, smallest
 * images) is another page. No address starts with `save-data:`, so the two never meet.
 */
const pageCacheEntry = (address: string, saveData: boolean): string => (saveData ? `save-data:${address}` : address);

/** A search's address (a key of pageCacheKey with `q`): kept among the searches. */
export const isSearchAddress = (address: string): boolean => /[?&]q=/.test(address);

/** Every GET that is not the API, an upload or a static file is a page rendered on the server. */
export const pageRoutes: FastifyPluginAsync<{
  renderer: PageRenderer;
  posts: PostService;
  comments: CommentService;
  reader: PostReader;
  site: SiteService;
  views: ViewCounter;
  cache: PageCache;
  /** Told of each page sent from the cache, with its headers, to answer that address itself next time. */
  fastPath?: CacheFastPath;
  previews: PreviewLinks;
  /** Keys the pages' nonces (the session secret). */
  secret: string;
  /** Whether cookies go over https only (SITE_URL is https). */
  secureCookies: boolean;
  /** Where an old address of an imported post leads now (site-data/old-addresses.ts). */
  oldAddresses?: Pick<OldAddresses, 'target'>;
  /** The newsletter's subscribers, when the site sends one (SMTP): their links' pages read them. */
  subscribers?: Pick<SubscriberService, 'confirmState' | 'unsubscribeState'>;
}> = async (
  app,
  { renderer, posts, comments, reader, site, views, cache, fastPath, previews, secret, secureCookies, oldAddresses, subscribers },
) => {
  /**
   * A request for an address of the site this one replaced (an imported post's permalink, its
   * `?p=` id) answered 301 to the post, with no hop between. Asked only of addresses that are no
   * page here, those with a WordPress id in their query, and posts not found.
   */
  const moved = async (url: string, reply: FastifyReply, idOnly = false): Promise<boolean> => {
    const target = oldAddresses && (await oldAddresses.target(url, { idOnly }));
    if (!target) return false;
    // Kept a day by browsers and caches, not for ever: the author may still move the post.
    await reply.header('cache-control', MOVED_CACHE).redirect(target, 301);
    return true;
  };
  /** Pages of this request sent from the cache, for the fast path (onResponse below). */
  const hits = new WeakMap<object, { key: string; pool: PagePool; entry: CachedResponse; saveData: boolean }>();
  if (fastPath) {
    app.addHook('onResponse', async (request, reply) => {
      const hit = hits.get(request);
      if (hit && request.method === 'GET' && reply.statusCode === 200) {
        fastPath.remember(request.url, hit.saveData, hit.key, hit.pool, hit.entry, reply.getHeaders());
      }
    });
  }

  /**
   * The site document as the pages show it, read again only when the pages' generation moved (a
   * save of the document moves it, on every instance): a page rendered for a new search or a new
   * address costs no read, parse and check of the whole document. Readers asking at once share one read.
   */
  let knownSite: { generation: number; document: Promise<SiteDocument> } | undefined;
  function currentSite(): Promise<SiteDocument> {
    const generation = cache.currentGeneration;
    if (knownSite && knownSite.generation === generation) return knownSite.document;
    const document = site.get();
    if (generation !== undefined) {
      const kept = { generation, document };
      knownSite = kept;
      document.catch(() => {
        if (knownSite === kept) knownSite = undefined;
      });
    }
    return document;
  }

  /** The blog's category labels: those with an address of their own (a cached /blog view costs no query). */
  async function categoryAddresses(): Promise<string[]> {
    return categoryLabels(await currentSite());
  }

  /**
   * The page at `url` as this viewer may see it, with the same bytes each time it is the same; with
   * what a form sent from it without script came to, when there is one.
   */
  async function renderPage(
    url: string,
    viewer: Viewer,
    placeholder: string,
    saveData: boolean,
    formOutcome?: FormOutcome,
  ): Promise<RenderedResponse> {
    let postId: string | undefined;
    let keep = true;
    const document = await currentSite();
    const page = await renderer.render(url, {
      nonce: placeholder,
      saveData,
      data: {
        ...(formOutcome ? { formOutcome } : {}),
        site: async () => document,
        latestCards: (limit) => posts.latestCards(limit),
        blogView: async (view) => {
          const shown = await posts.view(view);
          // A number past the last shows the last page (SPEC.md): that page has an address of its own.
          if (shown.page !== view.page) keep = false;
          return shown;
        },
        // The page shows `Post Not Found` for a missing post and, to visitors, for a draft.
        getPostBySlug: async (slug) => {
          try {
            const post = await reader.open(viewer, slug, { countRead: false });
            if (reader.isVisible(post)) postId = post.id;
            return post;
          } catch (error) {
            if (error instanceof HttpError && error.statusCode < 500) return undefined;
            throw error;
          }
        },
        listComments: (id) => comments.listPublished(id),
        // Whoever holds a valid link sees the post as readers will, whatever its status.
        getPreview: async (token) => {
          const id = previews.verify(token);
          const post = id && (await posts.findById(id));
          return post ? reader.render(post) : undefined;
        },
        ...(subscribers
          ? {
              newsletterLink: (kind: 'confirm' | 'unsubscribe', token: string) =>
                kind === 'confirm' ? subscribers.confirmState(token) : subscribers.unsubscribeState(token),
            }
          : {}),
      } satisfies SsrDataSource,
    });
    // The same page gets the same bytes, nonce included, so that its ETag holds and a cache may
    // keep it: the nonce becomes a keyed hash of the page (rendered around a random placeholder,
    // which the hash leaves out). The hash names this exact page, so it is the ETag too.
    const template = page.html.replaceAll(placeholder, '');
    const nonce = createHmac('sha256', secret).update(template).digest('base64').slice(0, 24);
    return {
      status: page.status,
      body: page.html.replaceAll(placeholder, nonce),
      contentType: 'text/html; charset=utf-8',
      etag: nonce,
      nonce,
      postId,
      keep,
    };
  }

  // Reader pages are the bulk of requests, most of them from the cache: not logged one by one (a
  // proxy's or CDN's access log has them); their errors and warnings still are.
  app.get('/*', { logLevel: 'warn' }, async (request, reply) => {
    if (request.url.startsWith('/api/')) {
      return reply.code(404).send({ message: `Route GET ${request.url.split('?')[0]} not found` });
    }
    const [pathname = '/', query] = request.url.split(/\?(.*)/s);
    const canonical = canonicalPagePath(pathname);
    const path = canonical ?? pathname;
    const known = routeOf(path) !== undefined;
    if ((!known || WORDPRESS_ID.test(query ?? '')) && (await moved(request.url, reply, known))) return reply;
    if (canonical) return reply.redirect(query === undefined ? canonical : `${canonical}?${query}`, 301);
    const viewer = viewerOf(request);
    // A reader in data-saver mode gets the page without script (DESIGN.md); the author's screens
    // are the app itself and stay whole. Every page says it varies so, for a CDN to keep both.
    const saveData = savesData(request.headers['save-data']) && !isAuthorScreen(pathname);
    reply.header('vary', 'save-data');
    // A form sent from this page without script came back here (303): this visitor's page shows
    // its outcome and what they typed, once, so it is rendered for them alone and kept by no cache.
    const formOutcome = takeFormOutcome(request, reply, pathname, secureCookies);
    // Which /blog categories have an address of their own: only /blog needs the document here.
    const categories = pathname === '/blog' ? await categoryAddresses() : [];
    const address = mayUseSharedCache(request) && !formOutcome ? pageCacheKey(pathname, query, categories) : undefined;
    let response: RenderedResponse;
    if (formOutcome) {
      response = await renderPage(request.url, viewer, reply.scriptNonce, saveData, formOutcome);
      reply.header('cache-control', PRIVATE_CACHE);
    } else if (address === undefined) {
      response = await renderPage(request.url, viewer, reply.scriptNonce, saveData);
      // What the author sees (the admin screens) and previews are kept by no cache; visitors'
      // pages get the public rule of http/cache-headers.ts.
      if (inPrivateSection(pathname)) reply.header('cache-control', PRIVATE_CACHE);
      // A preview shows what is not public yet: never listed by a search engine.
      if (routeOf(pathname)?.route.access === 'link') reply.header('x-robots-tag', 'noindex, nofollow');
    } else {
      const key = pageCacheEntry(address, saveData);
      const pool = isSearchAddress(address) ? 'searches' : 'pages';
      const kept = cache.get(key, pool);
      if (kept) hits.set(request, { key, pool, entry: kept, saveData });
      response = kept ?? (await cache.render(key, () => renderPage(address, viewer, reply.scriptNonce, saveData), pool));
    }
    if (response.status === 404 && routeOf(path)?.name === 'post' && (await moved(request.url, reply))) return reply;
    // Every read of a post counts, whether its page came from the cache or not (once per reader
    // per day: views.ts); the count is queued, never awaited.
    if (response.postId) views.record(viewer, response.postId);
    return sendRendered(request, reply, response);
  });
};
