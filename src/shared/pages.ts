import type { BlogViewParams } from './blog-view.ts';
import type { Comment } from './comments.ts';
import type { FormOutcome } from './form-outcome.ts';
import type { BlogCard, BlogView, RenderedPost } from './posts.ts';
import type { SiteDocument } from './site.ts';

/**
 * The contract between the server and the pages it renders: what each page shows, what the server
 * supplies to render it, and what a render gives back. Both sides import it from here.
 */

/** The hand-picked public part of the server's configuration, sent with the first page. */
export interface SiteConfig {
  /** Canonical origin (SITE_URL), for share links and canonical URLs. */
  siteUrl: string;
  /**
   * The page is for a reader in data-saver mode (`Save-Data: on`, DESIGN.md): it is sent with no
   * script, so it shows no control that needs one. Only set on the server, never sent.
   */
  saveData?: boolean;
}

/** The home page's latest posts, as its cards show them: of the body, its start only. */
export type LatestPosts = BlogCard[];
/** A post's page (and a preview's): the post with its markdown rendered. */
type PostPageData = RenderedPost;
/** The comments section under a post. */
type PostComments = Comment[];

/** What the server hands the renderer to load a page's data without an HTTP round trip. */
export interface SsrDataSource {
  /** The site document (profile, home, CV, blog texts) as saved now: every page shows some of it. */
  site(): Promise<SiteDocument>;
  /** The latest posts readers may see, as the home page's cards. */
  latestCards(limit: number): Promise<LatestPosts>;
  /** One view of /blog: the cards of its page (clamped) and the number of matches. */
  blogView(view: BlogViewParams): Promise<BlogView>;
  /** The post this reader may see at `slug` (drafts only for the admin), markdown rendered. */
  getPostBySlug(slug: string): Promise<PostPageData | undefined>;
  listComments(postId: string): Promise<PostComments>;
  /**
   * The post a signed preview address shows (`/preview/<token>`, DESIGN.md "preview links"), draft
   * or scheduled, markdown rendered; undefined when the token is tampered with, expired or its
   * post is gone.
   */
  getPreview(token: string): Promise<PostPageData | undefined>;
  /**
   * Where a newsletter link's subscription stands (DESIGN.md "the newsletter"); undefined when the
   * site sends no newsletter (no SMTP): the page is then a 404.
   */
  newsletterLink?(kind: 'confirm' | 'unsubscribe', token: string): Promise<NewsletterLinkState>;
  /**
   * What a form sent from this page without script came to (its 303 led here): the page shows it
   * beside the form, with what was typed when it failed. Only on the page that follows the form.
   */
  formOutcome?: FormOutcome;
}

/**
 * A newsletter link's page: a confirmation link is `pending` (its button confirms), `confirmed` or
 * `invalid` (unknown or past its 7 days); an unsubscribe link is `subscribed`, `unsubscribed` or `invalid`.
 */
export type NewsletterLinkState = 'pending' | 'confirmed' | 'subscribed' | 'unsubscribed' | 'invalid';

/** What the browser reads back from the page's JSON state script (`#__QUERY_STATE__`). */
export interface BootState {
  config: SiteConfig;
  /** The query cache the server prefetched for the page's islands, dehydrated. */
  queries: unknown;
}

/**
 * The script a page boots with: `reader` (a reading page: only its islands hydrate), `blog` (the
 * same with the blog list, built on the router and the query library) or `app` (the author's
 * screens: the whole single-page app).
 */
export type PageEntry = 'reader' | 'blog' | 'app';

export interface RenderResult {
  status: number;
  html: string;
  /** <title>, meta tags, canonical link and JSON-LD of the page. */
  head: string;
  state: BootState;
  entry: PageEntry;
}

/** The server entry's render: a URL and its data to a page. */
export type RenderPage = (
  url: string,
  data: SsrDataSource,
  options: { config: SiteConfig; nonce: string },
) => Promise<RenderResult>;
