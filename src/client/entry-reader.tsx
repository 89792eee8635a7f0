import { hydrateOnIntent } from './islands/hydrate-on-intent.ts';
import { installShareWindows } from './lib/share-windows.ts';
import './styles.css';

/**
 * The reading pages' script (/, /cv, a post, /saved, the 404 page): the server sent the whole page;
 * its islands hydrate when a reader first reaches for one (docs/decisions/015). The blog list boots
 * with entry-blog.tsx, the author's screens with entry-client.tsx.
 */
installShareWindows();
hydrateOnIntent(() => import('./islands/reader-boot.tsx').then((boot) => boot.hydrateReader()));
