import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '../fixtures.ts';

/** A name no other spec (or earlier run on the same server) uses. */
export const unique = (label: string) => `${label} ${Date.now()}${Math.floor(Math.random() * 1000)}`;

/** Three written-out links: more than 2 holds a comment whatever the moderation setting. */
export const LINKY = 'see https://a.example.org and https://b.example.org and https://c.example.org';

export async function postComment(
  request: APIRequestContext,
  postId: string,
  data: { author?: string; email?: string; content: string },
) {
  const response = await request.post(`/api/blog-posts/${postId}/comments`, {
    data: { author: 'Grace Hopper', email: 'grace@example.com', ...data },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; status: 'published' | 'held' | 'spam' };
}

export async function sendMessage(
  request: APIRequestContext,
  data: { name?: string; email?: string; subject?: string; message: string },
) {
  const response = await request.post('/api/contact', {
    data: { name: 'Ada Lovelace', email: 'ada@example.com', ...data },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

export function adminNav(page: Page) {
  return page.getByRole('navigation', { name: 'Admin' });
}

/** The unread count the bar shows on its Messages link (0 when it shows none). */
export async function unreadInNav(page: Page): Promise<number> {
  const text =
    (await adminNav(page)
      .getByRole('link', { name: /^Messages/ })
      .textContent()) ?? '';
  return Number(/^Messages\s*(\d+) unread$/.exec(text.trim())?.[1] ?? 0);
}

/**
 * Compared with the viewport the project asked for, not with `innerWidth`: a phone widens its
 * layout viewport (zooming out) to fit content that overflows, and `innerWidth` grows with it.
 */
export async function noSidewaysScroll(page: Page, label: string): Promise<void> {
  const width = page.viewportSize()!.width;
  const [scrollWidth, innerWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(Math.max(scrollWidth, innerWidth), `${label}: the page scrolls sideways`).toBeLessThanOrEqual(width);
}
