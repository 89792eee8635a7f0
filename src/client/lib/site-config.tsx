import { createContext, useContext, type ReactNode } from 'react';

/** The hand-picked public part of the server's configuration, sent with the first page. */
export interface SiteConfig {
  /** Canonical origin (SITE_URL), for share links and canonical URLs. */
  siteUrl: string;
}

const SiteConfigContext = createContext<SiteConfig>({ siteUrl: '' });

export function SiteConfigProvider({ config, children }: { config: SiteConfig; children: ReactNode }) {
  return <SiteConfigContext.Provider value={config}>{children}</SiteConfigContext.Provider>;
}

export function useSiteConfig(): SiteConfig {
  return useContext(SiteConfigContext);
}
