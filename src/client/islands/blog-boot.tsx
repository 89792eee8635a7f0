import { BlogPage } from '../pages/blog-page.tsx';
import { withAppProviders } from './app-island.tsx';
import { hydrateIslands } from './hydrate.tsx';
import { readerIslands } from './reader-islands.ts';

/**
 * The islands of /blog: the reading pages' and the blog list, which is built on wouter and TanStack
 * Query, so that other pages (a post) never download those libraries.
 */
export const hydrateBlog = () => hydrateIslands({ ...readerIslands, blog: withAppProviders(BlogPage) });
