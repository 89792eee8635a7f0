import { useQuery } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import { Link } from 'wouter';
import { HOME_EXCERPT_LENGTH, HOME_PREVIEW_POSTS } from '../../../shared/constants.ts';
import { postDate } from '../../../shared/post-dates.ts';
import { truncateWithEllipsis } from '../../../shared/text.ts';
import { ExcerptText } from '../../components/excerpt-text.tsx';
import { formatShortDate } from '../../lib/format.ts';
import { scrollToTop } from '../../lib/scroll.ts';
import { pagePath } from '../../../shared/routes.ts';
import { latestPostsQuery } from './api.ts';

/** SPEC.md section 9: View All Posts scrolls to the top after 100 ms. */
const VIEW_ALL_SCROLL_DELAY_MS = 100;

export function LatestPosts() {
  const { data: posts = [] } = useQuery(latestPostsQuery());
  return (
    <section aria-labelledby="latest-heading" className="mx-auto max-w-6xl px-4 py-16">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="latest-heading" className="text-3xl font-bold text-slate-900">
          Latest from the Blog
        </h2>
        <Link
          href={pagePath.blog()}
          onClick={() => setTimeout(() => scrollToTop(), VIEW_ALL_SCROLL_DELAY_MS)}
          className="inline-flex items-center gap-1 rounded font-semibold text-blue-800 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700"
        >
          View All Posts
          <ArrowRight aria-hidden="true" className="h-4 w-4" />
        </Link>
      </div>
      {posts.length > 0 && (
        <div className="mt-8 grid gap-6 md:grid-cols-3">
          {posts.slice(0, HOME_PREVIEW_POSTS).map((post) => (
            <article key={post.id} className="flex flex-col rounded-xl border border-slate-200 p-6 shadow-sm">
              <time dateTime={postDate(post)} className="text-sm text-slate-600">
                {formatShortDate(postDate(post))}
              </time>
              <h3 className="mt-2 text-lg font-semibold wrap-anywhere text-slate-900">
                <Link
                  href={pagePath.post(post.slug)}
                  onClick={() => scrollToTop()}
                  className="rounded hover:text-blue-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700"
                >
                  {post.title}
                </Link>
              </h3>
              <p className="mt-2 wrap-anywhere text-slate-700">
                <ExcerptText text={post.excerpt || truncateWithEllipsis(post.content, HOME_EXCERPT_LENGTH)} />
              </p>
            </article>
          ))}
        </div>
      )}
    </section>
  );
}
