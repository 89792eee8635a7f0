import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useParams } from 'wouter';
import { Spinner } from '../components/ui/spinner.tsx';
import { postQuery } from '../features/post/api.ts';
import { PostUnavailable } from '../features/post/post-unavailable.tsx';
import { postShareUrl, PostView } from '../features/post/post-view.tsx';
import { Island } from '../islands/island.tsx';
import { SubscribeForm } from '../features/newsletter/subscribe-form.tsx';
import { scrollToTop } from '../lib/scroll.ts';
import { useSiteConfig } from '../lib/site-config.tsx';
import { pagePath } from '../../shared/routes.ts';
import { useSite } from '../lib/site-document.ts';
import { notFoundMeta, postMeta, useDocumentMeta } from '../seo.ts';

export function PostPage() {
  const { slug = '' } = useParams<{ slug: string }>();
  const { siteUrl } = useSiteConfig();
  const { data: post, isPending } = useQuery(postQuery(slug));
  const site = useSite();

  useEffect(() => scrollToTop(), [slug]);
  useDocumentMeta(post ? postMeta(site, post, siteUrl) : notFoundMeta(site, pagePath.post(slug), 'Post Not Found'), siteUrl);

  if (isPending) {
    return (
      <main id="main">
        <Spinner label="Loading post..." />
      </main>
    );
  }
  if (!post) {
    return (
      <PostUnavailable title="Post Not Found">
        <p className="mt-4 text-slate-700">The blog post you&apos;re looking for doesn&apos;t exist.</p>
      </PostUnavailable>
    );
  }
  return (
    <main id="main">
      <PostView
        post={post}
        share={
          <div className="flex flex-wrap items-center justify-between gap-3">
            <Island name="share" props={{ title: post.title, url: postShareUrl(siteUrl, post.slug) }} />
            <Island name="save-offline" props={{ path: pagePath.post(post.slug), title: post.title }} />
          </div>
        }
        comments={<Island key={post.id} name="comments" props={{ postId: post.id }} />}
      />
      <div className="mx-auto max-w-3xl px-4 pb-12">
        <SubscribeForm anchor tone="light" />
      </div>
    </main>
  );
}
