import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '../../shared/fields.ts';
import {
  blogViewQuerySchema,
  blogViewSchema,
  postInputSchema,
  postListQuerySchema,
  postSchema,
  postUpdateSchema,
  renderedPostSchema,
  PREFER_REPRESENTATION,
  savedPostSchema,
} from '../../shared/posts.ts';
import { previewLinkSchema, revisionSchema, revisionSummarySchema } from '../../shared/revisions.ts';
import { notFound, unauthorized } from '../errors.ts';
import type { PostService } from '../services/posts/index.ts';
import type { PostReader } from '../services/posts/index.ts';
import type { PreviewLinks } from '../services/posts/index.ts';
import type { RevisionService } from '../services/posts/index.ts';
import type { SavedPost } from '../services/posts/index.ts';
import { mayUseSharedCache, sendRendered } from '../http/cached-response.ts';
import { isAdmin, requireAdmin } from '../http/session.ts';
import type { PageCache, RenderedResponse } from '../pages/page-cache.ts';
import { viewerOf } from '../http/viewer.ts';

/** Posts in a list answer that names no `limit` (README: what the API accepts). */
const LIST_DEFAULT_LIMIT = 200;

/** Whether `Prefer` headers (RFC 7240: preferences split by commas, parameters after `;`) ask for the representation. */
const prefersRepresentation = (prefer: string | string[] | undefined): boolean =>
  /(?:^|,)\s*return\s*=\s*"?representation"?\s*(?:[;,]|$)/i.test([prefer ?? []].flat().join(','));

/** Post bodies may carry long articles; everything else keeps the global 1 MB limit. */
const POST_BODY_LIMIT = 4 * 1024 * 1024;

export const postRoutes: FastifyPluginAsyncZod<{
  posts: PostService;
  reader: PostReader;
  revisions: RevisionService;
  previews: PreviewLinks;
  cache: PageCache;
}> = async (app, { posts, reader, revisions, previews, cache }) => {
  const postList = z.array(postSchema);
  app.get(
    '/api/blog-posts',
    { schema: { querystring: postListQuerySchema, response: { 200: postList } } },
    async (request, reply) => {
      const { published, search, limit = LIST_DEFAULT_LIMIT, offset = 0 } = request.query;
      const admin = isAdmin(request);
      if (published === false && !admin) throw unauthorized();
      // Visitors only ever see what is out (published, past its publishAt); the admin sees drafts
      // and scheduled posts too when not filtering.
      // Without a limit a list stops at LIST_DEFAULT_LIMIT: one request must not be able to ask
      // for every post of a large blog with its whole text (a search matching 6,000 posts
      // answered 900 KB and, fifty at once, ran the server out of memory).
      if (!mayUseSharedCache(request))
        return posts.list({ ...(admin ? { published } : { readers: true }), search, limit, offset });
      // What visitors get is the same for all of them: built, serialised and compressed once per
      // change of the posts, like the pages (a list of 200 whole posts is about 1 MB of JSON).
      const produce = async (): Promise<RenderedResponse> => {
        const body = JSON.stringify(postList.parse(await posts.list({ readers: true, search, limit, offset })));
        return {
          status: 200,
          body,
          contentType: 'application/json; charset=utf-8',
          etag: createHash('sha256').update(body).digest('base64url').slice(0, 27),
        };
      };
      const query = new URLSearchParams({ search: search ?? '', limit: String(limit), offset: String(offset) });
      const key = `/api/blog-posts?${query.toString()}`;
      // The plain list (the home page's and feeds' readers ask for it) among the pages; any other,
      // which anyone can make up, among the searches.
      const pool = search === undefined && limit === LIST_DEFAULT_LIMIT && offset === 0 ? 'pages' : 'searches';
      return sendRendered(request, reply, cache.get(key, pool) ?? (await cache.render(key, produce, pool)));
    },
  );

  // DESIGN.md: one view of /blog (a page of cards and the count), as the server renders it. Not
  // under /api/blog-posts/, where it would take the address of a post whose slug is "view".
  app.get(
    '/api/blog-view',
    { schema: { querystring: blogViewQuerySchema, response: { 200: blogViewSchema } } },
    async (request) => posts.view(request.query),
  );

  app.get(
    '/api/blog-posts/:slugOrId',
    { schema: { params: z.object({ slugOrId: text().min(1).max(200) }), response: { 200: renderedPostSchema } } },
    async (request) => reader.open(viewerOf(request), request.params.slugOrId),
  );

  // A save answers the post; asked with `Prefer: return=representation`, the post as its GET gives
  // it, with the HTML rendered while saving (kept by the renderer: its next page renders nothing).
  const answerSave = async (request: FastifyRequest, reply: FastifyReply, saved: SavedPost) => {
    if (!prefersRepresentation(request.headers.prefer)) return saved.post;
    reply.header('preference-applied', PREFER_REPRESENTATION);
    return reader.saved(saved);
  };

  app.post(
    '/api/blog-posts',
    {
      onRequest: requireAdmin,
      bodyLimit: POST_BODY_LIMIT,
      schema: { body: postInputSchema, response: { 201: savedPostSchema } },
    },
    async (request, reply) => reply.code(201).send(await answerSave(request, reply, await posts.create(request.body))),
  );

  const idParams = z.object({ id: text().min(1).max(100) });

  // A stale `expectedUpdatedAt` answers 409 `{message, current}` (shared postConflictSchema); a
  // slug taken by another post answers 409 `{message}`; a post that is not there, 404.
  app.put(
    '/api/blog-posts/:id',
    {
      onRequest: requireAdmin,
      bodyLimit: POST_BODY_LIMIT,
      schema: { params: idParams, body: postUpdateSchema, response: { 200: savedPostSchema } },
    },
    async (request, reply) => answerSave(request, reply, await posts.update(request.params.id.toLowerCase(), request.body)),
  );

  const postIdParams = z.object({ id: z.uuid() });

  app.get(
    '/api/blog-posts/:id/revisions',
    { onRequest: requireAdmin, schema: { params: postIdParams, response: { 200: z.array(revisionSummarySchema) } } },
    async (request) => revisions.list(request.params.id.toLowerCase()),
  );

  app.get(
    '/api/blog-posts/:id/revisions/:revisionId',
    {
      onRequest: requireAdmin,
      schema: { params: postIdParams.extend({ revisionId: z.uuid() }), response: { 200: revisionSchema } },
    },
    async (request) => revisions.get(request.params.id.toLowerCase(), request.params.revisionId.toLowerCase()),
  );

  app.post(
    '/api/blog-posts/:id/preview-link',
    { onRequest: requireAdmin, schema: { params: postIdParams, response: { 200: previewLinkSchema } } },
    async (request) => {
      const post = await posts.findById(request.params.id);
      if (!post) throw notFound('Post not found');
      return previews.create(post.id);
    },
  );

  app.delete('/api/blog-posts/:id', { onRequest: requireAdmin, schema: { params: idParams } }, async (request, reply) => {
    await posts.delete(request.params.id);
    return reply.code(204).send();
  });
};
