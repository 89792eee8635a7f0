import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { formatShortDate } from '../../lib/format.ts';
import { offlineSupported } from '../../lib/offline/offline-index.ts';
import { useSiteConfig } from '../../lib/site-config.tsx';
import { useSavedPosts } from '../../lib/offline/use-saved-posts.ts';

/**
 * The posts this browser keeps for offline reading (DESIGN.md), read from its Cache Storage: the
 * list exists only in the reader's browser, with or without a connection.
 */
export function SavedList() {
  const { saveData } = useSiteConfig();
  const index = useSavedPosts();
  const [status, setStatus] = useState('');

  // A data-saver page comes without script (DESIGN.md), and only a script can read the list.
  if (saveData) return <p className="mt-8 text-slate-700">Your saved posts are listed here when data saver is off.</p>;
  if (index === undefined) return <p className="mt-8 text-slate-700">Looking for the posts saved in this browser…</p>;
  if (!offlineSupported()) {
    return <EmptyState>This browser cannot keep posts for offline reading on this site.</EmptyState>;
  }

  const remove = async (path: string, title: string) => {
    try {
      const { removeFromOffline } = await import('../../lib/offline/offline-actions.ts');
      await removeFromOffline(path);
      setStatus(`Removed “${title}”.`);
    } catch {
      setStatus(`Could not remove “${title}”. Try again.`);
    }
  };

  return (
    <div className="mt-8">
      <p role="status" className="mb-4 text-sm font-medium text-slate-800">
        {status}
      </p>
      {index.posts.length === 0 ? (
        <EmptyState>No posts saved yet. Use Save for offline on a post to read it here without a connection.</EmptyState>
      ) : (
        <ul className="divide-y divide-slate-200 border-y border-slate-200">
          {index.posts.map((post) => (
            <li key={post.path} className="flex flex-wrap items-center justify-between gap-3 py-4">
              <div className="min-w-0">
                <a
                  href={post.path}
                  className="rounded font-semibold wrap-anywhere text-blue-800 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700"
                >
                  {post.title}
                </a>
                <p className="mt-1 text-sm text-slate-600">
                  Saved <time dateTime={post.savedAt}>{formatShortDate(post.savedAt)}</time>
                </p>
              </div>
              <Button
                variant="danger-outline"
                size="sm"
                aria-label={`Remove ${post.title}`}
                onClick={() => void remove(post.path, post.title)}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
