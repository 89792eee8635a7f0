import { describe, expect, it } from 'vitest';
import { formatDay, formatLongDay, niceCeiling, summarizeReaders } from './chart-scale.ts';

describe('niceCeiling', () => {
  it('rounds up to 1, 2 or 5 times a power of ten', () => {
    expect([0, 0.5, 1, 3, 7, 11, 20, 21, 99, 101, 4999].map(niceCeiling)).toEqual([1, 1, 1, 5, 10, 20, 20, 50, 100, 200, 5000]);
  });
  it('treats nonsense as an empty chart', () => {
    expect(niceCeiling(Number.NaN)).toBe(1);
    expect(niceCeiling(-3)).toBe(1);
  });
});

describe('days', () => {
  it('are read as calendar days, not shifted by the time zone', () => {
    expect(formatDay('2025-01-01')).toBe('Jan 1');
    expect(formatDay('2025-12-31')).toBe('Dec 31');
    expect(formatLongDay('2025-06-03')).toBe('June 3, 2025');
  });
});

describe('summarizeReaders', () => {
  it('sorts the days, adds them up and names the busiest (the latest of equals)', () => {
    const summary = summarizeReaders(
      [
        { day: '2025-06-03', views: 4 },
        { day: '2025-06-01', views: 4 },
        { day: '2025-06-02', views: 1 },
      ],
      30,
    );
    expect(summary.days.map((d) => d.day)).toEqual(['2025-06-01', '2025-06-02', '2025-06-03']);
    expect(summary.total).toBe(9);
    expect(summary.peak).toEqual({ day: '2025-06-03', views: 4 });
    expect(summary.label).toBe('Readers per day, last 30 days: 9 in total, most on Jun 3 (4)');
  });
  it('says so when nobody came', () => {
    const summary = summarizeReaders([{ day: '2025-06-01', views: 0 }], 30);
    expect(summary.label).toBe('Readers per day, last 30 days: 0 in total');
    expect(summarizeReaders([], 7).peak).toBeUndefined();
  });
});
