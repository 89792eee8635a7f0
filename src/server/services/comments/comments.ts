import { and, desc, eq, sql } from 'drizzle-orm';
import {
  type AdminComment,
  type AdminCommentsQuery,
  type CommentModeration,
  type CommentStatus,
  MAX_COMMENT_LINKS,
} from '../../../shared/back-office.ts';
import type { Comment, PostedComment } from '../../../shared/comments.ts';
import { pagePath } from '../../../shared/routes.ts';
import type { Mailer } from '../../adapters/mailer.ts';
import type { Database } from '../../db/client.ts';
import { blogPosts, comments } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import type { PostService } from '../posts/index.ts';
import { newestFirst, olderThan } from '../../lib/paging.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { Viewer } from '../../lib/viewer.ts';

/** What decides a new comment's status (COMMENT_MODERATION and COMMENT_BLOCKLIST). */
export interface CommentRules {
  moderation: CommentModeration;
  /** Lower-case words or phrases. */
  blocklist: string[];
}

export interface CommentNotifier {
  mailer: Mailer;
  siteUrl: string;
  log: { error(details: object, message: string): void };
}

/** Addresses written out (`http://`, `https://`) or begun with `www.`: what a reader would follow. */
const LINK = /https?:\/\/|(?<![/\w.-])www\./gi;
const countLinks = (text: string): number => text.match(LINK)?.length ?? 0;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The first blocklisted word found as a whole word in the comment's author, e-mail or text. */
function blockedWord(fields: string[], blocklist: string[]): string | undefined {
  const haystack = fields.join('\n').toLowerCase();
  return blocklist.find((word) => new RegExp(`(?<![\\p{L}\\p{N}_])${escapeRegExp(word)}(?![\\p{L}\\p{N}_])`, 'u').test(haystack));
}

interface NewComment {
  author: string;
  email: string;
  content: string;
}

/**
 * A new comment's status under the rules: links and blocklisted words hold it whatever the
 * setting; otherwise `first-time` holds it unless its address already has a published comment.
 */
function moderate(comment: NewComment, rules: CommentRules, knownCommenter: boolean): 'held' | 'published' {
  if (countLinks(comment.content) > MAX_COMMENT_LINKS) return 'held';
  if (blockedWord([comment.author, comment.email, comment.content], rules.blocklist)) return 'held';
  if (rules.moderation === 'all') return 'held';
  if (rules.moderation === 'first-time' && !knownCommenter) return 'held';
  return 'published';
}

/** Columns a browser may see: never the e-mail address. */
const publicColumns = {
  id: comments.id,
  postId: comments.postId,
  author: comments.author,
  content: comments.content,
  createdAt: comments.createdAt,
  parentId: comments.parentId,
};

const adminColumns = {
  id: comments.id,
  postId: comments.postId,
  author: comments.author,
  content: comments.content,
  createdAt: comments.createdAt,
  email: comments.email,
  status: comments.status,
  postTitle: blogPosts.title,
  postSlug: blogPosts.slug,
};

const toApiComment = (row: {
  id: string;
  postId: string;
  author: string;
  content: string;
  createdAt: Date;
  parentId: string | null;
}): Comment => ({
  id: row.id,
  postId: row.postId,
  author: row.author,
  content: row.content,
  createdAt: row.createdAt.toISOString(),
  ...(row.parentId ? { parentId: row.parentId } : {}),
});

type AdminRow = { [K in keyof typeof adminColumns]: (typeof adminColumns)[K]['_']['data'] };
const toAdminComment = (row: AdminRow): AdminComment => ({ ...row, createdAt: row.createdAt.toISOString() });

/** Visitors' comments: what readers see (published only), what the author moderates. */
export class CommentService {
  private readonly db: Database;
  private readonly posts: PostService;
  private readonly rules: CommentRules;
  private readonly notifier?: CommentNotifier;

  constructor(db: Database, posts: PostService, rules: CommentRules, notifier?: CommentNotifier) {
    this.db = db;
    this.posts = posts;
    this.rules = rules;
    this.notifier = notifier;
  }

  /** Comments belong to posts the viewer may see: drafts and posts not yet out are the admin's alone. */
  private async visiblePost(viewer: Viewer, postId: string) {
    const post = await this.posts.findById(postId);
    if (!post || (!this.posts.isVisible(post) && !viewer.isAdmin)) throw notFound('Post not found');
    return post;
  }

