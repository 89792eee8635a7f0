import { queryOptions } from '@tanstack/react-query';
import type { RenderedPost } from '../../../shared/posts.ts';
import { apiRequest } from '../../lib/api.ts';
import { apiPath } from '../../../shared/routes.ts';

/** A reader's post by slug; `null` when there is none to show (SPEC.md: any non-OK is "not found"). */
export const postQuery = (slug: string) =>
  queryOptions<RenderedPost | null>({
    queryKey: [apiPath.posts, encodeURIComponent(slug)],
    enabled: slug !== '',
    queryFn: async () => {
      try {
        return (await (await apiRequest('GET', apiPath.post(slug))).json()) as RenderedPost;
      } catch {
        return null;
      }
    },
  });

/**
 * The post a signed preview address shows; `null` when the token is refused. Only the server can
 * open a token (it renders the page with the post in the cache), so there is nothing to fetch:
 * undefined means the page was reached without the server, and must be loaded from it.
 */
export const previewQuery = (token: string) =>
  queryOptions<RenderedPost | null>({ queryKey: ['preview', token], enabled: false });
