import { hydrateIslands } from './hydrate.tsx';
import { readerIslands } from './reader-islands.ts';

/** The reading pages' islands (/, /cv, a post, /saved, the 404 page), loaded on a first use. */
export const hydrateReader = () => hydrateIslands(readerIslands);
