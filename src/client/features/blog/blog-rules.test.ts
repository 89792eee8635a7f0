import { describe, expect, it } from 'vitest';
import type { Post } from '../../../shared/posts.ts';
import {
  badgeColor,
  cardExcerpt,
  clampPage,
  DEFAULT_BADGE_COLOR,
  filterByCategory,
  pageCount,
  pageItems,
  summaryLine,
} from './blog-rules.ts';

const post = (id: number, tags: string[], extra: Partial<Post> = {}): Post => ({
  id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
  title: `Post ${id}`,
  slug: `post-${id}`,
  content: 'Body',
  tags,
  published: true,
  metadata: {},
  createdAt: '2025-01-05T10:00:00.000Z',
  updatedAt: '2025-01-05T10:00:00.000Z',
  ...extra,
});

describe('filterByCategory', () => {
  const posts = [post(1, ['Digital Literacy']), post(2, ['digital literacy', 'Future Leaders']), post(3, ['Youth Leadership'])];
  it('keeps every post for All Posts', () => {
    expect(filterByCategory(posts, 'All Posts')).toHaveLength(3);
  });
  it('matches a tag equal to the category, ignoring case', () => {
    expect(filterByCategory(posts, 'Digital Literacy').map((p) => p.slug)).toEqual(['post-1', 'post-2']);
  });
  it('does not match a tag that only contains the category', () => {
    expect(filterByCategory([post(4, ['Digital Literacy Week'])], 'Digital Literacy')).toEqual([]);
  });
});

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
