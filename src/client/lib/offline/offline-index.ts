/**
 * The list of posts a reader keeps for offline reading (DESIGN.md "Offline reading") and where it
 * is stored. Every reading page's script reads it (its buttons say what is saved): kept small.
 */

/** DESIGN.md: at most 50 posts; saving one more lets the oldest saved go. */
export const SAVED_POSTS_LIMIT = 50;

export interface SavedPost {
  /** The post's page, `/blog/<slug>`, as the browser asks for it. */
  path: string;
  title: string;
  /** When the reader saved it (ISO 8601). */
  savedAt: string;
  /** The styles, scripts and images the page needs, kept with it. */
  resources: string[];
}

export interface SavedIndex {
  /** Newest first. */
  posts: SavedPost[];
  /** What the `/saved` page itself needs, kept as long as the list exists. */
  shell: string[];
}

export const emptyIndex = (): SavedIndex => ({ posts: [], shell: [] });

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** The list as stored, read defensively: whatever does not have the expected shape is left out. */
export function parseIndex(value: unknown): SavedIndex {
  const { posts, shell } = (value ?? {}) as { posts?: unknown; shell?: unknown };
  const stored = (Array.isArray(posts) ? posts : []) as (Partial<Record<keyof SavedPost, unknown>> | null)[];
  return {
    posts: stored.flatMap((post) => {
      const { path, title, savedAt, resources } = post ?? {};
      const valid = typeof path === 'string' && path.startsWith('/') && typeof title === 'string' && typeof savedAt === 'string';
      return valid ? [{ path, title, savedAt, resources: strings(resources) }] : [];
    }),
    shell: strings(shell),
  };
}

/** The one cache of offline reading; a new name when what it holds changes shape. */
export const OFFLINE_CACHE = 'folio-offline-v1';

/** Where the list of saved posts is kept in that cache: an address the site never serves. */
export const INDEX_ADDRESS = '/__offline/saved-posts.json';

/** The browser can keep pages for offline reading (a secure context with a service worker). */
export const offlineSupported = (): boolean =>
  typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof caches !== 'undefined';

/**
 * The saved posts, read from the cache. Nothing is opened (no cache is created) before the first
 * save: a reader who never saved has none.
 */
export async function readIndex(): Promise<SavedIndex> {
  if (typeof caches === 'undefined' || !(await caches.has(OFFLINE_CACHE))) return emptyIndex();
  const cache = await caches.open(OFFLINE_CACHE);
  const stored = await cache.match(INDEX_ADDRESS);
  if (!stored) return emptyIndex();
  try {
    return parseIndex(await stored.json());
  } catch {
    return emptyIndex();
  }
}
