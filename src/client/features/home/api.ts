import { queryOptions } from '@tanstack/react-query';
import type { LatestPosts } from '../../../shared/pages.ts';
import { apiPath } from '../../../shared/routes.ts';

/** The home page's latest posts (HOME_PREVIEW_POSTS), loaded by the default loader; the server prefetches them. */
export const latestPostsQuery = () => queryOptions<LatestPosts>({ queryKey: [apiPath.latestPosts] });
