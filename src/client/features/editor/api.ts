import { hashKey, queryOptions, type Query, type QueryClient } from '@tanstack/react-query';
import type { Post, RenderedPost } from '../../../shared/posts.ts';
import type { Revision, RevisionSummary } from '../../../shared/revisions.ts';
import { apiPath } from '../../../shared/routes.ts';

/*
 * The editor's queries, loaded by the default loader (lib/query-client.ts: the key's parts joined
 * with slashes are the address).
 */

/** The post being edited, by id; nothing to load for a new post. Never kept once the editor closes. */
export const editorPostQuery = (postId: string | undefined) =>
  queryOptions<Post>({ queryKey: [apiPath.posts, postId ?? ''], enabled: postId !== undefined, gcTime: 0 });

/** A post's saved versions, newest first. Always fresh when asked: another tab may have saved since. */
export const revisionsQuery = (postId: string) =>
  queryOptions<RevisionSummary[]>({ queryKey: [apiPath.revisions(postId)], staleTime: 0 });

/** One saved version, whole; nothing to load until one is chosen. */
export const revisionQuery = (postId: string, revisionId: string | undefined) =>
  queryOptions<Revision>({
    // No id, no address (an empty segment is no path): the key only has to differ from a real one.
    queryKey: [revisionId === undefined ? `${apiPath.revisions(postId)}#none` : apiPath.revision(postId, revisionId)],
    enabled: revisionId !== undefined,
  });

/**
 * Every query under /api/blog-posts: post lists of every feature, a post, its revisions. A save or
 * a delete refreshes them all.
 */
export const isPostQuery = (query: Query) => String(query.queryKey[0]).startsWith(apiPath.posts);

/**
 * After a save: the save's answer (the post as saved, rendered as its GET answers it) becomes the
 * editor's loaded post instead of being fetched again; every other query under /api/blog-posts
 * (lists, revisions, the post under its old slug) is refreshed. `stays`: the editor goes on with
 * this post; one leaving for the post's page does not keep it (the editor's entry lives only while
 * an editor shows it).
 */
export async function keepSavedPost(queryClient: QueryClient, post: RenderedPost, stays: boolean): Promise<void> {
  const { queryKey } = editorPostQuery(post.id);
  if (stays) queryClient.setQueryData(queryKey, post);
  const saved = hashKey(queryKey);
  await queryClient.invalidateQueries({ predicate: (query) => isPostQuery(query) && query.queryHash !== saved });
}
