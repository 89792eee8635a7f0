import { hydrate, QueryClientProvider, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { Router } from 'wouter';
import { clearAdminFlag } from '../lib/admin-session.ts';
import { setUnauthorizedHandler } from '../lib/api.ts';
import { readBootState } from '../lib/boot-state.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { readerNavigation } from './navigation.ts';

let client: QueryClient | undefined;

/** The page's one query client, filled from its dehydrated state: made by the first island using it. */
function pageQueryClient(): QueryClient {
  if (!client) {
    client = createQueryClient();
    hydrate(client, (readBootState().queries ?? {}) as DehydratedState);
    // DESIGN.md: any 401 from the server clears the admin flag (these islands show admin controls).
    setUnauthorizedHandler(clearAdminFlag);
  }
  return client;
}

/**
 * An island built on the app's libraries (the blog list: wouter and TanStack Query), with the
 * router and the query client around it, as the server rendered it (entry-blog.tsx).
 */
export function withAppProviders<P extends object>(Component: ComponentType<P>): (props: P) => React.JSX.Element {
  return function AppIsland(props: P) {
    return (
      <QueryClientProvider client={pageQueryClient()}>
        <Router aroundNav={readerNavigation}>
          <Component {...props} />
        </Router>
      </QueryClientProvider>
    );
  };
}
