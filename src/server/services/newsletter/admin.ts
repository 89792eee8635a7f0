import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  SUBSCRIBER_CSV_MAX_ROWS,
  SUBSCRIBERS_PAGE,
  type NewsletterSending,
  type Subscriber,
  type SubscriberImportResult,
  type SubscriberList,
  type SubscriberStatus,
} from '../../../shared/subscribers.ts';
import type { Database } from '../../db/client.ts';
import { blogPosts, newsletterDeliveries, newsletters, subscribers } from '../../db/schema.ts';
import { HttpError, notFound } from '../../errors.ts';
import { isUuid } from '../../lib/uuid.ts';

const isEmail = (value: string) => value.length <= 254 && z.email().safeParse(value).success;
/** `%` and `_` typed in the search are letters, not patterns. */
const likeText = (text: string) => text.replace(/[\\%_]/g, '\\$&');
/**
 * A spreadsheet runs a cell that starts with one of these as a formula (`=cmd|' /C calc'!A0`): an
 * exported cell gets a `'` before it, which spreadsheets show as text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const cell = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);

/** The author's side of the subscribers: counts, list, removal, CSV out and in, the sendings. */
export class SubscriberAdmin {
  private readonly db: Database;
  private readonly now: () => Date;
  constructor(db: Database, clock: () => Date = () => new Date()) {
    this.db = db;
    this.now = clock;
  }

  async list(query: { status?: SubscriberStatus; q?: string; offset?: number }): Promise<Omit<SubscriberList, 'enabled'>> {
    const conditions: SQL[] = [];
    if (query.status) conditions.push(eq(subscribers.status, query.status));
    if (query.q) conditions.push(ilike(subscribers.emailKey, `%${likeText(query.q.toLowerCase())}%`));
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const [rows, [{ total } = { total: 0 }], counted] = await Promise.all([
      this.db
        .select()
        .from(subscribers)
        .where(where)
        .orderBy(desc(subscribers.createdAt), subscribers.emailKey)
        .limit(SUBSCRIBERS_PAGE)
        .offset(query.offset ?? 0),
      this.db.select({ total: count() }).from(subscribers).where(where),
      this.db.select({ status: subscribers.status, n: count() }).from(subscribers).groupBy(subscribers.status),
    ]);
    const counts = { confirmed: 0, pending: 0, unsubscribed: 0, bounced: 0 };
    for (const { status, n } of counted) counts[status] = n;
    return {
      counts,
      total,
      subscribers: rows.map((row): Subscriber => ({
        id: row.id,
        email: row.email,
        status: row.status,
        createdAt: row.createdAt.toISOString(),
        confirmedAt: row.confirmedAt?.toISOString() ?? null,
      })),
    };
  }

  async remove(id: string): Promise<void> {
    const removed = isUuid(id)
      ? await this.db.delete(subscribers).where(eq(subscribers.id, id)).returning({ id: subscribers.id })
      : [];
    if (removed.length === 0) throw notFound('Subscriber not found');
  }

  /** Every subscriber as CSV (`email,status,subscribed_at,confirmed_at`), formulas neutralised. */
  async exportCsv(): Promise<string> {
    const rows = await this.db.select().from(subscribers).orderBy(subscribers.createdAt, subscribers.emailKey);
    // The CSV libraries are loaded when the author first uses them, not by every server.
    const { stringify } = await import('csv-stringify/sync');
    return stringify(
      rows.map((row) => [cell(row.email), row.status, row.createdAt.toISOString(), row.confirmedAt?.toISOString() ?? '']),
      { header: true, columns: ['email', 'status', 'subscribed_at', 'confirmed_at'] },
    );
  }

