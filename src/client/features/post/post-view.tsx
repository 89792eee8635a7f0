import type { ReactNode } from 'react';
import { ChevronRight, Clock, Eye } from 'lucide-react';
import { Link } from 'wouter';
import { useSite } from '../../lib/site-document.ts';
import { DEFAULT_READ_TIME } from '../../../shared/constants.ts';
import type { RenderedPost } from '../../../shared/posts.ts';
import { postDate } from '../../../shared/post-dates.ts';
import { ARTICLE_IMAGE_SIZES, uploadSrcSet } from '../../../shared/images.ts';
import { formatLongDate, formatViews } from '../../lib/format.ts';
import { pagePath } from '../../../shared/routes.ts';
import { initials } from '../../lib/avatar.ts';

/** The address a post is shared with: the canonical one. */
export const postShareUrl = (siteUrl: string, slug: string) => `${siteUrl}${pagePath.post(slug)}`;

/**
 * The post as readers see it. The page composes the interactive parts: `share` (the share bar)
 * under the body and `comments` closing the article.
 */
export function PostView({ post, share, comments }: { post: RenderedPost; share: ReactNode; comments?: ReactNode }) {
  const { profile } = useSite();
  const author = post.metadata?.author || profile.name;
  const tags = post.tags ?? [];
  const coverSrcSet = post.featuredImage ? uploadSrcSet(post.featuredImage) : undefined;
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
        <ol className="flex flex-wrap items-center gap-1">
          <li>
            <Link
              href={pagePath.blog()}
              className="rounded font-medium text-blue-800 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700"
            >
              Blog
            </Link>
          </li>
          <li aria-hidden="true">
            <ChevronRight className="h-4 w-4" />
          </li>
          <li aria-current="page" className="min-w-0 wrap-anywhere">
            {tags[0] ?? 'Article'}
          </li>
        </ol>
      </nav>

      <h1 className="mt-6 wrap-anywhere text-3xl font-bold tracking-tight text-slate-900 md:text-4xl">{post.title}</h1>

      <div className="mt-6 flex flex-wrap items-center gap-x-6 gap-y-3 text-sm text-slate-700">
        <div className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className="flex h-11 w-11 items-center justify-center rounded-full bg-blue-100 font-bold text-blue-900"
          >
            {initials(author)}
          </span>
          <div>
            <p className="font-semibold text-slate-900">{author}</p>
            {profile.caption && <p className="text-slate-600">{profile.caption}</p>}
          </div>
        </div>
        <time dateTime={postDate(post)}>{formatLongDate(postDate(post))}</time>
        <span className="inline-flex items-center gap-1">
          <Clock aria-hidden="true" className="h-4 w-4" />
          {post.metadata?.readTime ?? DEFAULT_READ_TIME} min read
        </span>
        {post.metadata?.views !== undefined && (
          <span className="inline-flex items-center gap-1">
            <Eye aria-hidden="true" className="h-4 w-4" />
            {formatViews(post.metadata.views)}
          </span>
        )}
      </div>

      {tags.length > 0 && (
        <ul aria-label="Tags" className="mt-5 flex flex-wrap gap-2">
          {tags.map((tag) => (
            <li key={tag} className="min-w-0 rounded-full bg-blue-50 px-3 py-1 text-xs font-semibold wrap-anywhere text-blue-800">
              {tag}
            </li>
          ))}
        </ul>
      )}

      {post.featuredImage && (
        <img
          src={post.featuredImage}
          srcSet={coverSrcSet}
          sizes={coverSrcSet && ARTICLE_IMAGE_SIZES}
          alt={post.title}
          width={1200}
          height={630}
          fetchPriority="high"
          className="mt-8 aspect-[1200/630] w-full rounded-xl bg-slate-100 object-cover"
        />
      )}

      <div className="markdown mt-8" dangerouslySetInnerHTML={{ __html: post.html }} />

      <div className="mt-10 border-t border-slate-200 pt-6">{share}</div>

      {comments}
    </article>
  );
}
