import type { Post, PostInput } from '../../../shared/posts.ts';
import { postStatusAt } from '../../../shared/post-dates.ts';
import type { Revision } from '../../../shared/revisions.ts';
import { readTimeMinutes } from '../../../shared/text.ts';

/** Everything the author can change in the editor. */
export interface EditorFields {
  title: string;
  slug: string;
  content: string;
  excerpt: string;
  featuredImage: string;
  tags: string[];
  published: boolean;
  /** When a published post goes out: an ISO time with its offset, or '' for "as soon as it is published". */
  publishAt: string;
  metaTitle: string;
  metaDescription: string;
  /** The byline; a new post starts with the profile's name (the editor fills it in). */
  author: string;
  /** `Send to subscribers` (DESIGN.md "the newsletter"): e-mailed once, when the post goes out. */
  sendToSubscribers: boolean;
}

export const emptyFields: EditorFields = {
  title: '',
  slug: '',
  content: '',
  excerpt: '',
  featuredImage: '',
  tags: [],
  published: false,
  publishAt: '',
  metaTitle: '',
  metaDescription: '',
  author: '',
  sendToSubscribers: false,
};

/** The fields of a saved post, or of one of its revisions (History's `Restore this version`). */
export function fieldsFromPost(post: Post | Revision): EditorFields {
  return {
    title: post.title,
    slug: post.slug,
    content: post.content,
    excerpt: post.excerpt ?? '',
    featuredImage: post.featuredImage ?? '',
    tags: post.tags ?? [],
    published: post.published,
    publishAt: post.publishAt ?? '',
    metaTitle: post.metadata?.metaTitle ?? '',
    metaDescription: post.metadata?.metaDescription ?? '',
    author: post.metadata?.author ?? '',
    sendToSubscribers: post.metadata?.sendToSubscribers === true,
  };
}

export const sameFields = (a: EditorFields, b: EditorFields) => JSON.stringify(a) === JSON.stringify(b);

/**
 * SPEC.md section 3 payload: trimmed, excerpt and cover omitted when empty, readTime and author.
 * An empty `publishAt` is sent as null when `editing`, so the server clears a stored one.
 */
export function toPayload(fields: EditorFields, editing = false): PostInput {
  const content = fields.content.trim();
  const excerpt = fields.excerpt.trim();
  const featuredImage = fields.featuredImage.trim();
  const metaTitle = fields.metaTitle.trim();
  const metaDescription = fields.metaDescription.trim();
  return {
    title: fields.title.trim(),
    slug: fields.slug.trim(),
    content,
    ...(excerpt ? { excerpt } : {}),
    ...(featuredImage ? { featuredImage } : {}),
    tags: fields.tags,
    published: fields.published,
    ...(fields.publishAt ? { publishAt: fields.publishAt } : editing ? { publishAt: null } : {}),
    metadata: {
      readTime: readTimeMinutes(content),
      author: fields.author.trim(),
      // Empty strings clear a previously stored value (the server merges metadata).
      metaTitle,
      metaDescription,
      sendToSubscribers: fields.sendToSubscribers,
    },
  };
}

/** `Scheduled`: Published is on and Publish at is still ahead (the server decides the same at read time). */
export const isScheduled = (fields: Pick<EditorFields, 'published' | 'publishAt'>, now = new Date()): boolean =>
  postStatusAt({ published: fields.published, publishAt: fields.publishAt || null }, now) === 'scheduled';

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as ISO 8601 in this browser's time zone, with its offset: `2026-03-10T14:05:00+01:00`. */
function isoWithOffset(date: Date): string {
  const offset = -date.getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
  return `${day}T${time}${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
}

/**
 * The value of an `<input type="datetime-local">` (`2026-03-10T14:05`, the author's wall clock) as
 * an ISO time with offset; '' when empty or incomplete. The offset is the one of that date, so a
 * time in summer gets summer time; a time skipped by a clock change moves forward, as in `Date`.
 */
export function localInputToIso(local: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(local);
  if (!match) return '';
  const [year, month, day, hours, minutes, seconds] = match.slice(1).map((part) => Number(part ?? 0));
  const date = new Date(year!, month! - 1, day!, hours!, minutes!, seconds!);
  return Number.isNaN(date.getTime()) ? '' : isoWithOffset(date);
}

/** An ISO time as the datetime-local input shows it in the author's zone; seconds only when set. */
export function isoToLocalInput(iso: string): string {
  const date = new Date(iso);
  if (!iso || Number.isNaN(date.getTime())) return '';
  const minutes = isoWithOffset(date).slice(0, 16);
  return date.getSeconds() ? `${minutes}:${pad(date.getSeconds())}` : minutes;
}

/** The author's zone as the editor shows it beside Publish at: `Europe/Paris (UTC+01:00)`, for that date. */
export function timeZoneLabel(at: Date, timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone): string {
  const offset = isoWithOffset(Number.isNaN(at.getTime()) ? new Date() : at).slice(-6);
  return `${timeZone} (UTC${offset})`;
}

/** A saved time in the author's own zone, for people: `Mar 10, 2026, 2:05 PM`. */
export const formatLocalDateTime = (iso: string): string =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** What Publish at will do, said under the field. */
export function publishAtNote(fields: Pick<EditorFields, 'published' | 'publishAt'>, now: Date): string {
  if (!fields.publishAt) return 'Empty: the post goes out as soon as it is published.';
  if (Date.parse(fields.publishAt) <= now.getTime())
    return 'This time has passed: the post is visible as soon as it is published.';
  if (!fields.published) return 'Turn on Published to schedule the post for this time.';
  return `Scheduled: readers see it from ${formatLocalDateTime(fields.publishAt)}.`;
}

/** Tag rule of SPEC.md section 4: the trimmed text, unless empty or already there. */
export function addTag(tags: string[], text: string): string[] {
  const tag = text.trim();
  if (!tag || tags.includes(tag)) return tags;
  return [...tags, tag];
}

/**
 * Slug rule of SPEC.md section 4: the slug follows the title while it is empty or still equal to
 * the slug derived from the previous title; once edited by hand it stays.
 */
export function nextSlug(currentSlug: string, previousTitle: string, nextTitle: string, slugify: (s: string) => string): string {
  if (currentSlug === '' || currentSlug === slugify(previousTitle)) return slugify(nextTitle);
  return currentSlug;
}

/** The unsaved copy kept in the browser while the author types. */
export interface StoredDraft {
  fields: EditorFields;
  savedAt: number;
}

const draftKey = (postId: string | undefined) => `folio:editor-draft:${postId ?? 'new'}`;

export function loadStoredDraft(postId: string | undefined): StoredDraft | undefined {
  try {
    const raw = window.localStorage.getItem(draftKey(postId));
    if (!raw) return undefined;
    const parsed = JSON.parse(raw) as StoredDraft;
    if (!parsed || typeof parsed.savedAt !== 'number' || typeof parsed.fields?.content !== 'string') return undefined;
    return { savedAt: parsed.savedAt, fields: { ...emptyFields, ...parsed.fields } };
  } catch {
    return undefined;
  }
}

export function storeDraft(postId: string | undefined, fields: EditorFields): void {
  try {
    window.localStorage.setItem(draftKey(postId), JSON.stringify({ fields, savedAt: Date.now() } satisfies StoredDraft));
  } catch {
    // Storage full or disabled: the editor still works, only without the safety copy.
  }
}

export function forgetDraft(postId: string | undefined): void {
  try {
    window.localStorage.removeItem(draftKey(postId));
  } catch {
    // Nothing stored.
  }
}
