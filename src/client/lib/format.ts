// Post dates in en-US, in UTC so that the server and every browser print the same text. Written
// out rather than asked of Intl: the first Intl date format loads ICU's locale data, about 9 MB of
// the server's resident memory, for two fixed formats.
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

function utcDate(iso: string, month: (name: string) => string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  return `${month(MONTHS[date.getUTCMonth()]!)} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** Card dates, en-US short form: "Jan 5, 2025". */
export function formatShortDate(iso: string): string {
  return utcDate(iso, (name) => name.slice(0, 3));
}

/** Post page dates, en-US long form: "January 5, 2025". */
export function formatLongDate(iso: string): string {
  return utcDate(iso, (name) => name);
}

/**
 * A card shows its count from the first reader on (issue 25): `0 views` tells a new reader only
 * that nobody came yet, and says nothing about the post. One reader is worth saying, so the line
 * is 1. The post page keeps SPEC.md's rule (shown whenever a count is stored).
 */
export const CARD_VIEWS_MIN = 1;

/** "1 view", "12 views", "1,234 views": digits grouped by hand, as Intl would load ICU's data. */
export function formatViews(views: number): string {
  const digits = String(Math.max(0, Math.trunc(views))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${digits} ${views === 1 ? 'view' : 'views'}`;
}
