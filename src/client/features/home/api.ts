import { queryOptions } from '@tanstack/react-query';
import type { Post } from '../../../shared/posts.ts';
import { api } from '../../paths.ts';

/** The home page's three latest posts, loaded by the default loader; the server prefetches them. */
export const latestPostsQuery = () => queryOptions<Post[]>({ queryKey: [api.latestPosts] });
