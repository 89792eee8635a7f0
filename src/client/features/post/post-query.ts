import { useQuery } from '@tanstack/react-query';
import type { RenderedPost } from '../../../shared/posts.ts';
import { apiRequest } from '../../lib/api.ts';
import { api } from '../../paths.ts';

export const postQueryKey = (slug: string) => [api.posts, encodeURIComponent(slug)];

/** A reader's post by slug; `null` when there is none to show (SPEC.md: any non-OK is "not found"). */
export function usePostBySlug(slug: string) {
  return useQuery<RenderedPost | null>({
    queryKey: postQueryKey(slug),
    enabled: slug !== '',
    queryFn: async () => {
      try {
        return (await (await apiRequest('GET', `${api.posts}/${encodeURIComponent(slug)}`)).json()) as RenderedPost;
      } catch {
        return null;
      }
    },
  });
}

export const previewQueryKey = (token: string) => ['preview', token];

/**
 * The post a signed preview address shows; `null` when the token is refused. Only the server can
 * open a token (it renders the page with the post in the cache), so there is nothing to fetch:
 * undefined means the page was reached without the server, and must be loaded from it.
 */
export function usePreview(token: string) {
  return useQuery<RenderedPost | null>({ queryKey: previewQueryKey(token), enabled: false });
}
