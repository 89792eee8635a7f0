import { dehydrate, type DehydratedState, HydrationBoundary, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { App } from './app.tsx';
import { createQueryClient } from './lib/query-client.ts';
import { SiteConfigProvider, type SiteConfig } from './lib/site-config.tsx';
import { renderHeadTags } from './seo.ts';
import { resolveRoute, type SsrDataSource } from './ssr-data.ts';

export type { SsrDataSource } from './ssr-data.ts';
export { serializeForScript } from './seo.ts';

/** What the browser reads back from the page's JSON state script. */
export interface BootState {
  config: SiteConfig;
  queries: unknown;
}

export interface RenderResult {
  status: number;
  html: string;
  /** <title>, meta tags, canonical link and JSON-LD of the page. */
  head: string;
  state: BootState;
}

/**
 * The same page has the same bytes (its ETag, and the page cache, rely on it): the times the
 * server fetched and dehydrated the data stay out. They only tell a browser's cache which copy of
 * a query is newer, and on the first load the browser has none; staleTime is Infinity.
 */
function withoutClock(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) => ({
      ...query,
      dehydratedAt: 0,
      state: { ...query.state, dataUpdatedAt: 0, errorUpdatedAt: 0 },
    })),
  };
}

export async function render(
  url: string,
  data: SsrDataSource,
  options: { config: SiteConfig; nonce: string },
): Promise<RenderResult> {
  const { pathname, search } = new URL(url, 'http://localhost');
  const queryClient = createQueryClient();
  const route = await resolveRoute(pathname, queryClient, data, options.config.siteUrl);
  const queries = withoutClock(dehydrate(queryClient));
  const html = renderToString(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <HydrationBoundary state={queries}>
          <SiteConfigProvider config={options.config}>
            <Router ssrPath={pathname} ssrSearch={search.replace(/^\?/, '')}>
              <App />
            </Router>
          </SiteConfigProvider>
        </HydrationBoundary>
      </QueryClientProvider>
    </StrictMode>,
  );
  return {
    status: route.status,
    html,
    head: renderHeadTags(route.meta, options.config.siteUrl, options.nonce),
    state: { config: options.config, queries },
  };
}
