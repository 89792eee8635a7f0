import { StrictMode, type ReactNode } from 'react';
import { NavigationProvider } from '../lib/navigation.tsx';
import { PageDataProvider, type PageDataReader } from '../lib/page-data.tsx';
import { SiteConfigProvider, type SiteConfig } from '../lib/site-config.tsx';

/**
 * What every island is rendered inside, on the server and when it hydrates: the page's prefetched
 * data, the site's configuration and the page's path (its links load pages: no router). Islands
 * built on the router and the query library get those around them too (app-island.tsx);
 * providers add no markup, so hydration matches either way.
 */
export function IslandProviders({
  config,
  pageData,
  path,
  children,
}: {
  config: SiteConfig;
  pageData: PageDataReader;
  path: string;
  children: ReactNode;
}) {
  return (
    <StrictMode>
      <PageDataProvider value={pageData}>
        <SiteConfigProvider config={config}>
          <NavigationProvider value={{ path }}>{children}</NavigationProvider>
        </SiteConfigProvider>
      </PageDataProvider>
    </StrictMode>
  );
}
