import type { QueryClient } from '@tanstack/react-query';
import type { Post } from '../shared/posts.ts';
import { api } from './paths.ts';

/** What the server hands the renderer to prefetch a page's data without an HTTP round trip. */
export interface SsrDataSource {
  listPublishedPosts(limit?: number): Promise<Post[]>;
}

export interface RouteMatch {
  status: number;
  prefetch?: (client: QueryClient, data: SsrDataSource) => Promise<void>;
}

/** Which public routes exist and what each one needs before it can render. */
export function matchPublicRoute(pathname: string): RouteMatch {
  if (pathname === '/') {
    return {
      status: 200,
      prefetch: async (client, data) => {
        client.setQueryData([api.latestPosts], await data.listPublishedPosts(3));
      },
    };
  }
  return { status: 404 };
}
