import { describe, expect, it } from 'vitest';
import { formatLongDate, formatShortDate } from './format.ts';

describe('post dates', () => {
  it('are en-US short on cards', () => {
    expect(formatShortDate('2025-01-05T10:00:00.000Z')).toBe('Jan 5, 2025');
  });
  it('are en-US long on the post page', () => {
    expect(formatLongDate('2025-09-30T23:30:00.000Z')).toBe('September 30, 2025');
  });
});