  /**
   * Adds the addresses of a CSV's `email` column: confirmed when the author says these people
   * agreed (`consent`), else pending, sent nothing and forgotten after 7 days unless they confirm
   * by subscribing themselves. Addresses already listed stay as they are (an unsubscribed reader
   * is never subscribed again by an import). Read in chunks, the event loop free between them.
   */
  async importCsv(text: string, consent: boolean): Promise<SubscriberImportResult> {
    if (text.includes('\u0000')) throw new HttpError(400, 'The file holds NUL characters: it is not a CSV of addresses');
    const { parse } = await import('csv-parse');
    const records = Readable.from(chunksOf(text.replace(/^\uFEFF/, ''), 64 * 1024)).pipe(
      parse({ relax_column_count: true, skip_empty_lines: true, trim: true, max_record_size: 64 * 1024 }),
    );
    let column = -1;
    const addresses = new Map<string, string>();
    let invalid = 0;
    let rows = 0;
    try {
      for await (const record of records as AsyncIterable<string[]>) {
        if (column < 0) {
          column = record.findIndex((name) => name.toLowerCase() === 'email');
          if (column < 0) throw new HttpError(400, 'The CSV has no column named email in its first row');
          continue;
        }
        // A row of empty cells (`,,`) is a blank line.
        if (record.every((value) => value === '')) continue;
        if (++rows > SUBSCRIBER_CSV_MAX_ROWS) {
          throw new HttpError(413, `The CSV has more than ${SUBSCRIBER_CSV_MAX_ROWS.toLocaleString('en-US')} rows`);
        }
        const email = (record[column] ?? '').trim();
        if (isEmail(email)) addresses.set(email.toLowerCase(), email);
        else invalid++;
      }
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw new HttpError(400, `The file cannot be read as CSV: ${(error as Error).message}`);
    }
    if (column < 0) throw new HttpError(400, 'The file is empty');

    const now = this.now();
    let added = 0;
    const keys = [...addresses.keys()];
    await this.db.transaction(async (tx) => {
      for (let start = 0; start < keys.length; start += 1_000) {
        const slice = keys.slice(start, start + 1_000);
        const inserted = await tx
          .insert(subscribers)
          .values(
            slice.map((key) => ({
              email: addresses.get(key)!,
              emailKey: key,
              status: consent ? ('confirmed' as const) : ('pending' as const),
              consent: consent ? ('imported' as const) : null,
              confirmedAt: consent ? now : null,
              confirmSentAt: consent ? null : now,
              unsubscribeToken: randomBytes(32).toString('base64url'),
              createdAt: now,
              changedAt: now,
            })),
          )
          .onConflictDoNothing({ target: subscribers.emailKey })
          .returning({ id: subscribers.id });
        added += inserted.length;
        await new Promise((resolve) => setImmediate(resolve));
      }
    });
    return { added, known: keys.length - added, invalid, status: consent ? 'confirmed' : 'pending' };
  }

  /** Each post sent to subscribers, newest first, with how far its sending has come. */
  async sendings(postIds?: string[]): Promise<NewsletterSending[]> {
    const rows = await this.db
      .select({
        postId: newsletters.postId,
        title: blogPosts.title,
        slug: blogPosts.slug,
        total: newsletters.total,
        createdAt: newsletters.createdAt,
        finishedAt: newsletters.finishedAt,
        sent: sql<number>`count(*) filter (where ${newsletterDeliveries.status} = 'sent')`.mapWith(Number),
        failed: sql<number>`count(*) filter (where ${newsletterDeliveries.status} in ('bounced', 'failed'))`.mapWith(Number),
      })
      .from(newsletters)
      .innerJoin(blogPosts, eq(blogPosts.id, newsletters.postId))
      .leftJoin(newsletterDeliveries, eq(newsletterDeliveries.postId, newsletters.postId))
      .where(postIds ? inArray(newsletters.postId, postIds) : undefined)
      .groupBy(newsletters.postId, blogPosts.title, blogPosts.slug)
      .orderBy(desc(newsletters.createdAt));
    return rows.map((row) => ({
      postId: row.postId,
      title: row.title,
      slug: row.slug,
      total: row.total,
      sent: row.sent,
      failed: row.failed,
      state: row.finishedAt ? 'done' : 'sending',
      createdAt: row.createdAt.toISOString(),
    }));
  }
}

function* chunksOf(text: string, size: number): Generator<string> {
  for (let start = 0; start < text.length; start += size) yield text.slice(start, start + size);
}
