import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rateLimits } from '../../db/schema.ts';

export interface WindowState {
  count: number;
  /** Seconds until the window resets. */
  retryAfter: number;
}

/**
 * Fixed-window counters kept in the database, so that every instance behind a load balancer
 * sees the same count. One atomic upsert per hit.
 */
export class RateLimiter {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  async hit(key: string, windowMs: number): Promise<WindowState> {
    const resetAt = sql`now() + ${`${windowMs} milliseconds`}::interval`;
    const [row] = await this.db
      .insert(rateLimits)
      .values({ key, count: 1, resetAt })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
          resetAt: sql`case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end`,
        },
      })
      .returning({ count: rateLimits.count, retryAfter: sql<number>`extract(epoch from ${rateLimits.resetAt} - now())::float8` });
    return { count: row!.count, retryAfter: Number(row!.retryAfter) };
  }

  /** Gives back one hit of the current window (an attempt that turned out not to count). */
  async release(key: string): Promise<void> {
    await this.db
      .update(rateLimits)
      .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
      .where(and(eq(rateLimits.key, key), gt(rateLimits.resetAt, sql`now()`)));
  }

  /** Drops finished windows; run from time to time so the table stays small. */
  async prune(): Promise<void> {
    await this.db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now()`));
  }
}
