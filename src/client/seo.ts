import escapeHtml from 'escape-html';
import { useEffect } from 'react';
import { DESCRIPTION_LENGTH } from '../shared/constants.ts';
import type { Post } from '../shared/posts.ts';
import { postDate } from '../shared/post-dates.ts';
import { describeContent } from '../shared/text.ts';
import { pagePath } from '../shared/routes.ts';
import type { SiteDocument } from '../shared/site.ts';

/** What the head of every page reads of the site document. */
export interface HeadSite {
  profile: Pick<SiteDocument['profile'], 'name'>;
  blog: Pick<SiteDocument['blog'], 'title' | 'description'>;
  meta: Pick<SiteDocument['meta'], 'title' | 'keywords' | 'shareImage' | 'favicon'>;
}

/** The part of the site document a page's head needs, for an island that sets its own head (/blog). */
export const headSite = (site: HeadSite): HeadSite => ({
  profile: { name: site.profile.name },
  blog: { title: site.blog.title, description: site.blog.description },
  meta: { title: site.meta.title, keywords: site.meta.keywords, shareImage: site.meta.shareImage, favicon: site.meta.favicon },
});

/** Page metadata inputs of SPEC.md section 3, per page. */
export interface PageMeta {
  title: string;
  description: string;
  keywords: string[];
  /** Site-relative or absolute image URL. */
  image: string;
  /** Site-relative path of the canonical URL. */
  path: string;
  type: 'website' | 'article';
  publishedTime?: string;
  modifiedTime?: string;
  author?: string;
  structuredData?: Record<string, unknown>;
  /** `og:site_name`, the RSS link's title and the tab's icon: the site document's. */
  siteName: string;
  feedTitle: string;
  icon: string;
  /** Pages that must stay out of search results (404s). */
  noindex?: boolean;
  /** With `noindex`: crawlers follow no link either (a signed preview address). */
  nofollow?: boolean;
}

