import { useQuery } from '@tanstack/react-query';
import { Eye } from 'lucide-react';
import { useEffect } from 'react';
import { useParams } from 'wouter';
import { postStatusAt } from '../../shared/post-dates.ts';
import { Spinner } from '../components/ui/spinner.tsx';
import { previewQuery } from '../features/post/api.ts';
import { PostUnavailable } from '../features/post/post-unavailable.tsx';
import { postShareUrl, PostView } from '../features/post/post-view.tsx';
import { Island } from '../islands/island.tsx';
import { useSiteConfig } from '../lib/site-config.tsx';
import { pagePath } from '../../shared/routes.ts';
import { useSite } from '../lib/site-document.ts';
import { notFoundMeta, previewMeta, useDocumentMeta } from '../seo.ts';

/**
 * `/preview/<token>` (DESIGN.md "preview links"): a draft or scheduled post exactly as readers will
 * see it, for whoever holds the signed address. No comments: nobody can read them yet.
 */
export function PreviewPage() {
  const { token = '' } = useParams<{ token: string }>();
  const { siteUrl } = useSiteConfig();
  const { data: post } = useQuery(previewQuery(token));
  const site = useSite();

  useDocumentMeta(
    post ? previewMeta(site, post, siteUrl, token) : notFoundMeta(site, pagePath.preview(token), 'Preview Not Available'),
    siteUrl,
  );
  // Reached inside the author's app rather than from the server: only the server opens a token.
  useEffect(() => {
    if (post === undefined) window.location.reload();
  }, [post]);

  if (post === undefined) {
    return (
      <main id="main">
        <Spinner label="Loading preview..." />
      </main>
    );
  }
  if (!post) {
    return (
      <PostUnavailable title="Preview Not Available">
        <p className="mt-4 text-slate-700">This preview link is invalid or has expired.</p>
        <p className="mt-2 text-slate-700">Ask the author for a new one.</p>
      </PostUnavailable>
    );
  }
  return (
    <main id="main">
      <div className="mx-auto max-w-3xl px-4 pt-8">
        <p
          role="note"
          className="flex items-center gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900"
        >
          <Eye aria-hidden="true" className="h-4 w-4 shrink-0" />
          {/* A link made before the post went out still opens it; it then says where readers find it. */}
          {postStatusAt(post, new Date()) === 'published' ? (
            <span>
              Preview: this post is already published,{' '}
              <a
                href={pagePath.post(post.slug)}
                className="rounded underline focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-700"
              >
                at its own address
              </a>
              .
            </span>
          ) : (
            'Preview: readers cannot see this post yet.'
          )}
        </p>
      </div>
      <PostView
        post={post}
        share={<Island name="share" props={{ title: post.title, url: postShareUrl(siteUrl, post.slug) }} />}
      />
    </main>
  );
}