  /** A post's comments as readers see them: published ones, newest first. */
  async listPublic(viewer: Viewer, postId: string): Promise<Comment[]> {
    const post = await this.visiblePost(viewer, postId);
    return this.listPublished(post.id);
  }

  /** The published comments of a post the caller already knows readers may see. */
  async listPublished(postId: string): Promise<Comment[]> {
    const rows = await this.db
      .select(publicColumns)
      .from(comments)
      .where(and(eq(comments.postId, postId), eq(comments.status, 'published')))
      .orderBy(desc(comments.createdAt), desc(comments.id));
    return rows.map(toApiComment);
  }

  /**
   * Stores a visitor's comment with the status the rules give it. A filled honeypot is kept as
   * spam, and the bot is told `held` like any comment awaiting moderation: it learns nothing.
   */
  async create(viewer: Viewer, postId: string, input: NewComment & { website?: string }): Promise<PostedComment> {
    const post = await this.visiblePost(viewer, postId);
    const comment = { author: input.author, email: input.email, content: input.content };
    const status: CommentStatus = input.website
      ? 'spam'
      : moderate(comment, this.rules, this.rules.moderation === 'first-time' && (await this.isKnown(comment.email)));
    const [row] = await this.db
      .insert(comments)
      .values({ ...comment, postId: post.id, status })
      .returning(publicColumns);
    if (status !== 'spam') this.notify({ ...comment, status, postTitle: post.title, postSlug: post.slug });
    return { ...toApiComment(row!), status: status === 'spam' ? 'held' : status };
  }

  /** Whether this address already has a published comment (case-insensitive). */
  private async isKnown(email: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: comments.id })
      .from(comments)
      .where(and(eq(comments.status, 'published'), sql`lower(${comments.email}) = lower(${email})`))
      .limit(1);
    return row !== undefined;
  }

  /** The visitor does not wait for the mail server; a failure is logged, the comment kept. */
  private notify(comment: NewComment & { status: 'held' | 'published'; postTitle: string; postSlug: string }): void {
    if (!this.notifier) return;
    const { mailer, siteUrl, log } = this.notifier;
    mailer
      .sendCommentNotification({
        ...comment,
        postUrl: `${siteUrl}${pagePath.post(comment.postSlug)}`,
        moderationUrl: `${siteUrl}${pagePath.adminComments}`,
      })
      .catch((error: unknown) => log.error({ err: error }, 'comment notification failed; comment kept'));
  }

  /** The moderation list: newest first, one status or all, `before` a creation time. */
  async listForAdmin(query: AdminCommentsQuery): Promise<AdminComment[]> {
    const { status, before, beforeId, limit } = query;
    const rows = await this.db
      .select(adminColumns)
      .from(comments)
      .innerJoin(blogPosts, eq(blogPosts.id, comments.postId))
      .where(and(status ? eq(comments.status, status) : undefined, olderThan(comments.createdAt, comments.id, before, beforeId)))
      .orderBy(...newestFirst(comments.createdAt, comments.id))
      .limit(limit);
    return rows.map(toAdminComment);
  }

  async setStatus(id: string, status: CommentStatus): Promise<AdminComment> {
    if (!isUuid(id)) throw notFound('Comment not found');
    const [updated] = await this.db.update(comments).set({ status }).where(eq(comments.id, id)).returning({ id: comments.id });
    if (!updated) throw notFound('Comment not found');
    const [row] = await this.db
      .select(adminColumns)
      .from(comments)
      .innerJoin(blogPosts, eq(blogPosts.id, comments.postId))
      .where(eq(comments.id, id));
    return toAdminComment(row!);
  }

  async delete(id: string): Promise<void> {
    if (!isUuid(id)) throw notFound('Comment not found');
    const deleted = await this.db.delete(comments).where(eq(comments.id, id)).returning({ id: comments.id });
    if (deleted.length === 0) throw notFound('Comment not found');
  }

  async countByStatus(): Promise<Record<CommentStatus, number>> {
    const rows = await this.db
      .select({ status: comments.status, count: sql<number>`count(*)::integer` })
      .from(comments)
      .groupBy(comments.status);
    const counts = { held: 0, published: 0, spam: 0 };
    for (const row of rows) counts[row.status] = row.count;
    return counts;
  }
}
