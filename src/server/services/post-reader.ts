import type { FastifyRequest } from 'fastify';
import { inArray } from 'drizzle-orm';
import { renderMarkdown } from '../../shared/markdown.ts';
import type { Post, RenderedPost } from '../../shared/posts.ts';
import { type ImageSize, uploadIdOf, uploadIdsIn } from '../../shared/images.ts';
import type { Database } from '../db/client.ts';
import { uploads } from '../db/schema.ts';
import { notFound, unauthorized } from '../errors.ts';
import type { PostService } from './posts.ts';
import { isAdmin } from './session.ts';
import type { ViewCounter } from './views.ts';

/**
 * Opening one post, the same for the API and the server-rendered page: drafts only for the admin,
 * a reader's visit counted, the markdown rendered here so that readers' pages ship no parser
 * (docs/decisions/004).
 */
export class PostReader {
  private readonly db: Database;
  private readonly posts: PostService;
  private readonly views: ViewCounter;
  constructor(db: Database, posts: PostService, views: ViewCounter) {
    this.db = db;
    this.posts = posts;
    this.views = views;
  }

  /** The post by slug or id; 404 when there is none, 401 when it is a draft and this is not the admin. */
  async open(request: FastifyRequest, slugOrId: string): Promise<RenderedPost> {
    const post = await this.posts.findBySlugOrId(slugOrId);
    if (!post) throw notFound('Post not found');
    if (!post.published && !isAdmin(request)) throw unauthorized();
    // A reader opening the post asks by slug; the editor loads it by id, which is not a read.
    if (post.published && post.slug === slugOrId && (await this.views.countView(request, post.id))) {
      post.metadata = { ...post.metadata, views: (post.metadata.views ?? 0) + 1 };
    }
    return this.render(post);
  }

  /** The post with its body as HTML; the images it shows from this site come with their sizes. */
  async render(post: Post): Promise<RenderedPost> {
    const ids = uploadIdsIn(post.content);
    const sizes = new Map<string, ImageSize>();
    if (ids.length) {
      const rows = await this.db
        .select({ id: uploads.id, width: uploads.width, height: uploads.height })
        .from(uploads)
        .where(inArray(uploads.id, ids));
      for (const { id, width, height } of rows) if (width && height) sizes.set(id, { width, height });
    }
    const imageSize = (src: string) => {
      const id = uploadIdOf(src);
      return id ? sizes.get(id) : undefined;
    };
    return { ...post, html: renderMarkdown(post.content, { imageSize }) };
  }
}
