import { sql } from 'drizzle-orm';
import { COMMENT_STATUSES } from '../../shared/back-office.ts';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  username: text('username').notNull().unique(),
  /** scrypt hash, never the password itself. */
  password: text('password').notNull(),
  /** The password alone no longer opens a session: a passkey or a recovery code must follow it. */
  requirePasskey: boolean('require_passkey').notNull().default(false),
});

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    slug: text('slug').notNull().unique(),
    content: text('content').notNull(),
    excerpt: text('excerpt'),
    featuredImage: text('featured_image'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    published: boolean('published').notNull().default(false),
    /** A published post is shown to readers from this time on (DESIGN.md "scheduling"); null: at once. */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The date readers see, and what readers' lists are ordered by: publish_at, else created_at. */
    shownAt: timestamp('shown_at', { withTimezone: true })
      .notNull()
      .generatedAlwaysAs(sql`coalesce(publish_at, created_at)`),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    /**
     * The tags in lower case, written beside `tags` by the post service: a category matches a tag
     * ignoring case (SPEC.md), and comparing these costs a fifth of lower-casing every tag of every
     * post on each view of a category (no expression index can do it: array functions are not immutable).
     */
    tagKeys: text('tag_keys')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [
    index('blog_posts_published_shown_idx').on(t.published, t.shownAt),
    // The page cache asks every few hundred milliseconds when the next scheduled post goes out.
    index('blog_posts_publish_at_idx').on(t.publishAt),
    index('blog_posts_tag_keys_idx').using('gin', t.tagKeys),
    // The newsletter's sender asks every few seconds which posts marked `Send to subscribers` are out.
    index('blog_posts_send_to_subscribers_idx')
      .on(t.shownAt)
      .where(sql`published and (metadata->>'sendToSubscribers') = 'true'`),
  ],
);

/**
 * What a search of the posts reads, one narrow row per post, written by a trigger on blog_posts
 * (migration 0011) whenever a post's text or dates change: the full-text document over title,
 * tags, excerpt and content, and what readers' lists filter and order by. The document is kept out
 * of line (toast_tuple_target), so that counting a common word's matches among 10,000 posts reads
 * a few hundred kilobytes of rows rather than the posts themselves (docs/decisions/017).
 */
export const postSearch = pgTable(
  'post_search',
  {
    postId: uuid('post_id')
      .primaryKey()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    published: boolean('published').notNull(),
    publishAt: timestamp('publish_at', { withTimezone: true }),
    shownAt: timestamp('shown_at', { withTimezone: true }).notNull(),
    /** Title and tags weigh A, the excerpt B, the body C; every word also as written ('simple'). */
    search: tsvector('search').notNull(),
  },
  (t) => [index('post_search_search_idx').using('gin', t.search)],
);

/**
 * Every save of a post, as saved (DESIGN.md "revisions"), and saves refused because the post had
 * changed elsewhere (`refused`), so that no text the author wrote is lost. The newest
 * REVISIONS_PER_POST of a post are kept; they go with their post.
 */
export const postRevisions = pgTable(
  'post_revisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
    refused: boolean('refused').notNull().default(false),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    content: text('content').notNull(),
    excerpt: text('excerpt'),
    featuredImage: text('featured_image'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    published: boolean('published').notNull(),
    publishAt: timestamp('publish_at', { withTimezone: true }),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    words: integer('words').notNull(),
  },
  (t) => [index('post_revisions_post_saved_idx').on(t.postId, t.savedAt)],
);

