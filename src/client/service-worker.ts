import escapeHtml from 'escape-html';
import { smallestCopyOf } from '../shared/images.ts';
import { pagePath } from '../shared/routes.ts';
import { isKeptPage, keptPage, keptStylesheets, refreshKeptPage } from './lib/offline/offline-cache.ts';
import { OFFLINE_CACHE } from './lib/offline/offline-index.ts';

/**
 * The offline reader's service worker, `/sw.js` (DESIGN.md "Offline reading"), registered by the
 * first `Save for offline`. Hand-written rather than Workbox: what it keeps is the reader's own
 * list (offline-cache.ts, shared with the page), and its routing is three rules:
 * - pages: the network first; a saved post or `/saved` fetched again replaces its copy; without a
 *   network, the copy, else a page saying the reader is offline with a link to `/saved`;
 * - built files (`/assets/*`, never changed at their address): the kept copy, else the network;
 * - uploaded images: the kept copy, else the network, else the kept smallest copy of that image.
 */

// The worker's own types (the WebWorker library cannot be loaded beside the DOM one).
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface ServiceWorkerScope {
  skipWaiting(): Promise<void>;
  readonly clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
}
const worker = self as unknown as ServiceWorkerScope;

/** Older shapes of the offline cache, left by an earlier version of this worker. */
const OFFLINE_CACHE_PREFIX = 'folio-offline-';

// A new version takes over at once: the cache's shape is the same, or the old cache is dropped.
worker.addEventListener('install', (event) => event.waitUntil(worker.skipWaiting()));
worker.addEventListener('activate', (event) =>
  event.waitUntil(
    (async () => {
      const stale = (await caches.keys()).filter((name) => name.startsWith(OFFLINE_CACHE_PREFIX) && name !== OFFLINE_CACHE);
      await Promise.all(stale.map((name) => caches.delete(name)));
      await worker.clients.claim();
    })(),
  ),
);

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(page(event, url.pathname));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(builtFile(request));
  } else {
    const smallest = smallestCopyOf(url.pathname);
    if (smallest) event.respondWith(image(request, smallest));
  }
});

async function page(event: FetchEvent, path: string): Promise<Response> {
  let response: Response;
  try {
    // Network first indeed: the HTTP cache may answer with a stale page (stale-while-revalidate),
    // which would hide both a newer version and being offline; revalidating costs a 304.
    response = await fetch(revalidating(event.request));
  } catch {
    return (await keptPage(path)) ?? offlinePage();
  }
  // The server is there but failing (a proxy's 502): a saved post still reads.
  if (response.status >= 500) return (await keptPage(path)) ?? response;
  const isHtml = (response.headers.get('content-type') ?? '').startsWith('text/html');
  if (response.status === 200 && isHtml && (await isKeptPage(path))) {
    event.waitUntil(refreshKeptPage(path, response.clone()));
  }
  return response;
}

/** The navigation as a request that revalidates (it becomes `same-origin`, as the Fetch standard says). */
function revalidating(request: Request): Request {
  try {
    return new Request(request, { cache: 'no-cache' });
  } catch {
    // Browsers from before that rule refuse to copy a navigation: it goes as it came.
    return request;
  }
}

async function builtFile(request: Request): Promise<Response> {
  const kept = await (await caches.open(OFFLINE_CACHE)).match(request, { ignoreVary: true });
  return kept ?? fetch(request);
}

async function image(request: Request, smallest: string): Promise<Response> {
  const cache = await caches.open(OFFLINE_CACHE);
  const kept = await cache.match(request, { ignoreVary: true });
  if (kept) return kept;
  try {
    return await fetch(request);
  } catch {
    // Offline, a wider copy (a laptop's choice from srcset) is shown from the one kept.
    return (await cache.match(smallest, { ignoreVary: true })) ?? Response.error();
  }
}

/** DESIGN.md: any page not kept, without a network, says so and links to the saved posts. */
async function offlinePage(): Promise<Response> {
  const styles = (await keptStylesheets()).map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('');
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>You are offline</title>
${styles}
</head>
<body>
<main id="main" class="mx-auto max-w-xl px-4 py-24 text-center">
<h1 class="text-3xl font-bold text-slate-900">You are offline</h1>
<p class="mt-4 text-slate-700">This page needs a connection: it was not saved for offline reading. The posts you saved open without one.</p>
<a href="${pagePath.saved}" class="mt-6 inline-block rounded-md bg-blue-700 px-5 py-2.5 font-semibold text-white hover:bg-blue-800">Your saved posts</a>
</main>
</body>
</html>`;
  return new Response(html, {
    status: 503,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': "default-src 'self'; script-src 'none'; style-src 'self'",
    },
  });
}
