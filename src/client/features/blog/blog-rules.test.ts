import { describe, expect, it } from 'vitest';
import {
  badgeColor,
  cardExcerpt,
  clampPage,
  DEFAULT_BADGE_COLOR,
  PAGER_SLOTS,
  pageCount,
  pageItems,
  pageWindow,
  summaryLine,
} from './blog-rules.ts';

describe('pagination rules', () => {
  it('counts pages of 6, rounded up', () => {
    expect(pageCount(0)).toBe(0);
    expect(pageCount(6)).toBe(1);
    expect(pageCount(7)).toBe(2);
    expect(pageCount(13)).toBe(3);
  });
  it('clamps the page between 1 and the page count', () => {
    expect(clampPage(0, 3)).toBe(1);
    expect(clampPage(5, 3)).toBe(3);
    expect(clampPage(2, 3)).toBe(2);
    expect(clampPage(4, 0)).toBe(1);
  });
  it('slices the items of a page', () => {
    const items = Array.from({ length: 14 }, (_, i) => i + 1);
    expect(pageItems(items, 1)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(pageItems(items, 3)).toEqual([13, 14]);
  });
});

describe('pageWindow', () => {
  it('numbers every page up to 7 pages', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
  it('shows the first, the last and the neighbours of the current page, with gaps, beyond 7', () => {
    expect(pageWindow(50, 1667)).toEqual([1, 'gap', 49, 50, 51, 'gap', 1667]);
    expect(pageWindow(1, 1667)).toEqual([1, 2, 3, 4, 5, 'gap', 1667]);
    expect(pageWindow(1667, 1667)).toEqual([1, 'gap', 1663, 1664, 1665, 1666, 1667]);
    expect(pageWindow(5, 8)).toEqual([1, 'gap', 4, 5, 6, 7, 8]);
  });
  it('never shows more than 7 items, and always the current page, the first and the last', () => {
    for (const pages of [8, 9, 12, 100, 1667]) {
      for (let page = 1; page <= pages; page++) {
        const items = pageWindow(page, pages);
        expect(items.length, `${page}/${pages}`).toBeLessThanOrEqual(PAGER_SLOTS);
        expect(items).toContain(page);
        expect(items[0]).toBe(1);
        expect(items.at(-1)).toBe(pages);
        const numbers = items.filter((item) => item !== 'gap');
        expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
      }
    }
  });
});

describe('summaryLine', () => {
  const base = { draftMode: false, searchTerm: '', category: 'All Posts', count: 4 };
  it('is absent for all published posts without a search', () => {
    expect(summaryLine(base)).toBeNull();
  });
  it('reports drafts first, then a search, then a category', () => {
    expect(summaryLine({ ...base, draftMode: true, searchTerm: 'x' })).toBe('Showing 4 draft(s)');
    expect(summaryLine({ ...base, searchTerm: 'coding', category: 'Future Leaders' })).toBe('Found 4 results for "coding"');
    expect(summaryLine({ ...base, category: 'Future Leaders' })).toBe('Showing 4 posts in "Future Leaders"');
  });
});

describe('badgeColor', () => {
  it('colours the known first tags, ignoring case', () => {
    expect(badgeColor(['React', 'API'])).not.toBe(DEFAULT_BADGE_COLOR);
    expect(badgeColor(['javascript'])).toBe(badgeColor(['JavaScript']));
    expect(badgeColor(['Testing'])).not.toBe(badgeColor(['Design']));
  });
  it('is gray for other tags, a known tag in second place, or none', () => {
    expect(badgeColor(['Digital Literacy', 'React'])).toBe(DEFAULT_BADGE_COLOR);
    expect(badgeColor([])).toBe(DEFAULT_BADGE_COLOR);
    expect(badgeColor(undefined)).toBe(DEFAULT_BADGE_COLOR);
  });
});

describe('cardExcerpt', () => {
  it('uses the excerpt when there is one', () => {
    expect(cardExcerpt({ excerpt: 'Short summary', content: 'x'.repeat(500) })).toBe('Short summary');
  });
  it('falls back to the first 150 characters of the content with an ellipsis', () => {
    expect(cardExcerpt({ content: 'y'.repeat(151) })).toBe(`${'y'.repeat(150)}...`);
    expect(cardExcerpt({ content: 'short body' })).toBe('short body');
  });
});
