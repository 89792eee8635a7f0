import { createHmac } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { HttpError } from '../errors.ts';
import { PRIVATE_CACHE } from '../http/cache-headers.ts';
import { viewerOf } from '../http/viewer.ts';
import type { CommentService } from '../services/comments.ts';
import type { PostService } from '../services/posts.ts';
import type { PageRenderer } from '../services/renderer.ts';
import type { PostReader } from '../services/post-reader.ts';

const SECTIONS = ['/cv', '/blog', '/write', '/edit', '/admin'];

/**
 * The one address of a page, for addresses the router would also accept: without a trailing
 * slash, with one leading slash, and with the site's own sections in lower case (`/BLOG/`,
 * `//Blog/Some-Post` and `/cv/` are the same pages as `/blog`, `/blog/Some-Post` and `/cv`). A
 * post's slug keeps its case. Undefined when the address is already canonical.
 */
export function canonicalPagePath(pathname: string): string | undefined {
  // `//host/x` or `/\host`: the same page as `/host/x` on this site, never a link to another one.
  if (/^\/[/\\]/.test(pathname))
    return canonicalPagePath(`/${pathname.replace(/^[/\\]+/, '')}`) ?? `/${pathname.replace(/^[/\\]+/, '')}`;
  if (!pathname.startsWith('/')) return undefined;
  let path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '') return undefined;
  const lower = path.toLowerCase();
  const section = SECTIONS.find((name) => lower === name || lower.startsWith(`${name}/`));
  if (section) path = section + path.slice(section.length);
  return path === pathname ? undefined : path;
}

const AUTHOR_SCREENS = /^\/(admin|write|edit)(\/|$)/;
const isAuthorScreen = (pathname: string) => AUTHOR_SCREENS.test(pathname);

/** Every GET that is not the API, an upload or a static file is a page rendered on the server. */
export const pageRoutes: FastifyPluginAsync<{
  renderer: PageRenderer;
  posts: PostService;
  comments: CommentService;
  reader: PostReader;
  /** Keys the pages' nonces (the session secret). */
  secret: string;
}> = async (app, { renderer, posts, comments, reader, secret }) => {
  app.get('/*', async (request, reply) => {
    if (request.url.startsWith('/api/')) {
      return reply.code(404).send({ message: `Route GET ${request.url.split('?')[0]} not found` });
    }
    const [pathname = '/', query] = request.url.split(/\?(.*)/s);
    const canonical = canonicalPagePath(pathname);
    if (canonical) return reply.redirect(query === undefined ? canonical : `${canonical}?${query}`, 301);
    const page = await renderer.render(request.url, {
      nonce: reply.scriptNonce,
      data: {
        listPublishedPosts: (limit) => posts.list({ published: true, limit }),
        // The page shows `Post Not Found` for a missing post and, to visitors, for a draft.
        getPostBySlug: (slug) =>
          reader.open(viewerOf(request), slug).catch((error: unknown) => {
            if (error instanceof HttpError && error.statusCode < 500) return undefined;
            throw error;
          }),
        listComments: (postId) => comments.listPublished(postId),
      },
    });
    // The same page gets the same bytes, nonce included, so that its ETag holds and a cache may
    // keep it: the nonce becomes a keyed hash of the page (rendered around a
    // random placeholder, which the hash leaves out).
    const template = page.html.replaceAll(reply.scriptNonce, '');
    const nonce = createHmac('sha256', secret).update(template).digest('base64').slice(0, 24);
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string') reply.header('content-security-policy', csp.replaceAll(reply.scriptNonce, nonce));
    // What the author sees (the admin screens) is kept by no cache; visitors' pages get the
    // public rule of http/cache-headers.ts.
    if (isAuthorScreen(pathname)) reply.header('cache-control', PRIVATE_CACHE);
    // The keyed hash names this exact page: it is the ETag too, which spares hashing it twice.
    reply.header('etag', `W/"${nonce}"`);
    return reply
      .code(page.status)
      .header('content-type', 'text/html; charset=utf-8')
      .send(page.html.replaceAll(reply.scriptNonce, nonce));
  });
};
