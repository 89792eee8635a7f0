import { hydrateOnIntent } from './islands/hydrate-on-intent.ts';
import { installShareWindows } from './lib/share-windows.ts';
import './styles.css';

/**
 * The script of /blog: as a reading page's (entry-reader.tsx), with the blog list among the islands
 * it hydrates on a first use. Its links and forms (categories, search, pages) work before that.
 */
installShareWindows();
hydrateOnIntent(() => import('./islands/blog-boot.tsx').then((boot) => boot.hydrateBlog()));
