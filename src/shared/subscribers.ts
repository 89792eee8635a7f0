import { z } from 'zod';

/**
 * The author's side of the newsletter (DESIGN.md): `/admin/subscribers` and its API, and each
 * post's sending as `Sent N of M`.
 */

export const SUBSCRIBER_STATUS_NAMES = ['confirmed', 'pending', 'unsubscribed', 'bounced'] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUS_NAMES)[number];

/** The counts' labels, as the screen shows them. */
export const subscriberStatusLabels: Record<SubscriberStatus, string> = {
  confirmed: 'Confirmed',
  pending: 'Pending',
  unsubscribed: 'Unsubscribed',
  bounced: 'Bounced',
};

/** Subscribers listed at most per answer. */
export const SUBSCRIBERS_PAGE = 100;

export const subscriberListQuerySchema = z.object({
  status: z.enum(SUBSCRIBER_STATUS_NAMES).optional(),
  /** Part of the address, any case. */
  q: z.string().trim().max(254).optional(),
  offset: z.coerce.number().int().min(0).max(10_000_000).optional(),
});

const subscriberSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  status: z.enum(SUBSCRIBER_STATUS_NAMES),
  /** When they subscribed (or were imported). */
  createdAt: z.iso.datetime(),
  confirmedAt: z.iso.datetime().nullable(),
});
export type Subscriber = z.infer<typeof subscriberSchema>;

export const subscriberListSchema = z.object({
  /** Whether the site sends a newsletter (SMTP is set): the screen says so when it does not. */
  enabled: z.boolean(),
  counts: z.object({ confirmed: z.number(), pending: z.number(), unsubscribed: z.number(), bounced: z.number() }),
  subscribers: z.array(subscriberSchema),
  /** How many match the query (the list shows SUBSCRIBERS_PAGE from `offset`). */
  total: z.number(),
});
export type SubscriberList = z.infer<typeof subscriberListSchema>;

/** `POST /api/admin/subscribers/import?consent=true`: a CSV with a column named `email`. */
export const subscriberImportQuerySchema = z.object({
  /** The author says these people agreed to get the posts: they come in confirmed, else pending. */
  consent: z.enum(['true', 'false']).optional(),
});

export const subscriberImportResultSchema = z.object({
  /** New addresses. */
  added: z.number(),
  /** Addresses already on the list, left as they were. */
  known: z.number(),
  /** Rows whose `email` is no e-mail address, left out. */
  invalid: z.number(),
  status: z.enum(['confirmed', 'pending']),
});
export type SubscriberImportResult = z.infer<typeof subscriberImportResultSchema>;

/** A CSV of subscribers taken at most (DESIGN.md: hostile input is bounded). */
export const SUBSCRIBER_CSV_MAX_BYTES = 5 * 1024 * 1024;
export const SUBSCRIBER_CSV_MAX_ROWS = 100_000;

/** One post's sending, as `/admin/posts` and the dashboard show it: `Sent N of M`. */
const newsletterSendingSchema = z.object({
  postId: z.uuid(),
  title: z.string(),
  slug: z.string(),
  total: z.number(),
  sent: z.number(),
  /** Bounced, or given up after a day of retries. */
  failed: z.number(),
  state: z.enum(['sending', 'done']),
  createdAt: z.iso.datetime(),
});
export type NewsletterSending = z.infer<typeof newsletterSendingSchema>;
/** `GET /api/admin/newsletters`: whether the site sends, and every sending, newest first. */
export const newsletterSendingListSchema = z.object({ enabled: z.boolean(), sendings: z.array(newsletterSendingSchema) });
export type NewsletterSendingList = z.infer<typeof newsletterSendingListSchema>;

/** `Sent 3 of 4`, and `1 failed` when any did. */
export function sendingSummary(sending: Pick<NewsletterSending, 'sent' | 'total' | 'failed'>): string {
  return `Sent ${sending.sent} of ${sending.total}${sending.failed > 0 ? ` · ${sending.failed} failed` : ''}`;
}
