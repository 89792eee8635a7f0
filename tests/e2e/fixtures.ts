import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../../playwright.config.ts';

/** An API client logged in as the admin, for arranging data through the real endpoints. */
export async function adminApi(request: APIRequestContext): Promise<APIRequestContext> {
  const response = await request.post('/api/admin/verify', { data: { password: E2E_ADMIN_PASSWORD } });
  expect(response.status()).toBe(200);
  return request;
}

export async function createPost(request: APIRequestContext, data: Record<string, unknown>) {
  const api = await adminApi(request);
  const response = await api.post('/api/blog-posts', {
    data: { content: 'Body text.', tags: [], published: true, metadata: { author: 'Author Name' }, ...data },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; slug: string; title: string };
}

/** Uploads `jpeg` as the admin and answers the stored image's path (its sized copies are made). */
export async function uploadJpeg(request: APIRequestContext, jpeg: Buffer): Promise<string> {
  const api = await adminApi(request);
  const { uploadURL } = (await (await api.post('/api/objects/upload')).json()) as { uploadURL: string };
  expect((await api.put(uploadURL, { data: jpeg, headers: { 'content-type': 'image/jpeg' } })).status()).toBe(200);
  const attached = await api.put('/api/objects/upload', { data: { bannerImageURL: uploadURL } });
  expect(attached.status(), await attached.text()).toBe(200);
  return ((await attached.json()) as { objectPath: string }).objectPath;
}

/** Collects console errors and warnings (hydration mismatches included) of a page. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/** Every island of the page has become a React root. */
export const islandsHydrated = (page: Page) =>
  page.evaluate(() => {
    const islands = [...document.querySelectorAll('[data-island]')];
    return islands.length > 0 && islands.every((el) => Object.keys(el).some((key) => key.startsWith('__reactContainer')));
  });

/**
 * A reader's first use of a reading page: the focus on a control of one of its islands, which loads
 * them (docs/decisions/015). Resolves once every island has hydrated.
 */
export async function useIslands(page: Page): Promise<void> {
  await page.locator('[data-island] :is(button, input, textarea, select):visible').first().focus();
  await expect.poll(() => islandsHydrated(page)).toBe(true);
}

export const test = base;
export { expect };
