import escapeHtml from 'escape-html';
import type { Post, RenderedPost } from '../../../shared/posts.ts';
import { notFound, unauthorized } from '../../errors.ts';
import { type MarkdownRenderer, MarkdownRefusedError } from '../markdown/index.ts';
import type { PostService, SavedPost } from './posts.ts';
import type { Viewer } from '../../lib/viewer.ts';
import type { ViewCounter } from './views.ts';

/**
 * Opening one post, the same for the API and the server-rendered page: drafts only for the admin,
 * a reader's visit counted, the markdown rendered here so that readers' pages ship no parser
 * (docs/decisions/004).
 */
export class PostReader {
  private readonly posts: PostService;
  private readonly views: ViewCounter;
  private readonly markdown: MarkdownRenderer;
  constructor(posts: PostService, views: ViewCounter, markdown: MarkdownRenderer) {
    this.markdown = markdown;
    this.posts = posts;
    this.views = views;
  }

  /**
   * The post by slug or id; 404 when there is none or it is scheduled and not out yet, 401 when it
   * is a draft; the admin gets both. `countRead: false` when the caller counts the read itself (a
   * page shared by readers).
   */
  async open(viewer: Viewer, slugOrId: string, { countRead = true } = {}): Promise<RenderedPost> {
    const post = await this.posts.findBySlugOrId(slugOrId);
    if (!post) throw notFound('Post not found');
    const visible = this.posts.isVisible(post);
    // A scheduled post does not exist for visitors until its time: no hint that it is coming.
    if (!visible && !viewer.isAdmin) throw post.published ? notFound('Post not found') : unauthorized();
    // A reader opening the post asks by slug; the editor loads it by id, which is not a read. The
    // count is queued, never awaited: the answer shows the total as stored before this read.
    if (countRead && visible && post.slug === slugOrId) this.views.record(viewer, post.id);
    return this.render(post);
  }

  /** Whether readers may see this post now (published and past its publishAt). */
  isVisible(post: Post): boolean {
    return this.posts.isVisible(post);
  }

  /** A post just saved, as `render` gives it: with the HTML rendered while saving, not rendered again. */
  async saved({ post, html }: SavedPost): Promise<RenderedPost> {
    return html === undefined ? this.render(post) : { ...post, html };
  }

  /** The post with its body as HTML; the images it shows from this site come with their sizes. */
  async render(post: Post): Promise<RenderedPost> {
    try {
      return { ...post, html: await this.markdown.render(post.content) };
    } catch (error) {
      if (!(error instanceof MarkdownRefusedError)) throw error;
      // Only a post saved before saving checked its markdown gets here: its text, unformatted.
      return { ...post, html: plainTextHtml(post.content) };
    }
  }
}

/** Paragraphs of escaped text, for markdown that cannot be rendered. */
const plainTextHtml = (text: string) =>
  text
    .split(/\n\s*\n/)
    .filter((paragraph) => paragraph.trim())
    .map((paragraph) => `<p>${escapeHtml(paragraph.trim())}</p>`)
    .join('\n');
