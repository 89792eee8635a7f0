import { Bookmark } from 'lucide-react';
import { useState } from 'react';
import { offlineSupported, SAVED_POSTS_LIMIT } from '../lib/offline/offline-index.ts';
import { useSavedPosts } from '../lib/offline/use-saved-posts.ts';
import { useSiteConfig } from '../lib/site-config.tsx';
import { toast } from '../lib/toast.ts';
import { buttonClasses } from './ui/button.tsx';
import { cx, focusRing } from './ui/class-names.ts';

const loadActions = () => import('../lib/offline/offline-actions.ts');

/**
 * DESIGN.md "Offline reading": `Save for offline` on a blog card (`compact`) and on the post page.
 * Pressed again (it then reads `Saved for offline`), it removes the post. It takes its place but
 * shows only once the page's script knows what is saved: a page read without script (or with
 * `Save-Data`) offers nothing it cannot do. A browser that has saved nothing (no service worker yet)
 * shows it at once, before the islands hydrate (islands/hydrate-on-intent.ts).
 */
export function SaveOfflineButton({ path, title, compact = false }: { path: string; title: string; compact?: boolean }) {
  const { saveData } = useSiteConfig();
  const index = useSavedPosts();
  const [busy, setBusy] = useState(false);
  if (saveData) return null;
  const saved = index?.posts.some((post) => post.path === path) ?? false;

  const toggle = async () => {
    setBusy(true);
    try {
      const actions = await loadActions();
      if (saved) {
        await actions.removeFromOffline(path);
        toast({ title: 'Removed from offline reading', description: `“${title}” is no longer kept in this browser.` });
        return;
      }
      const { dropped } = await actions.saveForOffline({ path, title });
      toast({
        title: 'Saved for offline',
        description:
          dropped.length > 0
            ? `At most ${SAVED_POSTS_LIMIT} posts are kept: “${dropped[0]!.title}”, saved longest ago, was removed.`
            : 'It opens without a connection; your saved posts are listed at /saved.',
      });
    } catch {
      toast({
        title: saved ? 'Could not remove it' : 'Could not save for offline',
        description: 'Check your connection and try again.',
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };

  const label = saved ? 'Saved for offline' : 'Save for offline';
  return (
    <button
      type="button"
      onClick={() => void toggle()}
      disabled={busy}
      aria-label={compact ? `${label}: ${title}` : undefined}
      title={saved ? 'Remove from offline reading' : undefined}
      // Known only in the browser: hidden until read (unless the page's first script found nothing
      // saved: styles.css), gone where the browser cannot keep pages.
      hidden={index !== undefined && !offlineSupported()}
      className={cx(
        index === undefined && 'offline-pending',
        compact
          ? cx(
              'inline-flex items-center justify-center gap-1 rounded-md px-1.5 py-1 text-xs max-sm:min-h-11 max-sm:min-w-11 font-medium text-slate-600 hover:bg-slate-100 disabled:opacity-70',
              focusRing,
            )
          : buttonClasses({ variant: 'secondary', size: 'sm' }),
      )}
    >
      {/* Filled once saved: one icon less in every reading page's script than a second one. */}
      <Bookmark aria-hidden="true" fill={saved ? 'currentColor' : 'none'} className="h-4 w-4" />
      {label}
    </button>
  );
}
