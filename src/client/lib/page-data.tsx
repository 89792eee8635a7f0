import { createContext, useContext } from 'react';

/** Finds the data the server prefetched for a query key (the page's dehydrated state). */
export type PageDataReader = (key: readonly (string | number)[]) => unknown;

const PageDataContext = createContext<PageDataReader>(() => undefined);

/** Given to the islands of a reading page, on the server and when they hydrate. */
export const PageDataProvider = PageDataContext.Provider;

/**
 * What the page arrived with for `key`, or undefined (the author's app, or no such data): lets an
 * island start from the server's data without a query library in the reader's download.
 */
export function usePageData<T>(key: readonly (string | number)[]): T | undefined {
  return useContext(PageDataContext)(key) as T | undefined;
}

interface DehydratedQueries {
  queries?: { queryHash: string; state: { data?: unknown } }[];
}

/**
 * A reader over TanStack Query's dehydrated state. Keys made of strings and numbers hash to their
 * JSON text, which is how the library names them (`queryHash`).
 */
export function dehydratedReader(state: unknown): PageDataReader {
  const data = new Map((state as DehydratedQueries | undefined)?.queries?.map((q) => [q.queryHash, q.state.data]));
  return (key) => data.get(JSON.stringify(key));
}
