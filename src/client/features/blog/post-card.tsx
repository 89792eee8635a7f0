import { Clock, Eye, Pencil, User } from 'lucide-react';
import { Link } from 'wouter';
import { DEFAULT_READ_TIME } from '../../../shared/constants.ts';
import type { BlogCard } from '../../../shared/posts.ts';
import { postDate } from '../../../shared/post-dates.ts';
import { ExcerptText } from '../../components/excerpt-text.tsx';
import { SaveOfflineButton } from '../../components/save-offline-button.tsx';
import { CARD_VIEWS_MIN, formatShortDate, formatViews } from '../../lib/format.ts';
import { scrollToTop } from '../../lib/scroll.ts';
import { pagePath } from '../../../shared/routes.ts';
import { badgeColor, cardExcerpt } from './blog-rules.ts';

/** `author`: shown when the post names none (the profile's short name). */
export function PostCard({ post, author, showEdit = false }: { post: BlogCard; author: string; showEdit?: boolean }) {
  const firstTag = post.tags?.[0];
  return (
    <article
      className="flex min-w-0 flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md"
      aria-labelledby={`post-${post.id}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        {firstTag ? (
          <span className={`min-w-0 rounded-full px-2.5 py-0.5 text-xs font-semibold wrap-anywhere ${badgeColor(post.tags)}`}>
            {firstTag}
          </span>
        ) : (
          <span />
        )}
        <div className="flex items-center gap-1">
          {showEdit && (
            <Link
              href={pagePath.edit(post.id)}
              aria-label={`Edit ${post.title}`}
              className="inline-flex items-center justify-center rounded-md p-1.5 text-slate-600 max-sm:h-11 max-sm:w-11 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700"
            >
              <Pencil aria-hidden="true" className="h-4 w-4" />
            </Link>
          )}
          <SaveOfflineButton path={pagePath.post(post.slug)} title={post.title} compact />
        </div>
      </div>
      <h2 id={`post-${post.id}`} className="mt-3 text-xl font-semibold wrap-anywhere text-slate-900">
        <Link
          href={pagePath.post(post.slug)}
          onClick={() => scrollToTop()}
          className="rounded hover:text-blue-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700"
        >
          {post.title}
        </Link>
      </h2>
      <p className="mt-2 flex-1 wrap-anywhere text-slate-700">
        <ExcerptText text={cardExcerpt(post)} />
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
        <time dateTime={postDate(post)}>{formatShortDate(postDate(post))}</time>
        <span className="inline-flex items-center gap-1">
          <Clock aria-hidden="true" className="h-4 w-4" />
          {post.metadata?.readTime ?? DEFAULT_READ_TIME} min read
        </span>
        {(post.metadata?.views ?? 0) >= CARD_VIEWS_MIN && (
          <span className="inline-flex items-center gap-1">
            <Eye aria-hidden="true" className="h-4 w-4" />
            {formatViews(post.metadata!.views!)}
          </span>
        )}
        <span className="inline-flex items-center gap-1">
          <User aria-hidden="true" className="h-4 w-4" />
          {post.metadata?.author || author}
        </span>
      </div>
    </article>
  );
}
