import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { blogViewFromSearch } from '../shared/blog-view.ts';
import type { SsrDataSource } from '../shared/pages.ts';
import { blogViewQuery } from './features/blog/api.ts';
import { blogViewMeta } from './features/blog/blog-view.ts';
import { commentsQuery } from './features/comments/api.ts';
import { latestPostsQuery } from './features/home/api.ts';
import { formOutcomeKey } from './lib/form-outcome.ts';
import { newsletterEnabledQuery, newsletterLinkQuery } from './features/newsletter/api.ts';
import { postQuery, previewQuery } from './features/post/api.ts';
import { HOME_PREVIEW_POSTS } from '../shared/constants.ts';
import { matchRoute } from '../shared/routes.ts';
import { categoryLabels } from '../shared/site.ts';
import { siteQuery } from './lib/site-document.ts';
import {
  adminMeta,
  cvMeta,
  editorMeta,
  homeMeta,
  newsletterMeta,
  notFoundMeta,
  postMeta,
  previewMeta,
  savedMeta,
  type AdminScreenPath,
  type PageMeta,
} from './seo.ts';

export interface ResolvedRoute {
  status: number;
  meta: PageMeta;
  /**
   * The queries the page's islands read: a reading page sends only these. The rest (a post's
   * body, the home page's cards) is already in its HTML, which never hydrates.
   */
  islandData: QueryKey[];
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
  const islandData: QueryKey[] = [];
  /** Data an island reads as the page boots: sent with the page. */
  const forIslands = (key: QueryKey, value: unknown) => {
    client.setQueryData(key, value);
    islandData.push(key);
  };
  const page = (status: number, meta: PageMeta): ResolvedRoute => ({ status, meta, islandData });
  if (data.formOutcome) forIslands(formOutcomeKey, data.formOutcome);
  // What the server renders of every page reads it (islands get their part as props).
  const site = await data.site();
  client.setQueryData(siteQuery().queryKey, site);
  // The subscribe forms show only where the site sends a newsletter.
  client.setQueryData(newsletterEnabledQuery().queryKey, data.newsletterLink !== undefined);
  // Which page this is comes from the route table (shared/routes.ts), as the client's router reads it.
  const matched = matchRoute(pathname);
  switch (matched?.name) {
    case 'home':
      client.setQueryData(latestPostsQuery().queryKey, await data.latestCards(HOME_PREVIEW_POSTS));
      return page(200, homeMeta(site, siteUrl));
    case 'cv':
      return page(200, cvMeta(site));
    // The list is in the reader's browser (Cache Storage): the server sends the page around it.
    case 'saved':
      return page(200, savedMeta(site));
    case 'blog': {
      // Exactly the view the address asks for (DESIGN.md), under the key the list queries it with:
      // the list is an island, it hydrates from this.
      const view = blogViewFromSearch(search, categoryLabels(site));
      const shown = await data.blogView(view);
      forIslands(blogViewQuery(view).queryKey, shown);
      return page(200, blogViewMeta(site, { ...view, page: shown.page }));
    }
    // The editor's routes render the password screen on the server; the browser decides the rest.
    case 'write':
      return page(200, editorMeta(site, pathname, 'Write New Post'));
    case 'edit':
      return page(200, editorMeta(site, pathname, 'Edit Post'));
    // So do the back office's screens: their data is fetched by the browser, behind the gate.
    case 'admin':
    case 'adminPosts':
    case 'adminComments':
    case 'adminMessages':
    case 'adminSite':
    case 'adminSubscribers':
    case 'adminSecurity':
      return page(200, adminMeta(site, pathname as AdminScreenPath));
    case 'preview': {
      const token = matched.params.token!;
      const post = await data.getPreview(token);
      // The page is rendered here and never hydrated (only its islands are): the post stays out of
      // the page's state.
      client.setQueryData(previewQuery(token).queryKey, post ?? null);
      if (!post) return page(404, notFoundMeta(site, pathname, 'Preview Not Available'));
      return page(200, previewMeta(site, post, siteUrl, token));
    }
    case 'newsletterConfirm':
    case 'newsletterUnsubscribe': {
      const token = matched.params.token!;
      const kind = matched.name === 'newsletterConfirm' ? 'confirm' : 'unsubscribe';
      // No newsletter without SMTP (DESIGN.md): no link of one either.
      const state = data.newsletterLink ? await data.newsletterLink(kind, token) : 'invalid';
      client.setQueryData(newsletterLinkQuery(kind, token).queryKey, state);
      const title = kind === 'confirm' ? 'Confirm subscription' : 'Unsubscribe';
      return page(state === 'invalid' ? 404 : 200, newsletterMeta(site, pathname, title));
    }
    case 'post': {
      const slug = matched.params.slug!;
      const post = await data.getPostBySlug(slug);
      // Rendered here only, like a preview; the comments section is an island.
      client.setQueryData(postQuery(slug).queryKey, post ?? null);
      if (!post) return page(404, notFoundMeta(site, pathname, 'Post Not Found'));
      forIslands(commentsQuery(post.id).queryKey, await data.listComments(post.id));
      return page(200, postMeta(site, post, siteUrl));
    }
    case undefined:
      return page(404, notFoundMeta(site, pathname));
  }
}
