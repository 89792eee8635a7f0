import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { type AnyColumn, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { isbot } from 'isbot';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { loggableError } from '../../errors.ts';
import { blogPosts, postDailyViews, postViews } from '../../db/schema.ts';
import type { Viewer } from '../../lib/viewer.ts';

const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/** The most readers a post or a day counts: they are added up as PostgreSQL integers. */
export const MAX_VIEWS = 2_147_483_647;

/**
 * A post's `metadata.views` as an integer whatever is stored there: beyond MAX_VIEWS, a fraction
 * or a string (written before restores checked it, or by hand) it is clamped, or 0, instead of
 * failing the cast and with it every query that sums or orders by it.
 */
export const storedViews = (metadata: AnyColumn): SQL<number> =>
  sql<number>`(case when jsonb_typeof(${metadata}->'views') = 'number'
    then least(greatest(floor((${metadata}->'views')::numeric), 0), ${sql.raw(String(MAX_VIEWS))})::integer else 0 end)`;

/** Reads waiting for the next write: a viral minute queues this many before an early flush. */
const FLUSH_AT = 2_000;
/** Past this many queued reads (the database is down or far behind), new ones are not kept. */
const MAX_PENDING = 50_000;

export interface ViewCounterOptions {
  /** Time source of the days (tests move it forward). */
  now?: () => Date;
  /** How long a read waits in memory before it is written: what a crash may lose. */
  flushMs?: number;
  log?: FastifyBaseLogger;
}

interface PendingView {
  postId: string;
  day: string;
  visitor: string;
}

/**
 * Counts a post's readers in `metadata.views` (the total) and in post_daily_views (per day): once
 * per reader per post per UTC day, never the admin or a client that says it is a bot. A reader is
 * a hash of address and user agent keyed by a secret that changes every day (derived from the
 * session secret, so instances agree and nothing needs storing); the hashes of past days are
 * deleted, so no reader can be followed.
 *
 * A page never waits for the count: reads are queued in memory and written together about once a
 * second, in one transaction. The database's unique key still decides what counts once, whichever
 * instance saw the reader; a crash loses at most the last second's reads.
 */
export class ViewCounter {
  private readonly db: Database;
  private readonly secret: string;
  private readonly now: () => Date;
  private readonly log?: FastifyBaseLogger;
  private pending = new Map<string, PendingView>();
  private flushing: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;
  private prunedDay = '';
  private keyOfDay: { day: string; key: KeyObject } | undefined;

  constructor(db: Database, secret: string, options: ViewCounterOptions = {}) {
    this.db = db;
    this.secret = secret;
    this.now = options.now ?? (() => new Date());
    this.log = options.log;
    this.timer = setInterval(() => void this.flush(), options.flushMs ?? 1000);
    this.timer.unref();
  }

  /** Queues this read of a published post; false when it is not a reader's (admin, bot, no agent). */
  record(viewer: Viewer, postId: string): boolean {
    const { userAgent } = viewer;
    if (!userAgent || isbot(userAgent) || viewer.isAdmin) return false;
    if (this.pending.size >= MAX_PENDING) return false;
    const day = utcDay(this.now());
    const visitor = createHmac('sha256', this.dayKey(day)).update(`${viewer.ip}\n${userAgent}`).digest('base64url');
    this.pending.set(`${postId}\n${day}\n${visitor}`, { postId, day, visitor });
    if (this.pending.size >= FLUSH_AT) void this.flush();
    return true;
  }

  /** The day's key, derived once a day rather than on every read (a cached page's main cost). */
  private dayKey(day: string): KeyObject {
    if (this.keyOfDay?.day !== day) {
      this.keyOfDay = { day, key: createSecretKey(createHmac('sha256', this.secret).update(`post-views:${day}`).digest()) };
    }
    return this.keyOfDay.key;
  }

  /** Writes every queued read; resolves once they are stored (or dropped, logged, on failure). */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  /** Stops the timer and writes what is queued (on shutdown). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private async write(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    try {
      await this.store(batch);
    } catch (error) {
      // The failed query's parameters are the readers' hashes and the posts read: only why it failed is logged.
      const logged = loggableError(error) as { message?: string; code?: string; reason?: string } | null | undefined;
      const err = { message: logged?.message ?? String(error), code: logged?.code, reason: logged?.reason };
      this.log?.warn({ err, reads: batch.length }, 'counting post views failed; these reads are not counted');
    }
  }

  private async store(batch: PendingView[]): Promise<void> {
    const today = batch.reduce((latest, view) => (view.day > latest ? view.day : latest), '');
    await this.db.transaction(async (tx) => {
      if (this.prunedDay !== today) {
        // Once a day per process: yesterday's hashes are no longer needed.
        await tx.delete(postViews).where(lt(postViews.day, today));
      }
      // A post deleted since its read was queued has nothing left to count.
      const postIds = [...new Set(batch.map((view) => view.postId))];
      const existing = new Set(
        (await tx.select({ id: blogPosts.id }).from(blogPosts).where(inArray(blogPosts.id, postIds))).map((row) => row.id),
      );
      const rows = batch.filter((view) => existing.has(view.postId));
      if (rows.length === 0) return;
      const counted = await tx
        .insert(postViews)
        .values(rows)
        .onConflictDoNothing()
        .returning({ postId: postViews.postId, day: postViews.day });
      const perPost = new Map<string, number>();
      const perPostDay = new Map<string, { postId: string; day: string; views: number }>();
      for (const { postId, day } of counted) {
        perPost.set(postId, (perPost.get(postId) ?? 0) + 1);
        const key = `${postId}\n${day}`;
        const entry = perPostDay.get(key) ?? { postId, day, views: 0 };
        entry.views += 1;
        perPostDay.set(key, entry);
      }
      for (const [postId, views] of perPost) {
        // One atomic increment in SQL; updated_at and the search document stay as they are.
        await tx
          .update(blogPosts)
          .set({
            metadata: sql`jsonb_set(${blogPosts.metadata}, '{views}', to_jsonb(least(${storedViews(blogPosts.metadata)}::bigint + ${views}::bigint, ${sql.raw(String(MAX_VIEWS))})))`,
          })
          .where(eq(blogPosts.id, postId));
      }
      if (perPostDay.size > 0) {
        await tx
          .insert(postDailyViews)
          .values([...perPostDay.values()])
          .onConflictDoUpdate({
            target: [postDailyViews.postId, postDailyViews.day],
            set: { views: sql`${postDailyViews.views} + excluded.views` },
          });
      }
    });
    this.prunedDay = today;
  }
}
