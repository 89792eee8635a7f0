import { dehydrate, HydrationBoundary, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { App } from './app.tsx';
import { createQueryClient } from './lib/query-client.ts';
import { matchPublicRoute, type SsrDataSource } from './ssr-data.ts';

export type { SsrDataSource } from './ssr-data.ts';

export interface RenderResult {
  status: number;
  html: string;
  /** Dehydrated TanStack Query cache, for the browser to pick up without refetching. */
  state: unknown;
  title: string;
}

export async function render(url: string, data: SsrDataSource): Promise<RenderResult> {
  const { pathname, search } = new URL(url, 'http://localhost');
  const route = matchPublicRoute(pathname);
  const queryClient = createQueryClient();
  await route.prefetch?.(queryClient, data);
  const state = dehydrate(queryClient);
  const html = renderToString(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <HydrationBoundary state={state}>
          <Router ssrPath={pathname} ssrSearch={search.replace(/^\?/, '')}>
            <App />
          </Router>
        </HydrationBoundary>
      </QueryClientProvider>
    </StrictMode>,
  );
  return { status: route.status, html, state, title: route.status === 404 ? '404 Page Not Found' : 'Portfolio' };
}
