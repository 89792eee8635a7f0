/** Every URL of the site and of its API, in one place. */
export const paths = {
  home: '/',
  cv: '/cv',
  blog: '/blog',
  post: (slug: string) => `/blog/${encodeURIComponent(slug)}`,
  write: '/write',
  edit: (id: string) => `/edit/${id}`,
  admin: '/admin',
  adminPosts: '/admin/posts',
  adminComments: '/admin/comments',
  adminMessages: '/admin/messages',
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
  publishedPosts: '/api/blog-posts?published=true',
  draftPosts: '/api/blog-posts?published=false',
  searchPosts: (term: string) => `/api/blog-posts?search=${encodeURIComponent(term)}`,
  comments: (postId: string) => `/api/blog-posts/${postId}/comments`,
  contact: '/api/contact',
  adminVerify: '/api/admin/verify',
  adminLogout: '/api/admin/logout',
  adminSession: '/api/admin/session',
  post: (slugOrId: string) => `/api/blog-posts/${encodeURIComponent(slugOrId)}`,
  importContent: '/api/import-content',
  uploadParams: '/api/objects/upload',
  // The back office (DESIGN.md): lists take `limit` and `before`, newest first.
  adminStats: '/api/admin/stats',
  adminComments: '/api/admin/comments',
  adminComment: (id: string) => `/api/admin/comments/${id}`,
  adminMessages: '/api/admin/messages',
  adminMessage: (id: string) => `/api/admin/messages/${id}`,
  adminPosts: '/api/admin/posts',
} as const;
