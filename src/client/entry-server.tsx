import { dehydrate, type DehydratedState, hashKey, HydrationBoundary, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { App } from './app.tsx';
import { IslandCollectorContext, type IslandCollector } from './islands/island.tsx';
import { islandIdPrefix } from './islands/island-id.ts';
import { IslandProviders } from './islands/providers.tsx';
import { appIslands, islands, type IslandName } from './islands/registry.ts';
import { dehydratedReader } from './lib/page-data.tsx';
import { createQueryClient } from './lib/query-client.ts';
import { SiteConfigProvider } from './lib/site-config.tsx';
import { isAuthorScreen } from '../shared/routes.ts';
import { renderHeadTags } from './seo.ts';
import { resolveRoute } from './ssr-data.ts';
import type { RenderPage, RenderResult, SiteConfig, SsrDataSource } from '../shared/pages.ts';

export { serializeForScript } from './seo.ts';

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

export const render: RenderPage = async (
  url: string,
  data: SsrDataSource,
  options: { config: SiteConfig; nonce: string },
): Promise<RenderResult> => {
  const { pathname, search } = new URL(url, 'http://localhost');
  const queryClient = createQueryClient();
  const route = await resolveRoute({ pathname, search }, queryClient, data, options.config.siteUrl);
  const all = withoutClock(dehydrate(queryClient));
  // A reading page sends the data its islands read, no more: the rest is in its HTML (a post's
  // body would travel twice). The author's screens hydrate whole.
  const sent = new Set(route.islandData.map((key) => hashKey(key)));
  const queries = isAuthorScreen(pathname)
    ? all
    : withoutClock(dehydrate(queryClient, { shouldDehydrateQuery: (query) => sent.has(query.queryHash) }));
  const ssrSearch = search.replace(/^\?/, '');
  const shell = (collector: IslandCollector | undefined) =>
    renderToString(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <HydrationBoundary state={all}>
            <SiteConfigProvider config={options.config}>
              <Router ssrPath={pathname} ssrSearch={ssrSearch}>
                <IslandCollectorContext.Provider value={collector}>
                  <App />
                </IslandCollectorContext.Provider>
              </Router>
            </SiteConfigProvider>
          </HydrationBoundary>
        </QueryClientProvider>
      </StrictMode>,
    );

  let html: string;
  const found: { name: IslandName; props: object; marker: string }[] = [];
  if (isAuthorScreen(pathname)) {
    html = shell(undefined);
  } else {
    // The page first, with a placeholder per island; then each island alone, as the browser
    // hydrates it (its own root, its own useId prefix). Placeholders carry a token no content has.
    const token = crypto.randomUUID();
    // Islands read the page's data as the browser will: from the dehydrated state it is sent.
    const pageData = dehydratedReader(queries);
    html = shell({
      add(name, props) {
        const marker = `<!--island:${token}:${found.length}-->`;
        found.push({ name, props, marker });
        return marker;
      },
    });
    found.forEach(({ name, props, marker }, index) => {
      const Component = islands[name] as ComponentType<object>;
      const island = renderToString(
        <QueryClientProvider client={queryClient}>
          <Router ssrPath={pathname} ssrSearch={ssrSearch}>
            <IslandProviders config={options.config} pageData={pageData} path={pathname}>
              <Component {...props} />
            </IslandProviders>
          </Router>
        </QueryClientProvider>,
        { identifierPrefix: islandIdPrefix(index) },
      );
      html = html.replace(marker, () => island);
    });
  }
  // The queries' garbage-collection timers (gcTime) would keep every render's data alive for
  // minutes on the server; the page has what it needs.
  queryClient.clear();
  return {
    status: route.status,
    html,
    // Structured data is a <script> element too: a data-saver page has none (DESIGN.md).
    head: renderHeadTags(
      options.config.saveData ? { ...route.meta, structuredData: undefined } : route.meta,
      options.config.siteUrl,
      options.nonce,
    ),
    state: { config: options.config, queries },
    entry: isAuthorScreen(pathname) ? 'app' : found.some(({ name }) => appIslands.has(name)) ? 'blog' : 'reader',
  };
};
