import { useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

/**
 * False on the server and while the page hydrates, true once the page's script runs. A control
 * that needs script renders its script-free form (a link, a disclosure) until then, so a reader
 * without JavaScript, or on a data-saver page that has none, gets a working one (DESIGN.md
 * "readers on metered data"), and hydration still matches the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
