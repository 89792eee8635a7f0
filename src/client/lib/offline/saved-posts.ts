import { smallestCopyOf } from '../../../shared/images.ts';
import { SAVED_POSTS_LIMIT, type SavedIndex, type SavedPost } from './offline-index.ts';

/**
 * What the list of saved posts (offline-index.ts) becomes on a save, a removal or a newer copy of
 * a page, and what a page needs kept: pure functions, stored by offline-cache.ts.
 */

/**
 * The list with `post` saved: first, replacing an earlier copy of the same page; past `limit`,
 * the posts saved longest ago are `dropped`.
 */
export function withSaved(
  index: SavedIndex,
  post: SavedPost,
  limit = SAVED_POSTS_LIMIT,
): { index: SavedIndex; dropped: SavedPost[] } {
  // In the order of saving, not by date: a clock set back must not make the newest the oldest.
  const posts = [post, ...index.posts.filter((saved) => saved.path !== post.path)];
  return { index: { ...index, posts: posts.slice(0, limit) }, dropped: posts.slice(limit) };
}

export const withoutSaved = (index: SavedIndex, path: string): SavedIndex => ({
  ...index,
  posts: index.posts.filter((saved) => saved.path !== path),
});

/** A newer copy of a saved page needs `resources` now; it keeps its place and date. */
export const withResources = (index: SavedIndex, path: string, resources: string[]): SavedIndex => ({
  ...index,
  posts: index.posts.map((saved) => (saved.path === path ? { ...saved, resources } : saved)),
});

/** Every address the list needs kept: the pages, what they need, and the `/saved` page's own. */
export function keptPaths(index: SavedIndex, savedPage: string): Set<string> {
  const kept = new Set([savedPage, ...index.shell]);
  for (const post of index.posts) {
    kept.add(post.path);
    for (const resource of post.resources) kept.add(resource);
  }
  return kept;
}

const ASSET_ATTRIBUTE = /\b(?:href|src)="(\/assets\/[^"?#]+)"/g;
const IMG_TAG = /<img\b[^>]*>/gi;
const IMAGE_ADDRESS = /\/objects\/uploads\/[0-9a-f-]{36}(?:\/\d{1,4}\.webp)?/gi;

/**
 * What a page's HTML needs to show offline: the built styles and scripts it links (`/assets/*`),
 * and, for each image stored by this site that it shows, the smallest copy only.
 */
export function pageResources(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(ASSET_ATTRIBUTE)) found.add(match[1]!);
  for (const [tag] of html.matchAll(IMG_TAG)) {
    for (const [address] of tag.matchAll(IMAGE_ADDRESS)) {
      const copy = smallestCopyOf(address);
      if (copy) found.add(copy);
    }
  }
  return [...found];
}

const CHUNK_REFERENCE = /["'`](?:\.\/|\/?assets\/)([\w.-]+\.(?:js|css))["'`]/g;

/**
 * The other built files a script of `/assets` loads, statically or when needed (the toasts, the
 * save action): `./name.js` relative to it, or `assets/name.js` in the bundler's preload lists.
 */
export function chunkReferences(script: string): string[] {
  return [...new Set([...script.matchAll(CHUNK_REFERENCE)].map((match) => `/assets/${match[1]!}`))];
}
