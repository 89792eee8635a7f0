import { and, count, eq, gt, inArray, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import { objectPathFor, uploadIdOf } from '../../../shared/images.ts';
import type { Post, RenderedPost } from '../../../shared/posts.ts';
import { MailRefusal, type Mailer } from '../../adapters/mailer.ts';
import type { Database } from '../../db/client.ts';
import { blogPosts, newsletterDeliveries, newsletters, subscribers } from '../../db/schema.ts';
import { postMail, type Sender } from './mail.ts';

/** How long a sender holds the deliveries it claimed: past it, another takes them (the first died). */
const LEASE_MS = 60_000;
/** Deliveries claimed at once: few, so that a sender that dies leaves few waiting for the lease. */
const CLAIM_BATCH = 10;
/** A message the SMTP server could not take now is tried again for this long after the post went out. */
const RETRY_FOR_MS = 24 * 60 * 60 * 1000;
/** Back-off of the n-th retry: 30 s, 1 min, 2 min, ... at most an hour. */
const retryDelayMs = (attempts: number) => Math.min(60 * 60_000, 30_000 * 2 ** Math.max(0, attempts - 1));

export interface NewsletterSenderOptions {
  mailer: Mailer;
  /** The sender's address (NEWSLETTER_FROM, else CONTACT_TO); the name is the site's. */
  from: string;
  /** NEWSLETTER_RATE: messages per minute at most, counted over every instance. */
  ratePerMinute: number;
  siteUrl: string;
  siteName: () => Promise<string>;
  /** A post by id, and its body rendered (the posts domain). */
  findPost: (id: string) => Promise<Post | undefined>;
  render: (post: Post) => Promise<RenderedPost>;
  /** The reader's address of a post (`/blog/<slug>`, encoded). */
  postPath: (slug: string) => string;
  unsubscribePath: (token: string) => string;
  /** Unconfirmed addresses past their 7 days are forgotten by the sender's rounds, hourly. */
  subscribers?: { prune(): Promise<void> };
  clock?: () => Date;
  log: { info(details: object, message: string): void; warn(details: object, message: string): void };
}

interface Claimed {
  postId: string;
  subscriberId: string;
  attempts: number;
  email: string;
  status: string;
  unsubscribeToken: string;
  newsletterAt: Date;
}

/**
 * Sends each post marked `Send to subscribers` once it is out, in the server process (DESIGN.md):
 * `enqueue` creates its newsletter (keyed by the post: never twice, whichever instance gets there
 * first) with a delivery per confirmed subscriber, in one transaction; `sendDue` claims due
 * deliveries a few at a time (`FOR UPDATE SKIP LOCKED` and a lease: two instances never take the
 * same row) and settles each after its SMTP answer: sent, bounced (a 5xx: the subscriber too), or
 * tried again later (a 4xx, a lost connection) for up to a day.
 */
export class NewsletterSender {
  private readonly db: Database;
  private readonly options: NewsletterSenderOptions;
  private readonly now: () => Date;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;
  private prunedAt = 0;
  /** Each post's e-mail parts, built once per post for every recipient. */
  private readonly built = new Map<string, Promise<{ post: RenderedPost; cover?: string } | undefined>>();

  constructor(db: Database, options: NewsletterSenderOptions) {
    this.db = db;
    this.options = options;
    this.now = options.clock ?? (() => new Date());
  }

  /** Works every `pollMs` until `stop`. */
  start(pollMs = 2_000): void {
    this.timer = setInterval(() => void this.tick(), pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  /** One round: newsletters of posts now out, then the deliveries due. Never two at once. */
  tick(): Promise<void> {
    this.running ??= (async () => {
      try {
        if (this.options.subscribers && this.now().getTime() - this.prunedAt > 60 * 60_000) {
          this.prunedAt = this.now().getTime();
          await this.options.subscribers.prune();
        }
        await this.enqueue();
        // While no newsletter is unfinished (nearly always), a round is these two small queries.
        if (await this.anyUnfinished()) while (!this.stopped && (await this.sendDue()) > 0);
      } catch (err) {
        this.options.log.warn({ err }, 'newsletter round failed; tried again at the next');
      } finally {
        this.running = undefined;
      }
    })();
    return this.running;
  }

  /** Creates the newsletter of every post marked to be sent that is now out. Answers how many. */
  async enqueue(): Promise<number> {
    const now = this.now();
    const due = await this.db
      .select({ id: blogPosts.id })
      .from(blogPosts)
      .where(
        and(
          eq(blogPosts.published, true),
          sql`(${blogPosts.metadata}->>'sendToSubscribers') = 'true'`,
          lte(blogPosts.shownAt, now),
          notExists(
            this.db
              .select({ one: sql`1` })
              .from(newsletters)
              .where(eq(newsletters.postId, blogPosts.id)),
          ),
        ),
      );
    let created = 0;
    for (const { id } of due) {
      await this.db.transaction(async (tx) => {
        const [newsletter] = await tx
          .insert(newsletters)
          .values({ postId: id, total: 0, createdAt: now })
          .onConflictDoNothing()
          .returning({ postId: newsletters.postId });
        if (!newsletter) return; // Another instance was first.
        const recipients = await tx.select({ id: subscribers.id }).from(subscribers).where(eq(subscribers.status, 'confirmed'));
        if (recipients.length > 0) {
          await tx
            .insert(newsletterDeliveries)
            .values(recipients.map((recipient) => ({ postId: id, subscriberId: recipient.id, nextAttemptAt: now })));
        }
        await tx
          .update(newsletters)
          .set({ total: recipients.length, ...(recipients.length === 0 ? { finishedAt: now } : {}) })
          .where(eq(newsletters.postId, id));
        created++;
        this.options.log.info({ postId: id, recipients: recipients.length }, 'newsletter created');
      });
    }
    return created;
  }

  /** Whether a newsletter has deliveries not yet sent, bounced or given up. */
  private async anyUnfinished(): Promise<boolean> {
    const [row] = await this.db
      .select({ postId: newsletters.postId })
      .from(newsletters)
      .where(isNull(newsletters.finishedAt))
      .limit(1);
    return row !== undefined;
  }

  /** Claims the deliveries due, within the rate, and sends them. Answers how many were claimed. */
  async sendDue(): Promise<number> {
    const now = this.now();
    const [{ sent } = { sent: 0 }] = await this.db
      .select({ sent: count() })
      .from(newsletterDeliveries)
      .where(gt(newsletterDeliveries.sentAt, new Date(now.getTime() - 60_000)));
    const budget = Math.min(CLAIM_BATCH, this.options.ratePerMinute - sent);
    if (budget <= 0) return 0;
    const claimed = await this.claim(now, budget);
    for (const delivery of claimed) {
      if (this.stopped) break;
      await this.deliver(delivery);
    }
    if (claimed.length > 0) await this.finish(claimed.map((delivery) => delivery.postId));
    return claimed.length;
  }

  private async claim(now: Date, limit: number): Promise<Claimed[]> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .select({
          postId: newsletterDeliveries.postId,
          subscriberId: newsletterDeliveries.subscriberId,
          attempts: newsletterDeliveries.attempts,
        })
        .from(newsletterDeliveries)
        .where(
          and(
            eq(newsletterDeliveries.status, 'pending'),
            lte(newsletterDeliveries.nextAttemptAt, now),
            or(isNull(newsletterDeliveries.claimedUntil), lte(newsletterDeliveries.claimedUntil, now)),
          ),
        )
        .orderBy(newsletterDeliveries.nextAttemptAt)
        .limit(limit)
        .for('update', { skipLocked: true });
      if (rows.length === 0) return [];
      const claimedUntil = new Date(now.getTime() + LEASE_MS);
      const claimed: Claimed[] = [];
      for (const row of rows) {
        await tx
          .update(newsletterDeliveries)
          .set({ claimedUntil, attempts: row.attempts + 1 })
          .where(and(eq(newsletterDeliveries.postId, row.postId), eq(newsletterDeliveries.subscriberId, row.subscriberId)));
      }
      const details = await tx
        .select({
          postId: newsletterDeliveries.postId,
          subscriberId: subscribers.id,
          email: subscribers.email,
          status: subscribers.status,
          unsubscribeToken: subscribers.unsubscribeToken,
          newsletterAt: newsletters.createdAt,
        })
        .from(newsletterDeliveries)
        .innerJoin(subscribers, eq(subscribers.id, newsletterDeliveries.subscriberId))
        .innerJoin(newsletters, eq(newsletters.postId, newsletterDeliveries.postId))
        .where(
          and(
            inArray(newsletterDeliveries.postId, [...new Set(rows.map((row) => row.postId))]),
            inArray(
              newsletterDeliveries.subscriberId,
              rows.map((row) => row.subscriberId),
            ),
          ),
        );
      for (const row of rows) {
        const found = details.find((detail) => detail.postId === row.postId && detail.subscriberId === row.subscriberId);
        if (found) claimed.push({ ...found, attempts: row.attempts + 1 });
      }
      return claimed;
    });
  }

  private async deliver(delivery: Claimed): Promise<void> {
    const settle = (values: Partial<typeof newsletterDeliveries.$inferInsert>) =>
      this.db
        .update(newsletterDeliveries)
        .set({ claimedUntil: null, ...values })
        .where(
          and(eq(newsletterDeliveries.postId, delivery.postId), eq(newsletterDeliveries.subscriberId, delivery.subscriberId)),
        );
    // Unsubscribed (or bounced on another post) since the post went out: not sent.
    if (delivery.status !== 'confirmed') return void (await settle({ status: 'dropped' }));
    const parts = await this.parts(delivery.postId);
    if (!parts) return void (await settle({ status: 'dropped', lastError: 'The post is gone' }));
    const { siteUrl } = this.options;
    const mail = postMail(
      await this.sender(),
      parts.post,
      {
        siteUrl,
        post: `${siteUrl}${this.options.postPath(parts.post.slug)}`,
        ...(parts.cover ? { cover: parts.cover } : {}),
        unsubscribe: `${siteUrl}${this.options.unsubscribePath(delivery.unsubscribeToken)}`,
      },
      delivery.email,
      // The same for the same delivery tried again: a receiving server can tell a repeat.
      `<${delivery.postId}.${delivery.subscriberId}@${new URL(siteUrl).hostname}>`,
    );
    try {
      await this.options.mailer.send(mail);
      await settle({ status: 'sent', sentAt: this.now(), lastError: null });
    } catch (error) {
      const refusal = error instanceof MailRefusal ? error : new MailRefusal(String(error), false);
      const now = this.now();
      if (refusal.permanent) {
        await settle({ status: 'bounced', lastError: refusal.message });
        await this.db
          .update(subscribers)
          .set({ status: 'bounced', changedAt: now })
          .where(and(eq(subscribers.id, delivery.subscriberId), eq(subscribers.status, 'confirmed')));
      } else if (now.getTime() - delivery.newsletterAt.getTime() >= RETRY_FOR_MS) {
        await settle({ status: 'failed', lastError: refusal.message });
      } else {
        await settle({ lastError: refusal.message, nextAttemptAt: new Date(now.getTime() + retryDelayMs(delivery.attempts)) });
      }
    }
  }

  /** Marks the newsletters of `postIds` finished once none of their deliveries is pending. */
  private async finish(postIds: string[]): Promise<void> {
    await this.db
      .update(newsletters)
      .set({ finishedAt: this.now() })
      .where(
        and(
          inArray(newsletters.postId, [...new Set(postIds)]),
          isNull(newsletters.finishedAt),
          notExists(
            this.db
              .select({ one: sql`1` })
              .from(newsletterDeliveries)
              .where(and(eq(newsletterDeliveries.postId, newsletters.postId), eq(newsletterDeliveries.status, 'pending'))),
          ),
        ),
      );
  }

  private parts(postId: string) {
    let built = this.built.get(postId);
    if (!built) {
      built = (async () => {
        const post = await this.options.findPost(postId);
        if (!post) return undefined;
        const rendered = await this.options.render(post);
        const cover = post.featuredImage ? coverCopy(post.featuredImage) : undefined;
        return { post: rendered, ...(cover ? { cover: absoluteUrl(cover, this.options.siteUrl) } : {}) };
      })();
      this.built.set(postId, built);
      // Kept while its sending lasts; a later edit is not sent (the post went out as it was).
      if (this.built.size > 20) this.built.delete(this.built.keys().next().value!);
    }
    return built;
  }

  private async sender(): Promise<Sender> {
    return { siteName: await this.options.siteName(), address: this.options.from };
  }
}

/** A cover stored here as its 960 px copy (DESIGN.md; never enlarged, so a smaller one is itself); any other as it is. */
function coverCopy(src: string): string {
  const id = uploadIdOf(src);
  return id ? `${objectPathFor(id)}/960.webp` : src;
}

const absoluteUrl = (src: string, siteUrl: string) => (src.startsWith('/') && !src.startsWith('//') ? `${siteUrl}${src}` : src);
