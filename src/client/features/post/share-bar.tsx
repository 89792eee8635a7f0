import { Link2, Share2 } from 'lucide-react';
import { scriptForms } from '../../lib/script-forms.ts';
import { useSiteConfig } from '../../lib/site-config.tsx';
import { SHARE_WINDOW_ATTRIBUTE } from '../../lib/share-windows.ts';
import { toast } from '../../lib/toast.ts';

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
 * SPEC.md's share bar. With script, each network is a button that opens its 600x400 window (the
 * page's first script does, lib/share-windows.ts: no wait for this island); without script, and on
 * a data-saver page, a plain link (a new tab), and Copy Link, which needs script, is not shown
 * (DESIGN.md "readers on metered data").
 */
export function ShareBar({ title, url }: { title: string; url: string }) {
  const forms = scriptForms('inline-flex', useSiteConfig().saveData);
  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Link copied!', description: 'The link has been copied to your clipboard.' });
    } catch {
      toast({ title: 'Failed to copy', description: 'Could not copy the link to the clipboard.', variant: 'destructive' });
    }
  };
  const buttonClass =
    'max-w-full items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700';
  return (
    <div role="group" aria-label="Share this post" className="flex flex-wrap items-center gap-2">
      <span className="inline-flex items-center gap-1 text-sm font-semibold text-slate-800">
        <Share2 aria-hidden="true" className="h-4 w-4" />
        Share:
      </span>
      {shareLinks(title, url).map((link) => (
        <span key={link.label} className="contents">
          <a href={link.href} target="_blank" rel="noopener noreferrer" className={`${buttonClass} ${forms.withoutScript}`}>
            {link.label}
          </a>
          {forms.withScript && (
            <button type="button" {...{ [SHARE_WINDOW_ATTRIBUTE]: link.href }} className={`${buttonClass} ${forms.withScript}`}>
              {link.label}
            </button>
          )}
        </span>
      ))}
      {forms.withScript && (
        <button type="button" className={`${buttonClass} ${forms.withScript}`} onClick={copyLink}>
          <Link2 aria-hidden="true" className="h-4 w-4" />
          Copy Link
        </button>
      )}
    </div>
  );
}