const absolute = (siteUrl: string, url: string) => (/^https?:\/\//i.test(url) ? url : `${siteUrl}${url}`);

const person = ({ profile }: Pick<SiteDocument, 'profile'>, siteUrl: string) => ({
  '@type': 'Person',
  name: profile.name,
  ...(profile.caption ? { jobTitle: profile.caption } : {}),
  url: siteUrl,
  ...(profile.photo ? { image: absolute(siteUrl, profile.photo) } : {}),
  sameAs: profile.socialLinks.map((link) => link.url),
});

/** What every page's head takes from the site document. */
const siteHead = (site: HeadSite) => ({
  siteName: site.meta.title || site.profile.name,
  feedTitle: site.blog.title,
  icon: site.meta.favicon || '/favicon.svg',
  image: site.meta.shareImage || '/images/og-default.png',
});

export function homeMeta(site: SiteDocument, siteUrl: string): PageMeta {
  return {
    ...siteHead(site),
    title: site.meta.title || site.profile.name,
    description: site.profile.description,
    keywords: [...site.meta.keywords],
    path: pagePath.home,
    type: 'website',
    structuredData: {
      '@context': 'https://schema.org',
      '@graph': [
        { ...person(site, siteUrl), '@id': `${siteUrl}/#person` },
        {
          '@type': 'WebSite',
          '@id': `${siteUrl}/#website`,
          name: site.meta.title || site.profile.name,
          url: siteUrl,
          publisher: { '@id': `${siteUrl}/#person` },
        },
      ],
    },
  };
}

/** `Curriculum Design` -> `curriculum design`, `LMS Development` -> `LMS development`. */
const inSentence = (title: string) =>
  title
    .split(' ')
    .map((word) => (word.length > 1 && word === word.toUpperCase() ? word : word.toLowerCase()))
    .join(' ');

/** `a`, `a and b`, `a, b and c`. */
const listed = (items: string[]) =>
  items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

export function cvMeta(site: SiteDocument): PageMeta {
  const { profile, cv } = site;
  const groups = cv.skillGroups.map((group) => inSentence(group.title));
  const what = profile.caption ? `: ${inSentence(profile.caption)}` : '';
  return {
    ...siteHead(site),
    title: `About Me | ${profile.name}`,
    description: `CV of ${profile.name}${what}${groups.length ? ` with experience in ${listed(groups)}` : ''}.`,
    keywords: ['CV', 'resume', ...site.meta.keywords],
    path: pagePath.cv,
    type: 'website',
  };
}

export function blogMeta(site: HeadSite): PageMeta {
  return {
    ...siteHead(site),
    title: `${site.blog.title} | ${site.profile.name}`,
    description: site.blog.description,
    keywords: ['blog', ...site.meta.keywords],
    path: pagePath.blog(),
    type: 'website',
  };
}

/** SPEC.md section 2: excerpt, else the first 160 characters of the content without # and *. */
export function postDescription(post: Pick<Post, 'excerpt' | 'content'>): string {
  return post.excerpt || describeContent(post.content, DESCRIPTION_LENGTH);
}

export function postMeta(site: SiteDocument, post: Post, siteUrl: string): PageMeta {
  const head = siteHead(site);
  const description = post.metadata?.metaDescription || postDescription(post);
  const image = post.featuredImage || head.image;
  const author = post.metadata?.author || site.profile.name;
  const url = `${siteUrl}${pagePath.post(post.slug)}`;
  // A scheduled post went out at its publishAt: that is its date for readers and search engines.
  const published = postDate(post);
  return {
    ...head,
    title: post.metadata?.metaTitle || `${post.title} | ${site.blog.title}`,
    description,
    keywords: post.tags ?? [],
    image,
    path: pagePath.post(post.slug),
    type: 'article',
    publishedTime: published,
    modifiedTime: post.updatedAt,
    author,
    structuredData: {
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: post.title,
      description: postDescription(post),
      image: absolute(siteUrl, image),
      datePublished: published,
      dateModified: post.updatedAt,
      author: { '@type': 'Person', name: author },
      publisher: person(site, siteUrl),
      keywords: (post.tags ?? []).join(', '),
      url,
      mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    },
  };
}

/**
 * A signed preview of a draft or scheduled post (`/preview/<token>`): the post's own metadata, so
 * the page is what readers will get, but never indexed nor followed, with no canonical address and
 * no structured data claiming an address that does not answer yet.
 */
export function previewMeta(site: SiteDocument, post: Post, siteUrl: string, token: string): PageMeta {
  const meta = postMeta(site, post, siteUrl);
  return {
    ...meta,
    title: `Preview: ${meta.title}`,
    path: pagePath.preview(token),
    structuredData: undefined,
    noindex: true,
    nofollow: true,
  };
}

/** The author's pages: never indexed. */
export function editorMeta(site: HeadSite, path: string, title: string): PageMeta {
  return {
    ...siteHead(site),
    title: `${title} | ${site.profile.name}`,
    description: 'Blog editor',
    keywords: [],
    path,
    type: 'website',
    noindex: true,
  };
}

/** The back office's screens (DESIGN.md) and their headings, which are also their titles. */
const adminScreens = {
  [pagePath.admin]: 'Dashboard',
  [pagePath.adminPosts]: 'Posts',
  [pagePath.adminComments]: 'Comments',
  [pagePath.adminMessages]: 'Messages',
  [pagePath.adminSite]: 'Site',
  [pagePath.adminSubscribers]: 'Subscribers',
  [pagePath.adminSecurity]: 'Security',
} as const satisfies Record<string, string>;

export type AdminScreenPath = keyof typeof adminScreens;

export function adminMeta(site: HeadSite, path: AdminScreenPath): PageMeta {
  return { ...editorMeta(site, path, adminScreens[path]), description: 'Back office' };
}

/** The posts a reader keeps offline (DESIGN.md): in their browser only, so nothing to index. */
export function savedMeta(site: HeadSite): PageMeta {
  return {
    ...siteHead(site),
    title: `Saved for offline | ${site.profile.name}`,
    description: 'The posts saved in this browser, to read without a connection.',
    keywords: [],
    path: pagePath.saved,
    type: 'website',
    noindex: true,
  };
}

/** A newsletter link's page (confirm, unsubscribe): never indexed. */
export function newsletterMeta(site: HeadSite, path: string, title: string): PageMeta {
  return {
    ...siteHead(site),
    title: `${title} | ${site.profile.name}`,
    description: `New posts from ${site.profile.name} by e-mail.`,
    keywords: [],
    path,
    type: 'website',
    noindex: true,
    nofollow: true,
  };
}

export function notFoundMeta(site: HeadSite, path: string, title = '404 Page Not Found'): PageMeta {
  return {
    ...siteHead(site),
    title,
    description: 'The page you are looking for does not exist.',
    keywords: [],
    path,
    type: 'website',
    noindex: true,
  };
}

/** JSON inside a <script> must not be able to close it. */
export const serializeForScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** Name/value pairs of the <meta> tags of a page, shared by the server and client navigation. */
function metaTags(meta: PageMeta, siteUrl: string): Array<['name' | 'property', string, string]> {
  const image = absolute(siteUrl, meta.image);
  const tags: Array<['name' | 'property', string, string]> = [
    ['name', 'description', meta.description],
    ['name', 'keywords', meta.keywords.join(', ')],
    ['property', 'og:title', meta.title],
    ['property', 'og:description', meta.description],
    ['property', 'og:type', meta.type],
    ['property', 'og:url', `${siteUrl}${meta.path}`],
    ['property', 'og:image', image],
    ['property', 'og:site_name', meta.siteName],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', meta.title],
    ['name', 'twitter:description', meta.description],
    ['name', 'twitter:image', image],
  ];
  if (meta.publishedTime) tags.push(['property', 'article:published_time', meta.publishedTime]);
  if (meta.modifiedTime) tags.push(['property', 'article:modified_time', meta.modifiedTime]);
  if (meta.author) tags.push(['name', 'author', meta.author]);
  if (meta.type === 'article') for (const tag of meta.keywords) tags.push(['property', 'article:tag', tag]);
  if (meta.noindex) tags.push(['name', 'robots', meta.nofollow ? 'noindex, nofollow' : 'noindex']);
  return tags;
}

/** The <head> tags of a page as HTML, for the server's first response. */
export function renderHeadTags(meta: PageMeta, siteUrl: string, nonce: string): string {
  const lines = [`<title>${escapeHtml(meta.title)}</title>`, `<link rel="icon" href="${escapeHtml(meta.icon)}" />`];
  for (const [kind, key, value] of metaTags(meta, siteUrl)) {
    lines.push(`<meta ${kind}="${key}" content="${escapeHtml(value)}" />`);
  }
  if (!meta.noindex) lines.push(`<link rel="canonical" href="${escapeHtml(`${siteUrl}${meta.path}`)}" />`);
  lines.push(
    `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(meta.feedTitle)}" href="${siteUrl}/rss.xml" />`,
  );
  if (meta.structuredData) {
    lines.push(`<script type="application/ld+json" nonce="${nonce}">${serializeForScript(meta.structuredData)}</script>`);
  }
  return lines.join('\n    ');
}

/** The head elements a page owns: replaced as a whole on every client-side navigation. */
const PAGE_HEAD_ELEMENTS = [
  'meta[name="description"]',
  'meta[name="keywords"]',
  'meta[name="author"]',
  'meta[name="robots"]',
  'meta[name^="twitter:"]',
  'meta[property^="og:"]',
  'meta[property^="article:"]',
  'link[rel="canonical"]',
  'script[type="application/ld+json"]',
].join(', ');

/**
 * Brings a document's head in line with a page, as the server would have rendered it: the title,
 * every meta tag (one per article tag), the canonical link unless the page is not indexed, and the
 * page's structured data.
 */
export function applyDocumentMeta(doc: Document, meta: PageMeta, siteUrl: string): void {
  doc.title = meta.title;
  for (const stale of doc.head.querySelectorAll(PAGE_HEAD_ELEMENTS)) stale.remove();
  const added: Element[] = [];
  for (const [kind, key, value] of metaTags(meta, siteUrl)) {
    const element = doc.createElement('meta');
    element.setAttribute(kind, key);
    element.setAttribute('content', value);
    added.push(element);
  }
  if (!meta.noindex) {
    const canonical = doc.createElement('link');
    canonical.setAttribute('rel', 'canonical');
    canonical.setAttribute('href', `${siteUrl}${meta.path}`);
    added.push(canonical);
  }
  if (meta.structuredData) {
    // A data block, never executed, so the page's script policy does not apply to it.
    const script = doc.createElement('script');
    script.setAttribute('type', 'application/ld+json');
    script.textContent = serializeForScript(meta.structuredData);
    added.push(script);
  }
  doc.head.append(...added);
}

/** After client-side navigation, brings the document's head in line with the page. */
export function useDocumentMeta(meta: PageMeta, siteUrl: string): void {
  // Pages build their meta afresh on each render: compare by value so the head changes only with it.
  const key = JSON.stringify(meta);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => applyDocumentMeta(document, meta, siteUrl), [key, siteUrl]);
}
