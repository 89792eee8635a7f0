import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath } from '../../shared/routes.ts';
import type { SiteDocument } from '../../shared/site.ts';

/** The site document (DESIGN.md "make it yours"), loaded by the default loader; every page's render prefetches it. */
export const siteQuery = () => queryOptions<SiteDocument>({ queryKey: [apiPath.site], staleTime: Infinity });

/**
 * The site document, for what the server renders and the author's app: every page's data has it
 * (ssr-data.ts). An island of a reading page must not call this (the document is not sent with
 * the page, to keep it small): it gets what it shows as props.
 */
export function useSite(): SiteDocument {
  const { data } = useQuery(siteQuery());
  if (!data) throw new Error('The site document is not loaded');
  return data;
}
