import { ALL_POSTS_CATEGORY } from '../shared/constants.ts';
import type { BlogViewParams } from '../shared/blog-view.ts';
import { pageRoutes } from '../shared/routes.ts';

/**
 * The query of a view of /blog, with only what differs from the first view (page 1, All Posts, no
 * search), so that one view has one address. For the API, the category goes when a search is given
 * (search takes precedence: the answer is the same).
 */
function blogViewParams(view: Partial<BlogViewParams>, forApi = false) {
  return {
    q: view.q || undefined,
    category: view.category === ALL_POSTS_CATEGORY || (forApi && view.q) ? undefined : view.category,
    page: view.page && view.page > 1 ? view.page : undefined,
  };
}

/** Every URL of the site and of its API, in one place. */
export const paths = {
  home: pageRoutes.home.path,
  cv: pageRoutes.cv.path,
  blog: pageRoutes.blog.path,
  /** A view of the blog list (DESIGN.md: `?page=N`, `?category=<label>`, `?q=<term>`). */
  blogView: (view: Partial<BlogViewParams>) => `/blog${searchString(blogViewParams(view))}`,
  post: (slug: string) => `/blog/${encodeURIComponent(slug)}`,
  write: pageRoutes.write.path,
  edit: (id: string) => `/edit/${id}`,
  admin: pageRoutes.admin.path,
  adminPosts: pageRoutes.adminPosts.path,
  adminComments: pageRoutes.adminComments.path,
  adminMessages: pageRoutes.adminMessages.path,
  preview: (token: string) => `/preview/${token}`,
} as const;

/** A query string from the parameters that are set, `?a=1&b=x` (empty when none is). */
export function searchString(params: Record<string, string | number | boolean | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

export const api = {
  posts: '/api/blog-posts',
  latestPosts: '/api/blog-posts?published=true&limit=3',
  /** One view of /blog: `{posts, total, page, pageCount}`. */
  blogView: (view: Partial<BlogViewParams>) => `/api/blog-view${searchString(blogViewParams(view, true))}`,
  draftPosts: '/api/blog-posts?published=false',
  searchPosts: (term: string) => `/api/blog-posts?search=${encodeURIComponent(term)}`,
  comments: (postId: string) => `/api/blog-posts/${postId}/comments`,
  contact: '/api/contact',
  adminVerify: '/api/admin/verify',
  adminLogout: '/api/admin/logout',
  adminSession: '/api/admin/session',
  post: (slugOrId: string) => `/api/blog-posts/${encodeURIComponent(slugOrId)}`,
  /** A post's saved versions, newest first (DESIGN.md "revisions"), and one of them whole. */
  revisions: (postId: string) => `/api/blog-posts/${postId}/revisions`,
  revision: (postId: string, revisionId: string) => `/api/blog-posts/${postId}/revisions/${revisionId}`,
  previewLink: (postId: string) => `/api/blog-posts/${postId}/preview-link`,
  importContent: '/api/import-content',
  uploadParams: '/api/objects/upload',
  // The back office (DESIGN.md): lists take `limit` and `before`, newest first.
  adminStats: '/api/admin/stats',
  adminComments: '/api/admin/comments',
  adminComment: (id: string) => `/api/admin/comments/${id}`,
  adminMessages: '/api/admin/messages',
  adminMessage: (id: string) => `/api/admin/messages/${id}`,
  adminPosts: '/api/admin/posts',
  /** The backup zip, streamed as a download (DESIGN.md "your data is yours"). */
  adminExport: '/api/admin/export',
  /** A backup, WordPress, Ghost or markdown-zip file as the raw request body. */
  adminImport: '/api/admin/import',
} as const;
