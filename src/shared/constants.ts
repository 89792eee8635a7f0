/** Business constants of SPEC.md section 9, shared by the server and the browser. */

export const POSTS_PER_PAGE = 6;
export const HOME_PREVIEW_POSTS = 3;

/** The first category button, every post; the others are the site document's (shared/site.ts). */
export const ALL_POSTS_CATEGORY = 'All Posts';

/** Admin session lifetime: 4 hours, on the server cookie and in the browser flag alike. */
export const ADMIN_SESSION_MS = 14_400_000;
export const ADMIN_RECHECK_MS = 1_000;
export const ADMIN_AUTH_FLAG_KEY = 'blog_admin_authenticated';
export const ADMIN_AUTH_TIME_KEY = 'blog_admin_auth_time';

/** Wrong admin passwords allowed per client address per window before 429. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Window of the visitor write limit (comments and contact messages). */
export const VISITOR_WRITE_WINDOW_MS = 10 * 60 * 1000;

export const MAX_UPLOAD_BYTES = 10_485_760;
export const ALLOWED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif'] as const;

/** SPEC.md section 9: link protocols kept in markdown and excerpts; any other href is removed. */
export const SAFE_LINK_PROTOCOLS = ['http', 'https', 'irc', 'ircs', 'mailto', 'xmpp'] as const;

export const WORDS_PER_MINUTE = 200;
export const DEFAULT_READ_TIME = 5;
export const EXCERPT_GENERATE_LENGTH = 200;
export const HOME_EXCERPT_LENGTH = 100;
export const CARD_EXCERPT_LENGTH = 150;
export const DESCRIPTION_LENGTH = 160;

/** Length caps on what visitors and the author may send; bodies beyond them answer 400. */
export const LIMITS = {
  name: 100,
  email: 254,
  subject: 200,
  message: 5_000,
  comment: 5_000,
  title: 300,
  slug: 200,
  excerpt: 1_000,
  content: 500_000,
  url: 2_048,
  tag: 60,
  // A post moved in from WordPress may carry dozens (issue 22): all of them, within reason.
  tags: 100,
  search: 200,
  metaTitle: 200,
  metaDescription: 500,
} as const;

/** What the gate answers when the password alone is not enough (DESIGN.md "passkeys"). */
export const PASSKEY_REQUIRED_MESSAGE = 'A passkey is required for this site.';
