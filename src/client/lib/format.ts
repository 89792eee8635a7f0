/** Card dates, en-US short form: "Jan 5, 2025". Fixed time zone so server and browser agree. */
export function formatShortDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** Post page dates, en-US long form: "January 5, 2025". */
export function formatLongDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}
