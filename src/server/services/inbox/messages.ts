import { and, eq, isNull, sql } from 'drizzle-orm';
import { type AdminMessage, type AdminMessagesQuery } from '../../../shared/back-office.ts';
import type { Mailer } from '../../adapters/mailer.ts';
import type { Database } from '../../db/client.ts';
import { contactMessages } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { newestFirst, olderThan } from '../../lib/paging.ts';
import { isUuid } from '../../lib/uuid.ts';

export interface NewMessage {
  name: string;
  email: string;
  subject?: string;
  message: string;
}

const columns = {
  id: contactMessages.id,
  name: contactMessages.name,
  email: contactMessages.email,
  subject: contactMessages.subject,
  message: contactMessages.message,
  createdAt: contactMessages.createdAt,
  readAt: contactMessages.readAt,
  notifiedAt: contactMessages.notifiedAt,
};

const toAdminMessage = (row: {
  id: string;
  name: string;
  email: string;
  subject: string | null;
  message: string;
  createdAt: Date;
  readAt: Date | null;
  notifiedAt: Date | null;
}): AdminMessage => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt?.toISOString() ?? null,
  notifiedAt: row.notifiedAt?.toISOString() ?? null,
});

/** The contact inbox: every message is stored first, then (with SMTP_URL) mailed to the author. */
export class MessageService {
  private readonly db: Database;
  private readonly mailer?: Mailer;
  private readonly log: { error(details: object, message: string): void };

  constructor(db: Database, mailer: Mailer | undefined, log: { error(details: object, message: string): void }) {
    this.db = db;
    this.mailer = mailer;
    this.log = log;
  }

  async create(input: NewMessage): Promise<void> {
    // Stored first: a failing mail server never loses a message.
    const [stored] = await this.db
      .insert(contactMessages)
      .values({ ...input, subject: input.subject || null })
      .returning({ id: contactMessages.id });
    if (this.mailer) this.notify(stored!.id, input);
  }

  /** The visitor does not wait for the mail server; the outcome is recorded on the row. */
  private notify(id: string, input: NewMessage): void {
    this.mailer!.sendContactNotification(input)
      .then(() =>
        this.db
          .update(contactMessages)
          .set({ notifiedAt: sql`now()` })
          .where(eq(contactMessages.id, id)),
      )
      .catch(async (error: unknown) => {
        this.log.error({ err: error, id }, 'contact notification failed; message kept');
        await this.db
          .update(contactMessages)
          .set({ notifyError: String((error as Error)?.message ?? error).slice(0, 500) })
          .where(eq(contactMessages.id, id))
          .catch(() => undefined);
      });
  }

  /** The inbox, newest first; `unread` keeps the unread ones, `before` is a creation time. */
  async list(query: AdminMessagesQuery): Promise<AdminMessage[]> {
    const { unread, before, beforeId, limit } = query;
    const rows = await this.db
      .select(columns)
      .from(contactMessages)
      .where(
        and(
          unread === true ? isNull(contactMessages.readAt) : undefined,
          unread === false ? sql`${contactMessages.readAt} is not null` : undefined,
          olderThan(contactMessages.createdAt, contactMessages.id, before, beforeId),
        ),
      )
      .orderBy(...newestFirst(contactMessages.createdAt, contactMessages.id))
      .limit(limit);
    return rows.map(toAdminMessage);
  }

  /** Marks a message read (keeping the first time it was read) or unread again. */
  async setRead(id: string, read: boolean): Promise<AdminMessage> {
    if (!isUuid(id)) throw notFound('Message not found');
    const [row] = await this.db
      .update(contactMessages)
      .set({ readAt: read ? sql`coalesce(${contactMessages.readAt}, now())` : null })
      .where(eq(contactMessages.id, id))
      .returning(columns);
    if (!row) throw notFound('Message not found');
    return toAdminMessage(row);
  }

  async delete(id: string): Promise<void> {
    if (!isUuid(id)) throw notFound('Message not found');
    const deleted = await this.db.delete(contactMessages).where(eq(contactMessages.id, id)).returning({ id: contactMessages.id });
    if (deleted.length === 0) throw notFound('Message not found');
  }

  async counts(): Promise<{ unread: number; total: number }> {
    const [row] = await this.db
      .select({
        unread: sql<number>`count(*) filter (where ${contactMessages.readAt} is null)::integer`,
        total: sql<number>`count(*)::integer`,
      })
      .from(contactMessages);
    return { unread: row?.unread ?? 0, total: row?.total ?? 0 };
  }
}
