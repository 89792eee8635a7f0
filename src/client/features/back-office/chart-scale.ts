/** Pure helpers of the readers chart, tested on their own. */

/** The smallest of 1, 2, 5, 10, 20, 50 ... at or above `value`: the top of the chart's axis. */
export function niceCeiling(value: number): number {
  // Counts are whole numbers: the axis never tops out below 1.
  if (!(value > 1)) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * magnitude >= value) return step * magnitude;
  return 10 * magnitude;
}

/** `2025-06-03` as `Jun 3`, the same day wherever the author's browser is. */
export function formatDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** `2025-06-03` as `June 3, 2025`, for the table of the chart. */
export function formatLongDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

export interface DayViews {
  day: string;
  views: number;
}

export interface ReadersSummary {
  days: DayViews[];
  total: number;
  /** The busiest day; the latest of equals. Undefined when there are no days. */
  peak: DayViews | undefined;
  /** The one-line text alternative of the chart. */
  label: string;
}

/** Sorts the days oldest first and says what the chart shows in one sentence. */
export function summarizeReaders(views: DayViews[], windowDays: number): ReadersSummary {
  const days = [...views].sort((a, b) => a.day.localeCompare(b.day));
  const total = days.reduce((sum, day) => sum + day.views, 0);
  const peak = days.reduce<DayViews | undefined>((best, day) => (!best || day.views >= best.views ? day : best), undefined);
  let label = `Readers per day, last ${windowDays} days: ${total} in total`;
  if (peak && peak.views > 0) label += `, most on ${formatDay(peak.day)} (${peak.views})`;
  return { days, total, peak, label };
}
