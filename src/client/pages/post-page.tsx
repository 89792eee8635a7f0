import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams } from 'wouter';
import { Spinner } from '../components/ui/spinner.tsx';
import { postQuery } from '../features/post/api.ts';
import { postShareUrl, PostView } from '../features/post/post-view.tsx';
import { Island } from '../islands/island.tsx';
import { scrollToTop } from '../lib/scroll.ts';
import { useSiteConfig } from '../lib/site-config.tsx';
import { paths } from '../paths.ts';
import { notFoundMeta, postMeta, useDocumentMeta } from '../seo.ts';

export function PostPage() {
  const { slug = '' } = useParams<{ slug: string }>();
  const { siteUrl } = useSiteConfig();
  const { data: post, isPending } = useQuery(postQuery(slug));

  useEffect(() => scrollToTop(), [slug]);
  useDocumentMeta(post ? postMeta(post, siteUrl) : notFoundMeta(paths.post(slug), 'Post Not Found'), siteUrl);

  if (isPending) {
    return (
      <main id="main">
        <Spinner label="Loading post..." />
      </main>
    );
  }
  if (!post) {
    return (
      <main id="main" className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-3xl font-bold text-slate-900">Post Not Found</h1>
        <p className="mt-4 text-slate-700">The blog post you&apos;re looking for doesn&apos;t exist.</p>
        <Link
          href={paths.blog}
          className="mt-6 inline-block rounded-md bg-blue-700 px-5 py-2.5 font-semibold text-white hover:bg-blue-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700 focus-visible:ring-offset-2"
        >
          Back to Blog
        </Link>
      </main>
    );
  }
  return (
    <main id="main">
      <PostView
        post={post}
        share={<Island name="share" props={{ title: post.title, url: postShareUrl(siteUrl, post.slug) }} />}
        comments={<Island key={post.id} name="comments" props={{ postId: post.id }} />}
      />
    </main>
  );
}
