import { createContext, useContext, type ReactNode } from 'react';
import type { SiteConfig } from '../../shared/pages.ts';

export type { SiteConfig } from '../../shared/pages.ts';

const SiteConfigContext = createContext<SiteConfig>({ siteUrl: '' });

export function SiteConfigProvider({ config, children }: { config: SiteConfig; children: ReactNode }) {
  return <SiteConfigContext.Provider value={config}>{children}</SiteConfigContext.Provider>;
}

export function useSiteConfig(): SiteConfig {
  return useContext(SiteConfigContext);
}
