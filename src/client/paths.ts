/** Every URL of the site and of its API, in one place. */
export const paths = {
  home: '/',
  cv: '/cv',
  blog: '/blog',
  post: (slug: string) => `/blog/${encodeURIComponent(slug)}`,
  write: '/write',
  edit: (id: string) => `/edit/${id}`,
} as const;

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
} as const;
