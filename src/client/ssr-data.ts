import type { QueryClient } from '@tanstack/react-query';
import type { Comment } from '../shared/comments.ts';
import type { FormOutcome } from '../shared/form-outcome.ts';
import { blogViewFromSearch, type BlogViewParams } from '../shared/blog-view.ts';
import type { BlogView, Post, RenderedPost } from '../shared/posts.ts';
import { blogViewQuery } from './features/blog/api.ts';
import { blogViewMeta } from './features/blog/blog-view.ts';
import { commentsQuery } from './features/comments/api.ts';
import { latestPostsQuery } from './features/home/api.ts';
import { formOutcomeKey } from './lib/form-outcome.ts';
import { postQuery, previewQuery } from './features/post/api.ts';
import { HOME_PREVIEW_POSTS } from '../shared/constants.ts';
import { pageRoutes, routePrefix } from '../shared/routes.ts';
import {
  adminMeta,
  adminScreens,
  cvMeta,
  editorMeta,
  homeMeta,
  notFoundMeta,
  postMeta,
  previewMeta,
  type AdminScreenPath,
  type PageMeta,
} from './seo.ts';

/** What the server hands the renderer to prefetch a page's data without an HTTP round trip. */
export interface SsrDataSource {
  listPublishedPosts(limit?: number): Promise<Post[]>;
  /** One view of /blog: the cards of its page (clamped) and the number of matches. */
  blogView(view: BlogViewParams): Promise<BlogView>;
  /** The post this reader may see at `slug` (drafts only for the admin), markdown rendered. */
  getPostBySlug(slug: string): Promise<RenderedPost | undefined>;
  listComments(postId: string): Promise<Comment[]>;
  /**
   * The post a signed preview address shows (`/preview/<token>`, DESIGN.md "preview links"), draft
   * or scheduled, markdown rendered; undefined when the token is tampered with, expired or its
   * post is gone.
   */
  getPreview(token: string): Promise<RenderedPost | undefined>;
  /**
   * What a form sent from this page without script came to (its 303 led here): the page shows it
   * beside the form, with what was typed when it failed. Only on the page that follows the form.
   */
  formOutcome?: FormOutcome;
}

export interface ResolvedRoute {
  status: number;
  meta: PageMeta;
}

/** Cards show at most 150 characters of content: the page ships no more than that of each post. */
const CARD_CONTENT_LENGTH = 200;
const toCardPost = <P extends Post>(post: P): P => ({ ...post, content: post.content.slice(0, CARD_CONTENT_LENGTH) });

/** The one parameter of a path under `prefix` (`/blog/<slug>`, `/preview/<token>`), decoded. */
function paramAfter(prefix: string, pathname: string): string | undefined {
  if (!pathname.startsWith(prefix)) return undefined;
  const match = /^([^/]+)\/?$/.exec(pathname.slice(prefix.length));
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return undefined;
  }
}

/**
 * Which public routes exist, the data each needs in the query cache before it can render, and
 * its status and metadata. Keys come from the features' queries (`features/<name>/api.ts`), the
 * ones the pages ask for, so the browser does not refetch.
 * `/blog` reads its view from the query string (`search`, with or without its `?`).
 */
export async function resolveRoute(
  { pathname, search }: { pathname: string; search: string },
  client: QueryClient,
  data: SsrDataSource,
  siteUrl: string,
): Promise<ResolvedRoute> {
  if (data.formOutcome) client.setQueryData(formOutcomeKey, data.formOutcome);
  if (pathname === pageRoutes.home.path) {
    client.setQueryData(latestPostsQuery().queryKey, (await data.listPublishedPosts(HOME_PREVIEW_POSTS)).map(toCardPost));
    return { status: 200, meta: homeMeta(siteUrl) };
  }
  if (pathname === pageRoutes.cv.path) return { status: 200, meta: cvMeta() };
  if (pathname === pageRoutes.blog.path) {
    // Exactly the view the address asks for (DESIGN.md), under the key the list queries it with.
    const view = blogViewFromSearch(search);
    const shown = await data.blogView(view);
    client.setQueryData(blogViewQuery(view).queryKey, shown);
    return { status: 200, meta: blogViewMeta({ ...view, page: shown.page }) };
  }
  // The editor's routes render the password screen on the server; the browser decides the rest.
  if (pathname === pageRoutes.write.path) return { status: 200, meta: editorMeta(pathname, 'Write New Post') };
  if (/^\/edit\/[^/]+\/?$/.test(pathname)) return { status: 200, meta: editorMeta(pathname, 'Edit Post') };
  // So do the back office's screens: their data is fetched by the browser, behind the gate.
  if (Object.hasOwn(adminScreens, pathname)) return { status: 200, meta: adminMeta(pathname as AdminScreenPath) };
  const token = paramAfter(routePrefix('preview'), pathname);
  if (token !== undefined) {
    const post = await data.getPreview(token);
    // The page is rendered here and never hydrated (only its islands are): it needs the body's
    // HTML, and of the markdown only the description's start.
    client.setQueryData(previewQuery(token).queryKey, post ? toCardPost(post) : null);
    if (!post) return { status: 404, meta: notFoundMeta(pathname, 'Preview Not Available') };
    return { status: 200, meta: previewMeta(post, siteUrl, token) };
  }
  const slug = paramAfter(routePrefix('post'), pathname);
  if (slug !== undefined) {
    const post = await data.getPostBySlug(slug);
    // The page shows the rendered body; of the markdown it needs only the description's start.
    client.setQueryData(postQuery(slug).queryKey, post ? toCardPost(post) : null);
    if (!post) return { status: 404, meta: notFoundMeta(pathname, 'Post Not Found') };
    client.setQueryData(commentsQuery(post.id).queryKey, await data.listComments(post.id));
    return { status: 200, meta: postMeta(post, siteUrl) };
  }
  return { status: 404, meta: notFoundMeta(pathname) };
}
