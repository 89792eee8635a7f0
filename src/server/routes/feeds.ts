import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { DESCRIPTION_LENGTH } from '../../shared/constants.ts';
import { authorPathPrefixes, indexableStaticPaths, pagePath } from '../../shared/routes.ts';
import { postDate, type Post } from '../../shared/posts.ts';
import { describeContent } from '../../shared/text.ts';
import { toJsonResume } from '../../shared/json-resume.ts';
import { mayUseSharedCache, sendRendered } from '../http/cached-response.ts';
import type { PageCache, RenderedResponse } from '../pages/page-cache.ts';
import type { PostService } from '../services/posts/index.ts';
import type { SiteService } from '../services/site/index.ts';

/** Feed readers and crawlers poll; five minutes of caching lets a CDN absorb them. */
const FEED_ITEMS = 50;

/**
 * Characters XML 1.0 cannot carry at all (control characters, unpaired surrogates, U+FFFE/FFFF):
 * escaping cannot help, so they are left out of the feed rather than making it unreadable.
 */
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- these characters are what is being looked for
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const xmlText = (value: string) => value.replace(NOT_XML, '');

/** A post last changed for readers when it was saved, or when it went out if that was later. */
const lastChange = (post: Pick<Post, 'publishAt' | 'updatedAt'>) =>
  post.publishAt && post.publishAt > post.updatedAt ? post.publishAt : post.updatedAt;

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** `/rss.xml`, `/sitemap.xml` and `/robots.txt`, with absolute URLs from SITE_URL; never drafts or posts not out yet. */
export const feedRoutes: FastifyPluginAsync<{
  posts: PostService;
  site: SiteService;
  siteUrl: string;
  cache: PageCache;
}> = async (app, { posts, site, siteUrl, cache }) => {
  const postUrl = (slug: string) => `${siteUrl}${pagePath.post(slug)}`;

  /** A feed is built once per change of the posts and kept compressed, like the pages. */
  const serveFeed = (key: string, contentType: string, build: () => Promise<string>) =>
    async function (request: FastifyRequest, reply: FastifyReply) {
      const produce = async (): Promise<RenderedResponse> => {
        const body = await build();
        return { status: 200, body, contentType, etag: createHash('sha256').update(body).digest('base64url').slice(0, 27) };
      };
      const response = mayUseSharedCache(request) ? (cache.get(key) ?? (await cache.render(key, produce))) : await produce();
      return sendRendered(request, reply, response);
    };

  const rss = async () => {
    const [published, { profile, blog, meta }] = await Promise.all([
      posts.list({ readers: true, limit: FEED_ITEMS }),
      site.get(),
    ]);
    const shareImage = meta.shareImage || '/images/og-default.png';
    // Loaded by the first feed asked for (then cached for five minutes): its XML writer and parser
    // are not held by a server nobody polls.
    const { Feed } = await import('feed');
    const feed = new Feed({
      title: xmlText(blog.title),
      description: xmlText(blog.description),
      id: `${siteUrl}${pagePath.blog()}`,
      link: `${siteUrl}${pagePath.blog()}`,
      language: 'en',
      image: shareImage.startsWith('/') ? `${siteUrl}${shareImage}` : shareImage,
      copyright: xmlText(`© ${profile.name}`),
      updated: published[0] ? new Date(lastChange(published[0])) : undefined,
      feedLinks: { rss: `${siteUrl}/rss.xml` },
      author: { name: xmlText(profile.name), link: siteUrl },
    });
    for (const post of published) {
      // featuredImage is an http(s) URL or a site path when it reaches here (toApiPost).
      const image =
        post.featuredImage && (post.featuredImage.startsWith('/') ? `${siteUrl}${post.featuredImage}` : post.featuredImage);
      feed.addItem({
        title: xmlText(post.title),
        id: postUrl(post.slug),
        link: postUrl(post.slug),
        date: new Date(postDate(post)),
        description: xmlText(post.excerpt || describeContent(post.content, DESCRIPTION_LENGTH)),
        category: (post.tags ?? []).map((name) => ({ name: xmlText(name) })),
        author: [
          {
            name: xmlText(
              typeof post.metadata?.author === 'string' && post.metadata.author ? post.metadata.author : profile.name,
            ),
          },
        ],
        ...(image ? { image } : {}),
      });
    }
    return feed.rss2();
  };
  app.get('/rss.xml', serveFeed('/rss.xml', 'application/rss+xml; charset=utf-8', rss));

  const sitemap = async () => {
    const published = await posts.sitemapEntries();
    const pages = indexableStaticPaths.map((path) => `  <url><loc>${escapeXml(`${siteUrl}${path}`)}</loc></url>`);
    const entries = published.map(
      (post) => `  <url><loc>${escapeXml(xmlText(postUrl(post.slug)))}</loc><lastmod>${lastChange(post)}</lastmod></url>`,
    );
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${[...pages, ...entries].join('\n')}\n</urlset>\n`;
    return xml;
  };
  app.get('/sitemap.xml', serveFeed('/sitemap.xml', 'application/xml; charset=utf-8', sitemap));

  // DESIGN.md "make it yours": the CV as JSON Resume 1.0.0, read from the site document as saved now.
  app.get('/resume.json', async (_request, reply) =>
    reply.header('content-type', 'application/json; charset=utf-8').send(toJsonResume(await site.get(), siteUrl)),
  );

  app.get('/robots.txt', async (_request, reply) => {
    const body = [
      'User-agent: *',
      'Allow: /',
      ...authorPathPrefixes.map((prefix) => `Disallow: ${prefix}`),
      'Disallow: /api/',
      '',
      `Sitemap: ${siteUrl}/sitemap.xml`,
      '',
    ].join('\n');
    return reply.header('content-type', 'text/plain; charset=utf-8').send(body);
  });
};
