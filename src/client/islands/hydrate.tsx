import type { ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { readBootState } from '../lib/boot-state.ts';
import { dehydratedReader } from '../lib/page-data.tsx';
import { islandIdPrefix } from './island-id.ts';
import { IslandProviders } from './providers.tsx';
import type { IslandName } from './registry.ts';

export type IslandComponents = Partial<Record<IslandName, ComponentType<never>>>;

/**
 * Makes each island of the page (islands/island.tsx) a React root, hydrated with its component and
 * the providers the server rendered it with. The rest of the page stays the server's HTML.
 */
export function hydrateIslands(components: IslandComponents): void {
  const boot = readBootState();
  const pageData = dehydratedReader(boot.queries);
  document.querySelectorAll<HTMLElement>('[data-island]').forEach((element, index) => {
    const Component = components[element.dataset.island as IslandName] as ComponentType<object> | undefined;
    if (!Component) return;
    const props = element.dataset.props ? (JSON.parse(element.dataset.props) as object) : {};
    hydrateRoot(
      element,
      <IslandProviders config={boot.config} pageData={pageData} path={window.location.pathname}>
        <Component {...props} />
      </IslandProviders>,
      { identifierPrefix: islandIdPrefix(index) },
    );
  });
}
