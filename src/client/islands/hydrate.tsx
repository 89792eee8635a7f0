import { useEffect, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { readBootState } from '../lib/boot-state.ts';
import { dehydratedReader } from '../lib/page-data.tsx';
import { islandIdPrefix } from './island-id.ts';
import { IslandProviders } from './providers.tsx';
import type { IslandName } from './registry.ts';

export type IslandComponents = Partial<Record<IslandName, ComponentType<never>>>;

/** Calls `onCommit` once its tree is on the page, live: after its root's first commit. */
function Committed({ onCommit }: { onCommit: () => void }) {
  useEffect(onCommit, [onCommit]);
  return null;
}

/**
 * Makes each island of the page (islands/island.tsx) a React root, hydrated with its component and
 * the providers the server rendered it with. The rest of the page stays the server's HTML.
 * Settles once every island has committed: its handlers answer from then on.
 */
export function hydrateIslands(components: IslandComponents): Promise<void> {
  const boot = readBootState();
  const pageData = dehydratedReader(boot.queries);
  const roots: Promise<void>[] = [];
  document.querySelectorAll<HTMLElement>('[data-island]').forEach((element, index) => {
    const Component = components[element.dataset.island as IslandName] as ComponentType<object> | undefined;
    if (!Component) return;
    const props = element.dataset.props ? (JSON.parse(element.dataset.props) as object) : {};
    roots.push(
      new Promise<void>((committed) => {
        const onCommit = () => committed();
        hydrateRoot(
          element,
          <IslandProviders config={boot.config} pageData={pageData} path={window.location.pathname}>
            <Component {...props} />
            <Committed onCommit={onCommit} />
          </IslandProviders>,
          { identifierPrefix: islandIdPrefix(index) },
        );
      }),
    );
  });
  return Promise.all(roots).then(() => undefined);
}
