import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { subscribers } from '../../db/schema.ts';

/** An unconfirmed address is forgotten, and its link dead, this long after the e-mail went (DESIGN.md). */
export const CONFIRM_DAYS = 7;
const CONFIRM_MS = CONFIRM_DAYS * 24 * 60 * 60 * 1000;
/**
 * One confirmation e-mail per address in this time at most: the form cannot be used to flood
 * someone's mailbox by typing their address again and again.
 */
const CONFIRM_RESEND_MS = 10 * 60 * 1000;

/** A link's token: 32 random bytes, URL-safe. */
const newToken = () => randomBytes(32).toString('base64url');
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
/** Tokens as links carry them: anything else is no token of ours, answered as an unknown one. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const emailKey = (email: string) => email.trim().toLowerCase();

/** Where a confirmation link stands: `pending` (the button confirms it), `confirmed`, or `invalid` (unknown or expired). */
export type ConfirmState = 'pending' | 'confirmed' | 'invalid';
/** Where an unsubscribe link stands. */
export type UnsubscribeState = 'subscribed' | 'unsubscribed' | 'invalid';

/**
 * Subscribers' side of the newsletter: subscribing (double opt-in), confirming by a POST from the
 * link's page, unsubscribing by the link in every e-mail. `clock` is the time (tests move it).
 */
export class SubscriberService {
  private readonly db: Database;
  private readonly now: () => Date;
  constructor(db: Database, clock: () => Date = () => new Date()) {
    this.db = db;
    this.now = clock;
  }

  /**
   * Asks `email` to confirm: answers the token of the confirmation link to send, or undefined
   * when no e-mail goes out (already confirmed, or one was sent minutes ago). The caller answers
   * the visitor the same either way: whether an address is subscribed is nobody's business.
   */
  async subscribe(email: string): Promise<{ token: string; email: string } | undefined> {
    const now = this.now();
    const token = newToken();
    const pending = {
      status: 'pending' as const,
      confirmTokenHash: hashOf(token),
      confirmSentAt: now,
      changedAt: now,
    };
    return this.db.transaction(async (tx) => {
      const [found] = await tx
        .select()
        .from(subscribers)
        .where(eq(subscribers.emailKey, emailKey(email)))
        .for('update');
      if (!found) {
        const inserted = await tx
          .insert(subscribers)
          .values({ email: email.trim(), emailKey: emailKey(email), unsubscribeToken: newToken(), createdAt: now, ...pending })
          // The same address sent twice at once: the other request asked for the confirmation.
          .onConflictDoNothing({ target: subscribers.emailKey })
          .returning({ id: subscribers.id });
        return inserted.length > 0 ? { token, email: email.trim() } : undefined;
      }
      if (found.status === 'confirmed') return undefined;
      if (
        found.status === 'pending' &&
        found.confirmSentAt &&
        now.getTime() - found.confirmSentAt.getTime() < CONFIRM_RESEND_MS
      ) {
        return undefined;
      }
      // Pending a while, unsubscribed or bounced: asked again, they confirm again.
      await tx.update(subscribers).set(pending).where(eq(subscribers.id, found.id));
      return { token, email: found.email };
    });
  }

  async confirmState(token: string): Promise<ConfirmState> {
    const found = await this.byConfirmToken(token);
    if (!found) return 'invalid';
    return found.status === 'confirmed'
      ? 'confirmed'
      : found.status === 'pending' && this.fresh(found.confirmSentAt)
        ? 'pending'
        : 'invalid';
  }

  /** Confirms the address of `token`, if its link is still good; answers where it then stands. */
  async confirm(token: string): Promise<ConfirmState> {
    const state = await this.confirmState(token);
    if (state !== 'pending') return state;
    const now = this.now();
    await this.db
      .update(subscribers)
      .set({ status: 'confirmed', consent: 'link', confirmedAt: now, changedAt: now })
      .where(and(eq(subscribers.confirmTokenHash, hashOf(token)), eq(subscribers.status, 'pending')));
    return 'confirmed';
  }

  async unsubscribeState(token: string): Promise<UnsubscribeState> {
    if (!TOKEN.test(token)) return 'invalid';
    const [found] = await this.db
      .select({ status: subscribers.status })
      .from(subscribers)
      .where(eq(subscribers.unsubscribeToken, token));
    if (!found) return 'invalid';
    return found.status === 'confirmed' || found.status === 'pending' ? 'subscribed' : 'unsubscribed';
  }

  /** Unsubscribes the address of `token` (a bounced one stays bounced); answers where it then stands. */
  async unsubscribe(token: string): Promise<UnsubscribeState> {
    const state = await this.unsubscribeState(token);
    if (state !== 'subscribed') return state;
    const now = this.now();
    await this.db
      .update(subscribers)
      .set({ status: 'unsubscribed', confirmTokenHash: null, changedAt: now })
      .where(eq(subscribers.unsubscribeToken, token));
    return 'unsubscribed';
  }

  /** Forgets addresses never confirmed within CONFIRM_DAYS. */
  async prune(): Promise<void> {
    await this.db
      .delete(subscribers)
      .where(and(eq(subscribers.status, 'pending'), lt(subscribers.confirmSentAt, new Date(this.now().getTime() - CONFIRM_MS))));
  }

  private async byConfirmToken(token: string) {
    if (!TOKEN.test(token)) return undefined;
    const [found] = await this.db
      .select({ status: subscribers.status, confirmSentAt: subscribers.confirmSentAt })
      .from(subscribers)
      .where(eq(subscribers.confirmTokenHash, hashOf(token)));
    return found;
  }

  private fresh(sentAt: Date | null): boolean {
    return sentAt !== null && this.now().getTime() - sentAt.getTime() < CONFIRM_MS;
  }
}
