import { useEffect } from 'react';
import { profile, site } from '../content/site.ts';
import { DESCRIPTION_LENGTH } from '../shared/constants.ts';
import type { Post } from '../shared/posts.ts';
import { describeContent } from '../shared/text.ts';
import { paths } from './paths.ts';

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
  /** Pages that must stay out of search results (404s). */
  noindex?: boolean;
}

const absolute = (siteUrl: string, url: string) => (/^https?:\/\//i.test(url) ? url : `${siteUrl}${url}`);

const person = (siteUrl: string) => ({
  '@type': 'Person',
  name: profile.name,
  jobTitle: profile.role,
  url: siteUrl,
  sameAs: profile.socialLinks.map((link) => link.href),
});

export function homeMeta(siteUrl: string): PageMeta {
  return {
    title: site.name,
    description: profile.description,
    keywords: [...site.keywords],
    image: site.defaultImage,
    path: paths.home,
    type: 'website',
    structuredData: {
      '@context': 'https://schema.org',
      '@graph': [
        { ...person(siteUrl), '@id': `${siteUrl}/#person` },
        { '@type': 'WebSite', '@id': `${siteUrl}/#website`, name: site.name, url: siteUrl, publisher: { '@id': `${siteUrl}/#person` } },
      ],
    },
  };
}

export function cvMeta(): PageMeta {
  return {
    title: `About Me | ${profile.name}`,
    description: `CV of ${profile.name}: ${profile.role.toLowerCase()} with experience in curriculum design, data analysis, project management and LMS development.`,
    keywords: ['CV', 'resume', ...site.keywords],
    image: site.defaultImage,
    path: paths.cv,
    type: 'website',
  };
}

export function blogMeta(): PageMeta {
  return {
    title: `${site.blogTitle} | ${profile.name}`,
    description: site.blogDescription,
    keywords: ['blog', ...site.keywords],
    image: site.defaultImage,
    path: paths.blog,
    type: 'website',
  };
}

/** SPEC.md section 2: excerpt, else the first 160 characters of the content without # and *. */
export function postDescription(post: Pick<Post, 'excerpt' | 'content'>): string {
  return post.excerpt || describeContent(post.content, DESCRIPTION_LENGTH);
}

export function postMeta(post: Post, siteUrl: string): PageMeta {
  const description = post.metadata?.metaDescription || postDescription(post);
  const image = post.featuredImage || site.defaultImage;
  const author = post.metadata?.author || profile.name;
  const url = `${siteUrl}${paths.post(post.slug)}`;
  return {
    title: post.metadata?.metaTitle || `${post.title} | ${site.blogTitle}`,
    description,
    keywords: post.tags ?? [],
    image,
    path: paths.post(post.slug),
    type: 'article',
    publishedTime: post.createdAt,
    modifiedTime: post.updatedAt,
    author,
    structuredData: {
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: post.title,
      description: postDescription(post),
      image: absolute(siteUrl, image),
      datePublished: post.createdAt,
      dateModified: post.updatedAt,
      author: { '@type': 'Person', name: author },
      publisher: person(siteUrl),
      keywords: (post.tags ?? []).join(', '),
      url,
      mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    },
  };
}

/** The author's pages: never indexed. */
export function editorMeta(path: string, title: string): PageMeta {
  return { title: `${title} | ${profile.name}`, description: 'Blog editor', keywords: [], image: site.defaultImage, path, type: 'website', noindex: true };
}

export function notFoundMeta(path: string, title = '404 Page Not Found'): PageMeta {
  return {
    title,
    description: 'The page you are looking for does not exist.',
    keywords: [],
    image: site.defaultImage,
    path,
    type: 'website',
    noindex: true,
  };
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON inside a <script> must not be able to close it. */
export const serializeForScript = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/** Name/value pairs of the <meta> tags of a page, shared by the server and client navigation. */
export function metaTags(meta: PageMeta, siteUrl: string): Array<['name' | 'property', string, string]> {
  const image = absolute(siteUrl, meta.image);
  const tags: Array<['name' | 'property', string, string]> = [
    ['name', 'description', meta.description],
    ['name', 'keywords', meta.keywords.join(', ')],
    ['property', 'og:title', meta.title],
    ['property', 'og:description', meta.description],
    ['property', 'og:type', meta.type],
    ['property', 'og:url', `${siteUrl}${meta.path}`],
    ['property', 'og:image', image],
    ['property', 'og:site_name', site.name],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', meta.title],
    ['name', 'twitter:description', meta.description],
    ['name', 'twitter:image', image],
  ];
  if (meta.publishedTime) tags.push(['property', 'article:published_time', meta.publishedTime]);
  if (meta.modifiedTime) tags.push(['property', 'article:modified_time', meta.modifiedTime]);
  if (meta.author) tags.push(['name', 'author', meta.author]);
  if (meta.type === 'article') for (const tag of meta.keywords) tags.push(['property', 'article:tag', tag]);
  if (meta.noindex) tags.push(['name', 'robots', 'noindex']);
  return tags;
}

/** The <head> tags of a page as HTML, for the server's first response. */
export function renderHeadTags(meta: PageMeta, siteUrl: string, nonce: string): string {
  const lines = [`<title>${escapeAttribute(meta.title)}</title>`];
  for (const [kind, key, value] of metaTags(meta, siteUrl)) {
    lines.push(`<meta ${kind}="${key}" content="${escapeAttribute(value)}" />`);
  }
  if (!meta.noindex) lines.push(`<link rel="canonical" href="${escapeAttribute(`${siteUrl}${meta.path}`)}" />`);
  lines.push(`<link rel="alternate" type="application/rss+xml" title="${escapeAttribute(site.blogTitle)}" href="${siteUrl}/rss.xml" />`);
  if (meta.structuredData) {
    lines.push(`<script type="application/ld+json" nonce="${nonce}">${serializeForScript(meta.structuredData)}</script>`);
  }
  return lines.join('\n    ');
}

/** After client-side navigation, brings the document's title and meta tags in line with the page. */
export function useDocumentMeta(meta: PageMeta, siteUrl: string): void {
  useEffect(() => {
    document.title = meta.title;
    // Tags that only some pages have are dropped first, then every tag of this page is set.
    for (const stale of document.head.querySelectorAll('meta[property^="article:"], meta[name="robots"], meta[name="author"]')) stale.remove();
    for (const [kind, key, value] of metaTags(meta, siteUrl)) {
      let element = document.head.querySelector<HTMLMetaElement>(`meta[${kind}="${key}"]`);
      if (!element) {
        element = document.createElement('meta');
        element.setAttribute(kind, key);
        document.head.append(element);
      }
      element.content = value;
    }
    const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (canonical) canonical.href = `${siteUrl}${meta.path}`;
  }, [meta, siteUrl]);
}
