import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/client.ts';
import { listPublicComments } from '../services/comments.ts';
import type { PostService } from '../services/posts.ts';
import type { PageRenderer } from '../services/renderer.ts';
import { isAdmin } from '../services/session.ts';
import type { ViewCounter } from '../services/views.ts';
import { renderMarkdown } from '../../shared/markdown.ts';

/** Every GET that is not the API, an upload or a static file is a page rendered on the server. */
export const pageRoutes: FastifyPluginAsync<{ renderer: PageRenderer; posts: PostService; db: Database; views: ViewCounter }> = async (
  app,
  { renderer, posts, db, views },
) => {
  app.get('/*', async (request, reply) => {
    if (request.url.startsWith('/api/')) {
      return reply.code(404).send({ message: `Route GET ${request.url.split('?')[0]} not found` });
    }
    const page = await renderer.render(request.url, {
      nonce: reply.scriptNonce,
      data: {
        listPublishedPosts: (limit) => posts.list({ published: true, limit }),
        getPostBySlug: async (slug) => {
          const post = await posts.findBySlugOrId(slug);
          if (!post || (!post.published && !isAdmin(request))) return undefined;
          if (post.published && post.slug === slug && (await views.countView(request, post.id))) {
            post.metadata = { ...post.metadata, views: (post.metadata.views ?? 0) + 1 };
          }
          return { ...post, html: renderMarkdown(post.content) };
        },
        listComments: (postId) => listPublicComments(db, postId),
      },
    });
    return reply
      .code(page.status)
      .header('content-type', 'text/html; charset=utf-8')
      // Pages carry fresh data; the hashed assets they point at are the cached part.
      .header('cache-control', 'no-cache')
      .send(page.html);
  });
};
