import { Link2, Share2 } from 'lucide-react';
import { useSiteConfig } from '../../lib/site-config.tsx';
import { toast } from '../../lib/toast.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';

/** SPEC.md section 9: share windows are 600x400. */
const SHARE_WINDOW = 'width=600,height=400,noopener,noreferrer';

function shareLinks(title: string, url: string) {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return [
    { label: 'Share on X', href: `https://twitter.com/intent/tweet?text=${t}&url=${u}` },
    { label: 'Share on LinkedIn', href: `https://www.linkedin.com/shareArticle?mini=true&url=${u}&title=${t}` },
    { label: 'Share on Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}&quote=${t}` },
  ];
}

/**
 * SPEC.md's share bar. Until the page's script runs, and without script, the networks are plain
 * links (a new tab), and Copy Link, which needs script, is not shown (DESIGN.md "readers on metered data").
 */
export function ShareBar({ title, url }: { title: string; url: string }) {
  const hydrated = useHydrated();
  const { saveData } = useSiteConfig();
  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Link copied!', description: 'The link has been copied to your clipboard.' });
    } catch {
      toast({ title: 'Failed to copy', description: 'Could not copy the link to the clipboard.', variant: 'destructive' });
    }
  };
  const buttonClass =
    'inline-flex max-w-full items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700';
  return (
    <div role="group" aria-label="Share this post" className="flex flex-wrap items-center gap-2">
      <span className="inline-flex items-center gap-1 text-sm font-semibold text-slate-800">
        <Share2 aria-hidden="true" className="h-4 w-4" />
        Share:
      </span>
      {shareLinks(title, url).map((link) =>
        hydrated ? (
          <button
            key={link.label}
            type="button"
            className={buttonClass}
            onClick={() => window.open(link.href, '_blank', SHARE_WINDOW)}
          >
            {link.label}
          </button>
        ) : (
          <a key={link.label} href={link.href} target="_blank" rel="noopener noreferrer" className={buttonClass}>
            {link.label}
          </a>
        ),
      )}
      {/* A browser without script hides it (`noscript:`); a data-saver page has no script to run it. */}
      {!saveData && (
        <button type="button" className={`${buttonClass} noscript:hidden`} onClick={copyLink}>
          <Link2 aria-hidden="true" className="h-4 w-4" />
          Copy Link
        </button>
      )}
    </div>
  );
}
