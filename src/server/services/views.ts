import { createHmac } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import { isbot } from 'isbot';
import type { Database } from '../db/client.ts';
import { blogPosts, postDailyViews, postViews } from '../db/schema.ts';
import type { Viewer } from './viewer.ts';

const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Counts a post's readers in `metadata.views` (the total) and in post_daily_views (per day): once per reader per post per UTC day, never the
 * admin or a client that says it is a bot. A reader is a hash of address and user agent keyed by
 * a secret that changes every day (derived from the session secret, so instances agree and
 * nothing needs storing); the hashes of past days are deleted, so no reader can be followed.
 */
export class ViewCounter {
  private readonly db: Database;
  private readonly secret: string;
  private readonly now: () => Date;
  private prunedDay = '';

  constructor(db: Database, secret: string, now: () => Date = () => new Date()) {
    this.db = db;
    this.secret = secret;
    this.now = now;
  }

  /** True when this read was counted. */
  async countView(viewer: Viewer, postId: string): Promise<boolean> {
    const { userAgent } = viewer;
    if (!userAgent || isbot(userAgent) || viewer.isAdmin) return false;
    const day = utcDay(this.now());
    await this.pruneBefore(day);
    const dayKey = createHmac('sha256', this.secret).update(`post-views:${day}`).digest();
    const visitor = createHmac('sha256', dayKey).update(`${viewer.ip}\n${userAgent}`).digest('base64url');
    const inserted = await this.db
      .insert(postViews)
      .values({ postId, day, visitor })
      .onConflictDoNothing()
      .returning({ postId: postViews.postId });
    if (inserted.length === 0) return false;
    // One atomic increment in SQL; updated_at and the search document stay as they are.
    await this.db
      .update(blogPosts)
      .set({
        metadata: sql`jsonb_set(${blogPosts.metadata}, '{views}', to_jsonb(coalesce((${blogPosts.metadata}->>'views')::integer, 0) + 1))`,
      })
      .where(eq(blogPosts.id, postId));
    await this.db
      .insert(postDailyViews)
      .values({ postId, day, views: 1 })
      .onConflictDoUpdate({
        target: [postDailyViews.postId, postDailyViews.day],
        set: { views: sql`${postDailyViews.views} + 1` },
      });
    return true;
  }

  /** Once a day per process: yesterday's hashes are no longer needed. */
  private async pruneBefore(day: string): Promise<void> {
    if (this.prunedDay === day) return;
    this.prunedDay = day;
    await this.db.delete(postViews).where(lt(postViews.day, day));
  }
}
