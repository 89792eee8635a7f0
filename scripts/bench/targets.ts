// What the benchmark requests: the pages and calls readers make most, named for `--only`.
import { BROWSER_ACCEPT_ENCODING, BROWSER_USER_AGENT, type LoadRequest, rotation } from './load.ts';
import { ROTATING_SEARCH_TERMS, searchPath } from './search-terms.ts';

/** A word many seeded posts contain, so search ranks a real set of matches. */
export const SEARCH_TERM = 'mentors';

export interface Target {
  name: string;
  /** The address the report shows. */
  path: string;
  /** The paths requested, in turn (one, or a rotation); nginx serves each of them from a file. */
  paths: string[];
  /** Searches are also measured at one connection, for their latency goal. */
  search: boolean;
  headers: Record<string, string>;
}

/** A search term never asked before at each request, at one connection only: no nginx reference. */
export interface FreshSearch {
  name: typeof SEARCH_NEW;
  path: string;
  headers: Record<string, string>;
}

const PAGE_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
/** What the client's own fetch of an API call sends. */
const API_ACCEPT = 'application/json';

function browserHeaders(accept: string): Record<string, string> {
  return { accept, 'accept-encoding': BROWSER_ACCEPT_ENCODING, 'user-agent': BROWSER_USER_AGENT };
}

const SEARCH_NEW = 'search-new';
/** Names accepted by `--only`, besides the targets: the start-up figures and the minute-long mixes. */
export const STARTUP = 'startup';
export const SUSTAINED = 'sustained';
export const READ_MIX = 'read-mix';
/** DESIGN.md: memory after a minute at 50 connections; the read-only mix at 100 connections. */
export const SUSTAINED_CONNECTIONS = 50;
export const READ_MIX_CONNECTIONS = 100;

const single = (name: string, path: string, search: boolean, accept: string): Target => ({
  name,
  path,
  paths: [path],
  search,
  headers: browserHeaders(accept),
});

export function benchTargets(postSlug: string): Target[] {
  const term = encodeURIComponent(SEARCH_TERM);
  return [
    single('post', `/blog/${postSlug}`, false, PAGE_ACCEPT),
    single('blog', '/blog', false, PAGE_ACCEPT),
    single('blog-page-50', '/blog?page=50', false, PAGE_ACCEPT),
    single('search', `/blog?q=${term}`, true, PAGE_ACCEPT),
    single('search-api', `/api/blog-posts?search=${term}`, true, API_ACCEPT),
    single('rss', '/rss.xml', false, 'application/rss+xml, application/xml;q=0.9, */*;q=0.8'),
    {
      name: 'search-20',
      path: `/blog?q=<${ROTATING_SEARCH_TERMS.length} terms in rotation>`,
      paths: ROTATING_SEARCH_TERMS.map(searchPath),
      search: false,
      headers: browserHeaders(PAGE_ACCEPT),
    },
  ];
}

export const freshSearch: FreshSearch = {
  name: SEARCH_NEW,
  path: '/blog?q=<a new term each request>',
  headers: browserHeaders(PAGE_ACCEPT),
};

export const TARGET_NAMES = [...benchTargets('').map((target) => target.name), SEARCH_NEW];

/**
 * A minute at 50 connections over what readers ask (DESIGN.md's memory goal): every target's
 * paths, one of each in turn, the 20 searches rotating and a new search term in every turn.
 */
export function sustainedMix(postSlug: string, newTerm: () => string): () => LoadRequest {
  const pages = { headers: browserHeaders(PAGE_ACCEPT) };
  const nextSearch = rotation(ROTATING_SEARCH_TERMS.map(searchPath));
  const turn: Array<() => LoadRequest> = [
    ...benchTargets(postSlug)
      .filter((target) => target.paths.length === 1)
      .map((target) => () => ({ path: target.path, headers: target.headers })),
    () => ({ ...nextSearch(), ...pages }),
    () => ({ path: searchPath(newTerm()), ...pages }),
  ];
  let i = 0;
  return () => turn[i++ % turn.length]!();
}

/** DESIGN.md's read-only mix: the pages and calls of a reader's visit, in turn. */
export function readMixRequests(postSlug: string, postId: string): LoadRequest[] {
  const page = browserHeaders(PAGE_ACCEPT);
  const api = browserHeaders(API_ACCEPT);
  return [
    { path: '/', headers: page },
    { path: '/blog', headers: page },
    { path: `/blog/${postSlug}`, headers: page },
    { path: '/api/blog-posts?published=true', headers: api },
    { path: `/api/blog-posts/${postId}/comments`, headers: api },
  ];
}
