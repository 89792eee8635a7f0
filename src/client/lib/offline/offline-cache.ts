import { pagePath } from '../../../shared/routes.ts';
import { INDEX_ADDRESS, OFFLINE_CACHE, readIndex, type SavedIndex, type SavedPost } from './offline-index.ts';
import { chunkReferences, keptPaths, pageResources, withoutSaved, withResources, withSaved } from './saved-posts.ts';

/**
 * What offline reading keeps in Cache Storage, shared by the page (save, remove) and the service
 * worker (a saved page fetched again replaces its copy). One cache holds the saved pages, the files
 * they need and the list; whatever the list no longer needs is deleted with it.
 */

/** Built files crawled for one page at most: more would be a loop in what the scripts name. */
const MAX_RESOURCES = 200;

let localQueue: Promise<unknown> = Promise.resolve();

/**
 * One change to the list at a time, across tabs and the service worker (the Web Locks API), or
 * within this context where the browser has no locks.
 */
function exclusive<T>(task: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (locks) return locks.request(OFFLINE_CACHE, task);
  const run = localQueue.then(task, task);
  localQueue = run.catch(() => undefined);
  return run;
}

/** A site path as the browser writes it (`/blog/café` -> `/blog/caf%C3%A9`): how it is looked up. */
const normalPath = (path: string) => new URL(path, location.origin).pathname;

async function fetchPage(path: string): Promise<Response> {
  // The version the server has now, not a stale one the HTTP cache may still answer with.
  const response = await fetch(path, { credentials: 'same-origin', cache: 'no-cache', headers: { accept: 'text/html' } });
  if (!response.ok || !(response.headers.get('content-type') ?? '').startsWith('text/html')) {
    throw new Error(`${path} answered ${response.status}`);
  }
  return response;
}

/**
 * Keeps a page as the server sent it: its HTML and headers (its Content-Security-Policy among
 * them), less those of the transfer, which the decoded copy no longer matches. Answers the HTML.
 */
async function keepPage(cache: Cache, path: string, response: Response): Promise<string> {
  const html = await response.text();
  const headers = new Headers(response.headers);
  for (const name of ['content-encoding', 'content-length', 'transfer-encoding']) headers.delete(name);
  await cache.put(path, new Response(html, { status: 200, headers }));
  return html;
}

/**
 * A file kept already, or fetched and kept now; undefined when it cannot be had. `downloaded`:
 * only if the browser has it already (its HTTP cache), so that keeping it costs no data.
 */
async function keepFile(cache: Cache, path: string, downloaded: boolean): Promise<Response | undefined> {
  const kept = await cache.match(path);
  if (kept) return kept;
  try {
    const response = await fetch(
      path,
      downloaded ? { mode: 'same-origin', cache: 'only-if-cached' } : { credentials: 'same-origin' },
    );
    if (!response.ok) return undefined;
    await cache.put(path, response.clone());
    return response;
  } catch {
    return undefined;
  }
}

/**
 * Keeps what a page names, and the scripts its scripts load when needed (the toasts, the save
 * action) if this browser has loaded them already: a level at a time, fetched together. Built files
 * and image copies never change at their address, so a kept one is reused. Answers the paths kept;
 * an image whose copy cannot be had is left out, the page shows without it.
 */
async function keepResources(cache: Cache, wanted: string[]): Promise<string[]> {
  const seen = new Set(wanted);
  const kept: string[] = [];
  let level = [...seen];
  for (let depth = 0; level.length > 0; depth++) {
    const found = await Promise.all(level.map(async (path) => ({ path, response: await keepFile(cache, path, depth > 0) })));
    const next: string[] = [];
    for (const { path, response } of found) {
      if (!response) continue;
      kept.push(path);
      if (!path.endsWith('.js')) continue;
      for (const reference of chunkReferences(await response.text())) {
        if (seen.has(reference) || seen.size >= MAX_RESOURCES) continue;
        seen.add(reference);
        next.push(reference);
      }
    }
    level = next;
  }
  return kept;
}

async function writeIndex(cache: Cache, index: SavedIndex): Promise<void> {
  await cache.put(INDEX_ADDRESS, new Response(JSON.stringify(index), { headers: { 'content-type': 'application/json' } }));
}

/** Deletes what the list no longer needs: the pages of posts gone from it, files no page names. */
async function prune(cache: Cache, index: SavedIndex): Promise<void> {
  const kept = keptPaths(index, pagePath.saved);
  kept.add(INDEX_ADDRESS);
  const stale = (await cache.keys()).filter((request) => !kept.has(new URL(request.url).pathname));
  await Promise.all(stale.map((request) => cache.delete(request)));
}

export interface SaveOutcome {
  index: SavedIndex;
  /** The posts saved longest ago, removed to stay within the limit. */
  dropped: SavedPost[];
}

/**
 * Keeps a post's page for offline reading, with its styles, scripts and images' smallest copies,
 * and the `/saved` page the first time (the service worker keeps it up to date after that).
 */
export function savePost(post: { path: string; title: string }, now = new Date()): Promise<SaveOutcome> {
  const path = normalPath(post.path);
  return exclusive(async () => {
    const cache = await caches.open(OFFLINE_CACHE);
    const html = await keepPage(cache, path, await fetchPage(path));
    const resources = await keepResources(cache, pageResources(html));
    const index = await readIndex();
    const shell = (await cache.match(pagePath.saved))
      ? index.shell
      : await keepResources(cache, pageResources(await keepPage(cache, pagePath.saved, await fetchPage(pagePath.saved))));
    const outcome = withSaved({ ...index, shell }, { path, title: post.title, savedAt: now.toISOString(), resources });
    await writeIndex(cache, outcome.index);
    await prune(cache, outcome.index);
    return outcome;
  });
}

export function removeSaved(path: string): Promise<SavedIndex> {
  return exclusive(async () => {
    const cache = await caches.open(OFFLINE_CACHE);
    const index = withoutSaved(await readIndex(), normalPath(path));
    await writeIndex(cache, index);
    await prune(cache, index);
    return index;
  });
}

/** A page offline reading keeps: a saved post, or `/saved` itself. */
export async function isKeptPage(path: string): Promise<boolean> {
  if (path === pagePath.saved) return caches.has(OFFLINE_CACHE);
  return (await readIndex()).posts.some((post) => post.path === path);
}

/** The kept copy of a page, if offline reading keeps it. */
export async function keptPage(path: string): Promise<Response | undefined> {
  if (!(await isKeptPage(path))) return undefined;
  return (await caches.open(OFFLINE_CACHE)).match(path, { ignoreVary: true });
}

/**
 * A newer copy of a kept page, fetched by the reader's visit: it replaces the old one, with the
 * files it needs now (a new build names new ones), so what is read offline is the latest version.
 */
export function refreshKeptPage(path: string, response: Response): Promise<void> {
  return exclusive(async () => {
    const index = await readIndex();
    const isShell = path === pagePath.saved;
    if (!isShell && !index.posts.some((post) => post.path === path)) return;
    const cache = await caches.open(OFFLINE_CACHE);
    const resources = await keepResources(cache, pageResources(await keepPage(cache, path, response)));
    const next = isShell ? { ...index, shell: resources } : withResources(index, path, resources);
    await writeIndex(cache, next);
    await prune(cache, next);
  });
}

/** The stylesheets of the `/saved` page, for a page the worker writes itself (the offline page). */
export async function keptStylesheets(): Promise<string[]> {
  return (await readIndex()).shell.filter((path) => path.endsWith('.css'));
}
