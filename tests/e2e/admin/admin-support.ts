import type { Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../../../playwright.config.ts';
import { pageRoutes } from '../../../src/shared/routes.ts';
import { expect } from '../fixtures.ts';

export const FLAG_KEY = 'blog_admin_authenticated';
export const TIME_KEY = 'blog_admin_auth_time';

/** Passes the password screen the way the author does. */
export async function unlockEditor(page: Page, path = '/write'): Promise<void> {
  await page.goto(path);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Access Admin Panel' }).click();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
}

export function contentArea(page: Page) {
  return page.getByLabel('Content', { exact: true });
}

/** Selection of the content text area as [start, end, selected text]. */
export async function selection(page: Page): Promise<[number, number, string]> {
  return contentArea(page).evaluate((el: HTMLTextAreaElement) => [
    el.selectionStart,
    el.selectionEnd,
    el.value.slice(el.selectionStart, el.selectionEnd),
  ]);
}

export async function selectInContent(page: Page, text: string): Promise<void> {
  await contentArea(page).evaluate((el: HTMLTextAreaElement, wanted: string) => {
    const start = el.value.indexOf(wanted);
    el.focus();
    el.setSelectionRange(start, start + wanted.length);
  }, text);
}

/**
 * Every page of the author's (the route table's `access: 'author'`), `/edit/{id}` with `postId`:
 * a new admin screen is checked by the specs that walk them without being added to each.
 */
export function authorRoutes(postId: string): string[] {
  return Object.values(pageRoutes)
    .filter((route) => route.access === 'author')
    .map((route) => route.path.replace(':id', postId));
}
