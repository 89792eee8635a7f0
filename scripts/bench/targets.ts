// What the benchmark requests: the pages and calls readers make most, named for `--only`.
import { BROWSER_ACCEPT_ENCODING, BROWSER_USER_AGENT } from './load.ts';

/** A word many seeded posts contain, so search ranks a real set of matches. */
const SEARCH_TERM = 'mentors';

export interface Target {
  name: string;
  path: string;
  /** Searches are also measured at one connection, for their latency goal. */
  search: boolean;
  headers: Record<string, string>;
}

const PAGE_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

function headers(accept: string): Record<string, string> {
  return { accept, 'accept-encoding': BROWSER_ACCEPT_ENCODING, 'user-agent': BROWSER_USER_AGENT };
}

export function benchTargets(postSlug: string): Target[] {
  const term = encodeURIComponent(SEARCH_TERM);
  return [
    { name: 'post', path: `/blog/${postSlug}`, search: false, headers: headers(PAGE_ACCEPT) },
    { name: 'blog', path: '/blog', search: false, headers: headers(PAGE_ACCEPT) },
    { name: 'blog-page-50', path: '/blog?page=50', search: false, headers: headers(PAGE_ACCEPT) },
    { name: 'search', path: `/blog?q=${term}`, search: true, headers: headers(PAGE_ACCEPT) },
    { name: 'search-api', path: `/api/blog-posts?search=${term}`, search: true, headers: headers('application/json') },
    { name: 'rss', path: '/rss.xml', search: false, headers: headers('application/rss+xml, application/xml;q=0.9, */*;q=0.8') },
  ];
}

/** Names accepted by `--only`, besides the targets: the start-up figures. */
export const STARTUP = 'startup';
export const TARGET_NAMES = benchTargets('').map((target) => target.name);
