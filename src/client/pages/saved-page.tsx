import { SAVED_POSTS_LIMIT } from '../lib/offline/offline-index.ts';
import { Island } from '../islands/island.tsx';
import { useSiteConfig } from '../lib/site-config.tsx';
import { useSite } from '../lib/site-document.ts';
import { savedMeta, useDocumentMeta } from '../seo.ts';

/** `/saved` (DESIGN.md "Offline reading"): the server sends the page, the list is read in the browser. */
export function SavedPage() {
  const { siteUrl } = useSiteConfig();
  useDocumentMeta(savedMeta(useSite()), siteUrl);
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Saved for offline</h1>
      <p className="mt-4 text-slate-700">
        The posts you save are kept in this browser, to read without a connection. At most {SAVED_POSTS_LIMIT} are kept: saving
        one more removes the one saved longest ago.
      </p>
      <noscript>
        <p className="mt-4 text-slate-700">Keeping posts for offline reading needs JavaScript, which is off in this browser.</p>
      </noscript>
      <Island name="saved-list" props={{}} />
    </main>
  );
}
