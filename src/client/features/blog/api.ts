import { queryOptions } from '@tanstack/react-query';
import type { BlogViewParams } from '../../../shared/blog-view.ts';
import type { BlogView, Post } from '../../../shared/posts.ts';
import { apiPath } from '../../../shared/routes.ts';

/*
 * The blog list's queries. The keys are API addresses, which the default loader GETs
 * (lib/query-client.ts); the server prefetches a view under the same key (ssr-data.ts), so the
 * list hydrates without a request.
 */

/** One view of /blog: its page of cards and the number of matches. */
export const blogViewQuery = (view: Partial<BlogViewParams>) => queryOptions<BlogView>({ queryKey: [apiPath.blogView(view)] });

/** The admin's drafts, for the draft view and its count. */
export const draftPostsQuery = () => queryOptions<Post[]>({ queryKey: [apiPath.draftPosts] });

/** The admin's search, drafts included. */
export const searchPostsQuery = (term: string) => queryOptions<Post[]>({ queryKey: [apiPath.searchPosts(term)] });
