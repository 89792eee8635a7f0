import { queryOptions } from '@tanstack/react-query';
import type { Post } from '../../../shared/posts.ts';
import { apiPath } from '../../../shared/routes.ts';

/** The home page's latest posts (HOME_PREVIEW_POSTS), loaded by the default loader; the server prefetches them. */
export const latestPostsQuery = () => queryOptions<Post[]>({ queryKey: [apiPath.latestPosts] });
