import { createContext, useContext, type ComponentProps, type ComponentType } from 'react';
import { islands, type IslandName } from './registry.ts';

export type IslandProps<N extends IslandName> = ComponentProps<(typeof islands)[N]>;

/**
 * Present while the server renders a reading page: each island is noted instead of rendered in
 * place, then rendered as a root of its own (entry-server.tsx), exactly as the browser hydrates it.
 */
export interface IslandCollector {
  /** Notes an island and answers the placeholder that its own HTML replaces. */
  add(name: IslandName, props: object): string;
}

export const IslandCollectorContext = createContext<IslandCollector | undefined>(undefined);

/**
 * An interactive part of a page. On a reading page rendered by the server it becomes a marker,
 * `<div data-island="name" data-props="{...}" style="display: contents">`, around the part's HTML,
 * which the reader entry hydrates alone; in the author's app (the full SPA) it is the component
 * itself. `props` travel as JSON: plain data only.
 */
export function Island<N extends IslandName>({ name, props }: { name: N; props: IslandProps<N> }) {
  const collector = useContext(IslandCollectorContext);
  if (!collector) {
    const Component = islands[name] as ComponentType<object>;
    return <Component {...(props as object)} />;
  }
  const json = JSON.stringify(props);
  return (
    <div
      data-island={name}
      data-props={json === '{}' ? undefined : json}
      style={{ display: 'contents' }}
      dangerouslySetInnerHTML={{ __html: collector.add(name, props as object) }}
    />
  );
}
