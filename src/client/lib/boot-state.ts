import type { SiteConfig } from './site-config.tsx';

/** What the browser reads back from the page's JSON state script (`#__QUERY_STATE__`). */
export interface BootState {
  config: SiteConfig;
  /** The TanStack Query cache the server prefetched, dehydrated. */
  queries: unknown;
}

let boot: BootState | undefined;

/** The page's state, parsed once. */
export function readBootState(): BootState {
  if (!boot) {
    const text = document.getElementById('__QUERY_STATE__')?.textContent;
    boot = text ? (JSON.parse(text) as BootState) : { config: { siteUrl: window.location.origin }, queries: undefined };
  }
  return boot;
}
