import { isStorableText } from '../../../../shared/fields.ts';
import { LIMITS } from '../../../../shared/constants.ts';
import { SLUG_PATTERN } from '../../../../shared/posts.ts';
import type { ImportedComment, ImportedPost } from './types.ts';

/**
 * The last step of every foreign parser: a post as its format gave it, made to fit what a post
 * may hold (LIMITS, text PostgreSQL can store), each change said in one warning line.
 */

// eslint-disable-next-line no-control-regex -- NUL is what is being removed
const NUL = /\u0000/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** NUL removed and unpaired surrogates replaced; `changed` says whether anything was. */
function storable(text: string): { text: string; changed: boolean } {
  const cleaned = text.replace(NUL, '').replace(LONE_SURROGATE, '\ufffd');
  return { text: cleaned, changed: cleaned !== text };
}

/** At most `max` UTF-16 units, never cutting a surrogate pair in two. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max);
  return /[\ud800-\udbff]$/.test(head) ? head.slice(0, -1) : head;
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The first words of a text as a title, for a post that has none. */
function titleFromText(text: string): string {
  const words = collapse(text.replace(/[#*_`>[\]()!|-]/g, ' ')).split(' ');
  const head = words.slice(0, 8).join(' ');
  return head && words.length > 8 ? `${head}…` : head;
}

/** A slug our posts accept: as given when it fits, else made from it (WordPress percent-encodes). */
function acceptableSlug(slug: string | undefined): string | undefined {
  if (!slug) return undefined;
  let value = slug.trim().normalize('NFC');
  if (!SLUG_PATTERN.test(value)) {
    try {
      // WordPress keeps a slug in another script percent-encoded: `%ce%b3%ce%b5%ce%b9%ce%b1`.
      value = decodeURIComponent(value).normalize('NFC');
    } catch {
      // Not percent-encoding after all: made into a slug as it is.
    }
    if (!SLUG_PATTERN.test(value)) value = slugifyAnyScript(value);
  }
  value = clip(value, LIMITS.slug).replace(/[-_]+$/, '');
  return value || undefined;
}

/** slugify for a source's slug: letters of every script kept, lower case, any other run a hyphen. */
function slugifyAnyScript(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^[-\p{M}]+|-+$/gu, '');
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The post made to fit, or undefined (with a warning, counted by the caller as skipped) when it
 * cannot be: no content, or more content than a post holds. `label` names it in warnings.
 */
/** Old addresses a post keeps at most (site-data/old-addresses.ts keeps as many). */
const OLD_PATHS_KEPT = 50;

/** The body of a post imported without one (a draft, for the author to fill in or delete). */
export const EMPTY_BODY = '*This post had no text where it came from.*';

export function finishPost(found: ImportedPost, label: string, warnings: string[]): ImportedPost | undefined {
  let hadNotText = false;
  const clean = (text: string) => {
    const result = storable(text);
    hadNotText ||= result.changed;
    return result.text;
  };

  let content = clean(found.content).trim();
  let published = found.published;
  if (!content) {
    // A post is never empty here: it is kept as a draft (with its comments) saying so, for the
    // author to fill in or delete.
    content = EMPTY_BODY;
    published = false;
    const comments =
      found.comments.length > 0
        ? ` with its ${found.comments.length === 1 ? 'comment' : `${found.comments.length} comments`}`
        : '';
    warnings.push(`${label}: no content; kept as a draft${comments}`);
  }
  if (content.length > LIMITS.content) {
    warnings.push(
      `${label}: ${content.length.toLocaleString('en-US')} characters of content, a post holds at most ${LIMITS.content.toLocaleString('en-US')}: left out`,
    );
    return undefined;
  }

  let title = collapse(clean(found.title));
  if (!title) {
    title = titleFromText(content) || 'Untitled';
    warnings.push(`${label}: no title, named "${title}"`);
  }
  if (title.length > LIMITS.title) {
    title = clip(title, LIMITS.title).trimEnd();
    warnings.push(`${label}: title cut to ${LIMITS.title} characters`);
  }

  let excerpt = found.excerpt === undefined ? undefined : clean(found.excerpt).trim() || undefined;
  if (excerpt && excerpt.length > LIMITS.excerpt) {
    excerpt = clip(excerpt, LIMITS.excerpt).trimEnd();
    warnings.push(`${label}: excerpt cut to ${LIMITS.excerpt} characters`);
  }

  const tags = finishTags(found.tags.map(clean), label, warnings);
  const featuredImage = found.featuredImage ? clean(found.featuredImage).trim() : undefined;
  const comments = found.comments.flatMap((comment) => finishComment(comment, clean, label, warnings));
  const slug = acceptableSlug(found.slug === undefined ? undefined : clean(found.slug));
  if (hadNotText) warnings.push(`${label}: NUL or other characters that are not text removed`);

  // A post is never changed before it was written, yet a source's date can fall after its last
  // change. A post that went out keeps the date its readers saw (Ghost does not move `updated_at`
  // when a scheduled post goes out): its last change moves up to it. Any other post is dated by its
  // last change: a draft's date read without its zone (WordPress keeps only the site's local time
  // for drafts) can be hours late, and a scheduled post has its `publishAt` apart.
  const oldPaths = (found.oldPaths ?? []).filter((address) => isStorableText(address));
  if (oldPaths.length > OLD_PATHS_KEPT) {
    warnings.push(`${label}: ${oldPaths.length} old addresses, the first ${OLD_PATHS_KEPT} kept`);
    oldPaths.length = OLD_PATHS_KEPT;
  }
  const wentOut = published && !found.publishAt;
  const late = found.createdAt && found.updatedAt && found.createdAt > found.updatedAt;
  const createdAt = late && !wentOut ? found.updatedAt : found.createdAt;
  const updatedAt = late && wentOut ? found.createdAt : found.updatedAt;
  return {
    source: found.source,
    ...(found.formerSource ? { formerSource: found.formerSource } : {}),
    ...(found.sourceDate ? { sourceDate: found.sourceDate } : {}),
    title,
    ...(slug ? { slug } : {}),
    content,
    ...(excerpt ? { excerpt } : {}),
    tags,
    published,
    ...(published && found.publishAt ? { publishAt: found.publishAt } : {}),
    ...(createdAt ? { createdAt } : {}),
    ...(updatedAt ? { updatedAt } : {}),
    ...(featuredImage && featuredImage.length <= LIMITS.url ? { featuredImage } : {}),
    comments,
    ...(oldPaths.length > 0 ? { oldPaths } : {}),
  };
}

/** Trimmed, deduplicated ignoring case, within the limits. */
function finishTags(tags: string[], label: string, warnings: string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  let cut = false;
  for (const raw of tags) {
    let tag = collapse(raw);
    if (!tag) continue;
    if (tag.length > LIMITS.tag) {
      tag = clip(tag, LIMITS.tag).trimEnd();
      cut = true;
    }
    const key = tag.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(tag);
  }
  if (cut) warnings.push(`${label}: tags longer than ${LIMITS.tag} characters cut`);
  if (kept.length > LIMITS.tags) {
    warnings.push(`${label}: ${kept.length} tags, the first ${LIMITS.tags} kept`);
    return kept.slice(0, LIMITS.tags);
  }
  return kept;
}

function finishComment(
  comment: ImportedComment,
  clean: (text: string) => string,
  label: string,
  warnings: string[],
): ImportedComment[] {
  let content = clean(comment.content).trim();
  if (!content) return [];
  if (content.length > LIMITS.comment) {
    content = clip(content, LIMITS.comment).trimEnd();
    warnings.push(`${label}: a comment by ${comment.author || 'Anonymous'} cut to ${LIMITS.comment} characters`);
  }
  const author = clip(collapse(clean(comment.author)), LIMITS.name).trimEnd() || 'Anonymous';
  const email = clean(comment.email).trim();
  return [
    {
      author,
      email: email.length <= LIMITS.email && EMAIL.test(email) ? email : '',
      content,
      ...(comment.createdAt ? { createdAt: comment.createdAt } : {}),
      status: comment.status,
      ...(comment.sourceId ? { sourceId: comment.sourceId } : {}),
      ...(comment.parentSourceId ? { parentSourceId: comment.parentSourceId } : {}),
    },
  ];
}

const ZONE = /(?:Z|[+-]\d{2}(?::?\d{2})?|\b(?:GMT|UTC))\s*$/i;
const ISO_LIKE = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * A date as foreign formats write it: a Date, milliseconds, ISO 8601 with or without a time or a
 * zone (`2023-05-01`, `2023-05-01 10:00:00 +0200`), or what Date.parse reads (`Jul 08 2022`,
 * RFC 2822). No zone means UTC, whatever the server's own zone. Undefined when unreadable.
 */
export function parseDate(value: unknown): Date | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
  if (typeof value === 'number') return Number.isFinite(value) ? validDate(new Date(value)) : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (!text || /^0000-00-00/.test(text)) return undefined;
  const iso = ISO_LIKE.exec(text);
  if (iso) {
    const [, year, month, day, hour = '0', minute = '0', second = '0', fraction = '0', zone] = iso;
    const utc = Date.UTC(+year!, +month! - 1, +day!, +hour, +minute, +second, Math.floor(+`0.${fraction}` * 1000));
    const offset = zone && zone.toUpperCase() !== 'Z' ? zoneMinutes(zone) : 0;
    return validDate(new Date(utc - offset * 60_000));
  }
  const parsed = Date.parse(text);
  if (Number.isNaN(parsed)) return undefined;
  const date = new Date(parsed);
  if (ZONE.test(text)) return date;
  // Date.parse read it in the server's zone: the same wall-clock time in UTC instead.
  return validDate(
    new Date(
      Date.UTC(
        date.getFullYear(),
        date.getMonth(),
        date.getDate(),
        date.getHours(),
        date.getMinutes(),
        date.getSeconds(),
        date.getMilliseconds(),
      ),
    ),
  );
}

function zoneMinutes(zone: string): number {
  const match = /^([+-])(\d{2}):?(\d{2})$/.exec(zone)!;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
}

/** Years 1000-9999 only: out of that, a date is a typo or a placeholder. */
function validDate(date: Date): Date | undefined {
  const year = date.getUTCFullYear();
  return Number.isNaN(date.getTime()) || year < 1000 || year > 9999 ? undefined : date;
}
