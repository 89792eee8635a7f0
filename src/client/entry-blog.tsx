import { withAppProviders } from './islands/app-island.tsx';
import { hydrateIslands } from './islands/hydrate.tsx';
import { readerIslands } from './islands/reader-islands.ts';
import { BlogPage } from './pages/blog-page.tsx';
import './styles.css';

/**
 * The script of /blog: the reading pages' islands and the blog list, which is built on wouter and
 * TanStack Query. An entry of its own, so the list hydrates as early as the rest of the page and
 * other pages (a post) never download those libraries.
 */
hydrateIslands({ ...readerIslands, blog: withAppProviders(BlogPage) });
