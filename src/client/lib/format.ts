// One formatter each, made once: toLocaleDateString builds a new one at every call (a tenth of a
// millisecond, six times per /blog page rendered).
const shortDates = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
const longDates = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** Card dates, en-US short form: "Jan 5, 2025". Fixed time zone so server and browser agree. */
export function formatShortDate(iso: string): string {
  return shortDates.format(new Date(iso));
}

/** Post page dates, en-US long form: "January 5, 2025". */
export function formatLongDate(iso: string): string {
  return longDates.format(new Date(iso));
}
