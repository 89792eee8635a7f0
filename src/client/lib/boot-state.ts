import type { BootState } from '../../shared/pages.ts';

export type { BootState } from '../../shared/pages.ts';

let boot: BootState | undefined;

/** The page's state, parsed once. */
export function readBootState(): BootState {
  if (!boot) {
    const text = document.getElementById('__QUERY_STATE__')?.textContent;
    boot = text ? (JSON.parse(text) as BootState) : { config: { siteUrl: window.location.origin }, queries: undefined };
  }
  return boot;
}