export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    author: text('author').notNull(),
    email: text('email').notNull(),
    content: text('content').notNull(),
    /**
     * The comment this one answers (comments imported with their threads, issue 22); null for one
     * that answers the post. Deleting the parent leaves its replies, answering the post.
     */
    parentId: uuid('parent_id').references((): AnyPgColumn => comments.id, { onDelete: 'set null' }),
    /** `published` (readers see it), `held` (awaiting moderation) or `spam`: see services/comments/comments.ts. */
    status: text('status', { enum: COMMENT_STATUSES }).notNull().default('published'),
    createdAt: createdAt(),
  },
  (t) => [
    index('comments_post_created_idx').on(t.postId, t.createdAt),
    index('comments_status_created_idx').on(t.status, t.createdAt),
    check('comments_status_check', sql`${t.status} in ('published', 'held', 'spam')`),
  ],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject'),
    message: text('message').notNull(),
    createdAt: createdAt(),
    /** Set when the e-mail notification went out; the message is stored either way. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    notifyError: text('notify_error'),
    /** When the author opened it in the inbox; null while unread. */
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);

/** One row per uploaded object; the bytes live in the storage backend under `id`. */
export const uploads = pgTable('uploads', {
  id: uuid('id').primaryKey(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  /** Upright pixel size; null when the image could not be decoded (it is then served as uploaded). */
  width: integer('width'),
  height: integer('height'),
  createdAt: createdAt(),
});

/**
 * Which upload an image of an imported post became, by the image's address on the old site
 * (its sha-256, hex): importing the file again neither fetches it again nor, once the old site is
 * gone, points the post back at it (site-data/import-images.ts).
 */
export const importedImages = pgTable('imported_images', {
  source: text('source').primaryKey(),
  uploadId: uuid('upload_id')
    .notNull()
    .references(() => uploads.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

/** Live admin sessions: the sha-256 of each cookie's token (see services/session.ts). */
export const adminSessions = pgTable('admin_sessions', {
  id: text('id').primaryKey(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * The author's passkeys (WebAuthn credentials): each one's public key and signature counter,
 * never a secret. Named by the author; `lastUsedAt` is set at each sign-in.
 */
export const passkeys = pgTable('passkeys', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** base64url, as the browser reports it. */
  credentialId: text('credential_id').notNull().unique(),
  /** The COSE public key, base64url. */
  publicKey: text('public_key').notNull(),
  counter: bigint('counter', { mode: 'number' }).notNull().default(0),
  transports: text('transports')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  name: text('name').notNull(),
  createdAt: createdAt(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
});

/** Recovery codes: the sha-256 of each, usable once; a new set replaces the old one whole. */
export const recoveryCodes = pgTable('recovery_codes', {
  codeHash: text('code_hash').primaryKey(),
  createdAt: createdAt(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/**
 * WebAuthn challenges, kept on the server for every instance to check: each is issued for one
 * ceremony, lives a few minutes and is deleted when it is used, so an answer cannot be replayed.
 */
export const webauthnChallenges = pgTable('webauthn_challenges', {
  challenge: text('challenge').primaryKey(),
  /** `register` (adding a passkey) or `sign-in`. */
  purpose: text('purpose').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Fixed-window counters shared by every instance (login failures, visitors' writes). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/**
 * Readers counted per post and day, as a salted hash of address and user agent that rotates
 * daily: a reader adds one view a day, and no cookie or address is kept.
 */
export const postViews = pgTable(
  'post_views',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    visitor: text('visitor').notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.day, t.visitor] }), index('post_views_day_idx').on(t.day)],
);

/**
 * Readers per post and UTC day, as a number: what the dashboard's chart reads. It outlives the
 * daily deletion of the hashes in post_views; `metadata.views` stays the post's total.
 */
export const postDailyViews = pgTable(
  'post_daily_views',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.postId, t.day] }), index('post_daily_views_day_idx').on(t.day)],
);

/**
 * One row, bumped by triggers (migration 0006) whenever a post or a comment changes in a way a
 * page can show; every instance polls it to drop its rendered pages (pages/page-cache.ts).
 * Writes that bypass the services (a restore, psql) bump it too.
 */
export const pageCacheGeneration = pgTable(
  'page_cache_generation',
  {
    id: integer('id').primaryKey().default(1),
    generation: bigint('generation', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('page_cache_generation_single_row', sql`${t.id} = 1`)],
);

/**
 * The site document (DESIGN.md "make it yours"): one row, the whole document as `/admin/site`
 * saves it (shared/site.ts). A fresh database gets the defaults of `src/content/site.ts` by
 * migration 0010; a save bumps the page cache's generation (trigger), like a post's.
 */
export const siteDocument = pgTable(
  'site_document',
  {
    id: integer('id').primaryKey().default(1),
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('site_document_single_row', sql`${t.id} = 1`)],
);

/** Every save of the site document, newest kept (services/site keeps the last 100). */
export const siteRevisions = pgTable(
  'site_revisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index('site_revisions_saved_idx').on(t.savedAt)],
);

/**
 * Where an imported post lived on the site it came from (its WordPress permalink and `?p=` id,
 * its Ghost or Hugo path...), normalised by services/old-addresses: a request for one of these
 * paths that is no page here answers 301 to the post's address. A change bumps the page cache's
 * generation (trigger): a 404 kept for that path must go.
 */
export const oldAddresses = pgTable(
  'old_addresses',
  {
    path: text('path').primaryKey(),
    postId: uuid('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('old_addresses_post_idx').on(t.postId)],
);

/** Where a subscriber is (DESIGN.md "the newsletter"): only `confirmed` ones are ever sent a post. */
export const SUBSCRIBER_STATUSES = ['pending', 'confirmed', 'unsubscribed', 'bounced'] as const;

/**
 * Readers who asked for new posts by e-mail. `pending` until they confirm from the e-mail sent
 * to them (double opt-in), for 7 days; `bounced` when their server refused a message for good.
 */
export const subscribers = pgTable(
  'subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** As the reader typed it (trimmed). */
    email: text('email').notNull(),
    /** The address in lower case: one subscriber per mailbox. */
    emailKey: text('email_key').notNull().unique(),
    status: text('status', { enum: SUBSCRIBER_STATUSES }).notNull().default('pending'),
    /** SHA-256 of the confirmation link's token (the token itself is only in the e-mail). */
    confirmTokenHash: text('confirm_token_hash').unique(),
    /** When the confirmation e-mail was last sent: one per address every few minutes at most. */
    confirmSentAt: timestamp('confirm_sent_at', { withTimezone: true }),
    /** The token of the unsubscribe link in every e-mail: it can only unsubscribe. */
    unsubscribeToken: text('unsubscribe_token').notNull().unique(),
    /** How the reader agreed: the link they confirmed, or the author's word on an imported list. */
    consent: text('consent', { enum: ['link', 'imported'] }),
    createdAt: createdAt(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** When the status last changed. */
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscribers_status_idx').on(t.status, t.createdAt)],
);

/**
 * A post sent to subscribers: created once, when the post goes out with `Send to subscribers`
 * on (its primary key is the post: never twice), with a delivery per confirmed subscriber.
 */
export const newsletters = pgTable('newsletters', {
  postId: uuid('post_id')
    .primaryKey()
    .references(() => blogPosts.id, { onDelete: 'cascade' }),
  /** Confirmed subscribers when it went out: the M of `Sent N of M`. */
  total: integer('total').notNull(),
  createdAt: createdAt(),
  /** When the last delivery was settled (sent, bounced or given up). */
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

export const DELIVERY_STATUSES = ['pending', 'sent', 'bounced', 'failed', 'dropped'] as const;

/**
 * One message of a newsletter to one subscriber: claimed row by row by a sender (`claimed_until`,
 * so that two instances never take the same one), then settled.
 */
export const newsletterDeliveries = pgTable(
  'newsletter_deliveries',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => newsletters.postId, { onDelete: 'cascade' }),
    subscriberId: uuid('subscriber_id')
      .notNull()
      .references(() => subscribers.id, { onDelete: 'cascade' }),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Not tried before this time (retries back off). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A sender holds it until then; after, another may take it (the first died). */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.subscriberId] }),
    index('newsletter_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status = 'pending'`),
    index('newsletter_deliveries_sent_idx').on(t.sentAt),
    index('newsletter_deliveries_subscriber_idx').on(t.subscriberId),
  ],
);
