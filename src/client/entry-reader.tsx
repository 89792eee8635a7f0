import { hydrateIslands } from './islands/hydrate.tsx';
import { readerIslands } from './islands/reader-islands.ts';
import './styles.css';

/**
 * The reading pages' script (/, /cv, a post, the 404 page): the server sent the whole page, and
 * only its islands hydrate. The blog list boots with entry-blog.tsx, the author's screens with
 * entry-client.tsx.
 */
hydrateIslands(readerIslands);
