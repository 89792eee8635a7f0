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
