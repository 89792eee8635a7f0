import { describe, expect, it } from 'vitest';
import { formatLongDate, formatShortDate, formatViews } from './format.ts';

describe('post dates', () => {
  it('are en-US short on cards', () => {
    expect(formatShortDate('2025-01-05T10:00:00.000Z')).toBe('Jan 5, 2025');
  });
  it('are en-US long on the post page', () => {
    expect(formatLongDate('2025-09-30T23:30:00.000Z')).toBe('September 30, 2025');
  });
  it('print what Intl prints for en-US in UTC, on every month and either side of midnight', () => {
    const short = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
    const long = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
    for (let month = 0; month < 12; month++) {
      for (const at of [
        Date.UTC(2024, month, 1, 0, 0, 0),
        Date.UTC(2031, month, 28, 23, 59, 59),
        Date.UTC(1999, month, 15, 12),
      ]) {
        const iso = new Date(at).toISOString();
        expect(formatShortDate(iso), iso).toBe(short.format(at));
        expect(formatLongDate(iso), iso).toBe(long.format(at));
      }
    }
  });
  it('say so for a date that does not read, as toLocaleDateString did', () => {
    expect(formatShortDate('not a date')).toBe('Invalid Date');
    expect(formatLongDate('')).toBe('Invalid Date');
  });
});

describe('formatViews', () => {
  it('says view in the singular, groups thousands, and never prints a negative count', () => {
    expect(formatViews(1)).toBe('1 view');
    expect(formatViews(0)).toBe('0 views');
    expect(formatViews(12)).toBe('12 views');
    expect(formatViews(1234)).toBe('1,234 views');
    expect(formatViews(1234567)).toBe('1,234,567 views');
    expect(formatViews(-3)).toBe('0 views');
  });
});
