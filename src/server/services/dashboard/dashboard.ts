import { and, desc, eq, gt, gte, lte, not, sql } from 'drizzle-orm';
import { type AdminPostRow, type AdminPostsQuery, type Stats } from '../../../shared/back-office.ts';
import type { Database } from '../../db/client.ts';
import { blogPosts, comments, postDailyViews } from '../../db/schema.ts';
import type { CommentService } from '../comments/index.ts';
import type { MessageService } from '../inbox/index.ts';
import { newestFirst, olderThan } from '../../lib/paging.ts';
import { pastPublishAt, searchCondition, throughSearchIndex, visibleToReaders } from '../posts/index.ts';
import { postStatusAt } from '../../../shared/posts.ts';
import { MAX_VIEWS, storedViews, type ViewCounter } from '../posts/index.ts';

const TOP_POSTS = 5;
const DAY_MS = 86_400_000;
const viewsOf = storedViews(blogPosts.metadata);

/** What the author's dashboard and posts table show: counts, readers per day, posts at a glance. */
export class DashboardService {
  private readonly db: Database;
  private readonly comments: CommentService;
  private readonly messages: MessageService;
  private readonly views: ViewCounter;
  private readonly now: () => Date;

  constructor(
    db: Database,
    comments: CommentService,
    messages: MessageService,
    views: ViewCounter,
    now: () => Date = () => new Date(),
  ) {
    this.db = db;
    this.views = views;
    this.comments = comments;
    this.messages = messages;
    this.now = now;
  }

  async stats(days: number): Promise<Stats> {
    // The author sees every read so far, including those still queued for writing.
    await this.views.flush();
    const [posts, commentCounts, messages, views, topPosts] = await Promise.all([
      this.postCounts(),
      this.comments.countByStatus(),
      this.messages.counts(),
      this.readersPerDay(days),
      this.db
        .select({ id: blogPosts.id, title: blogPosts.title, slug: blogPosts.slug, views: viewsOf })
        .from(blogPosts)
        .where(and(eq(blogPosts.published, true), gt(viewsOf, 0)))
        .orderBy(desc(viewsOf), desc(blogPosts.createdAt))
        .limit(TOP_POSTS),
    ]);
    return { posts, comments: commentCounts, messages, views, topPosts };
  }

  private async postCounts(): Promise<Stats['posts']> {
    const out = visibleToReaders(this.now());
    const [row] = await this.db
      .select({
        published: sql<number>`count(*) filter (where ${out})::integer`,
        drafts: sql<number>`count(*) filter (where not ${blogPosts.published})::integer`,
        scheduled: sql<number>`count(*) filter (where ${blogPosts.published} and not ${out})::integer`,
      })
      .from(blogPosts);
    return { published: row?.published ?? 0, drafts: row?.drafts ?? 0, scheduled: row?.scheduled ?? 0 };
  }

  /** One entry per UTC day, oldest first, ending today; days without readers count 0. */
  private async readersPerDay(days: number): Promise<Stats['views']> {
    const today = Date.parse(this.now().toISOString().slice(0, 10));
    const dayList = Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10));
    const rows = await this.db
      .select({ day: postDailyViews.day, views: sql<number>`least(sum(${postDailyViews.views}), ${MAX_VIEWS})::integer` })
      .from(postDailyViews)
      .where(and(gte(postDailyViews.day, dayList[0]!), lte(postDailyViews.day, dayList.at(-1)!)))
      .groupBy(postDailyViews.day);
    const byDay = new Map(rows.map((row) => [row.day, Number(row.views)]));
    return dayList.map((day) => ({ day, views: byDay.get(day) ?? 0 }));
  }

  /** The posts table: newest change first; `before` is the `updatedAt` of the last row seen. */
  async listPosts(query: AdminPostsQuery): Promise<AdminPostRow[]> {
    const { status, q, before, beforeId, limit } = query;
    const now = this.now();
    await this.views.flush();
    // Table-qualified by hand: inside a one-table select, drizzle writes the outer column as a bare
    // "id", which the subquery would read as its own comment id.
    const commentCount = sql<number>`(select count(*)::integer from ${comments} c
      where c.post_id = "blog_posts"."id" and c.status <> 'spam')`;
    const rows = await throughSearchIndex(this.db, q, (db) =>
      db
        .select({
          id: blogPosts.id,
          title: blogPosts.title,
          slug: blogPosts.slug,
          published: blogPosts.published,
          publishAt: blogPosts.publishAt,
          createdAt: blogPosts.createdAt,
          updatedAt: blogPosts.updatedAt,
          views: viewsOf,
          comments: commentCount,
        })
        .from(blogPosts)
        .where(
          and(
            status === 'published' ? visibleToReaders(now) : undefined,
            status === 'draft' ? eq(blogPosts.published, false) : undefined,
            status === 'scheduled' ? and(eq(blogPosts.published, true), not(pastPublishAt(now))) : undefined,
            q ? searchCondition(q) : undefined,
            olderThan(blogPosts.updatedAt, blogPosts.id, before, beforeId),
          ),
        )
        .orderBy(...newestFirst(blogPosts.updatedAt, blogPosts.id))
        .limit(limit),
    );
    return rows.map(({ published, publishAt, ...row }) => ({
      ...row,
      status: postStatusAt({ published, publishAt: publishAt?.toISOString() }, now),
      ...(publishAt ? { publishAt: publishAt.toISOString() } : {}),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    }));
  }
}
