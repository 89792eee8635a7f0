import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { contentArea, unlockEditor } from './admin-support.ts';

/** No serious accessibility problem, and nothing wider than the screen (the 375 px project). */
async function expectAccessible(page: Page) {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

/** Saves the open post and waits for the server's answer to that save. */
async function saveDraft(page: Page) {
  const saved = page.waitForResponse(
    (response) => /\/api\/blog-posts(\/[0-9a-f-]{36})?$/.test(response.url()) && response.request().method() !== 'GET',
  );
  await page.getByRole('button', { name: 'Save Draft' }).click();
  return saved;
}

test('a save over a post changed in another tab shows the conflict, keeps both texts, and Keep mine saves over it', async ({
  page,
  context,
}) => {
  await unlockEditor(page);
  const original = 'The original words of this post.';
  const post = await (
    await page.request.post('/api/blog-posts', { data: { title: `Two tabs ${Date.now()}`, content: original, published: false } })
  ).json();

  const tabOne = page;
  const tabTwo = await context.newPage();
  for (const tab of [tabOne, tabTwo]) {
    await tab.goto(`/edit/${post.id}`);
    await expect(contentArea(tab)).toHaveValue(original);
  }

  const fromTabOne = 'Tab one rewrote this with crisp apples.';
  await contentArea(tabOne).fill(fromTabOne);
  expect((await saveDraft(tabOne)).status()).toBe(200);
  await expect(tabOne.getByText(`Your post "${post.title}" has been saved as draft`)).toBeVisible();

  const fromTabTwo = 'Tab two rewrote this with ripe oranges.';
  await contentArea(tabTwo).fill(fromTabTwo);
  expect((await saveDraft(tabTwo)).status()).toBe(409);
  const conflict = tabTwo.getByRole('region', { name: 'This post was changed elsewhere' });
  await expect(conflict.getByRole('alert')).toContainText('This post was changed elsewhere');
  await expect(conflict).toContainText('History');
  // The author's own text stays on screen; the comparison shows what the other tab saved.
  await expect(contentArea(tabTwo)).toHaveValue(fromTabTwo);
  await expect(conflict.locator('del')).toContainText(['crisp apples']);
  await expect(conflict.locator('ins')).toContainText(['ripe oranges']);
  await expect(tabTwo.getByText('Failed to update post')).toHaveCount(0);
  await expectAccessible(tabTwo);

  const keptMine = tabTwo.waitForResponse(
    (r) => r.url().endsWith(`/api/blog-posts/${post.id}`) && r.request().method() === 'PUT',
  );
  await conflict.getByRole('button', { name: 'Keep mine' }).click();
  expect((await keptMine).status()).toBe(200);
  await expect(conflict).toHaveCount(0);
  await expect(contentArea(tabTwo)).toHaveValue(fromTabTwo);
  expect((await (await page.request.get(`/api/blog-posts/${post.id}`)).json()).content).toBe(fromTabTwo);

  // Both texts survive as revisions; the refused save is marked in History.
  const summaries = (await (await page.request.get(`/api/blog-posts/${post.id}/revisions`)).json()) as Array<{ id: string }>;
  const contents = await Promise.all(
    summaries.map(
      async ({ id }) =>
        ((await (await page.request.get(`/api/blog-posts/${post.id}/revisions/${id}`)).json()) as { content: string }).content,
    ),
  );
  expect(contents).toEqual(expect.arrayContaining([original, fromTabOne, fromTabTwo]));

  await tabTwo.getByRole('tab', { name: 'History' }).click();
  const versions = tabTwo.getByRole('list', { name: 'Saved versions' });
  await expect(versions.getByRole('listitem')).toHaveCount(summaries.length);
  await expect(versions.getByText('Not saved: changed elsewhere')).toHaveCount(1);
});

test('Take theirs fills the editor with the version saved elsewhere', async ({ page, context }) => {
  await unlockEditor(page);
  const post = await (
    await page.request.post('/api/blog-posts', { data: { title: `Theirs ${Date.now()}`, content: 'Start.', published: false } })
  ).json();
  const other = await context.newPage();
  for (const tab of [other, page]) {
    await tab.goto(`/edit/${post.id}`);
    await expect(contentArea(tab)).toHaveValue('Start.');
  }
  await contentArea(other).fill('The other device wrote this.');
  await saveDraft(other);
  await contentArea(page).fill('I wrote this here.');
  expect((await saveDraft(page)).status()).toBe(409);

  await page.getByRole('button', { name: 'Take theirs' }).click();
  await expect(contentArea(page)).toHaveValue('The other device wrote this.');
  await expect(page.getByRole('region', { name: 'This post was changed elsewhere' })).toHaveCount(0);
  // Saving again now builds on their version: no second conflict.
  await contentArea(page).fill('The other device wrote this. And I added more.');
  expect((await saveDraft(page)).status()).toBe(200);
});

test('an older version restored from History and published is what readers see', async ({ page }) => {
  await unlockEditor(page);
  const title = `Restored ${Date.now()}`;
  const first = 'The first version talks about mountains and rivers.';
  const second = 'The second version talks about deserts instead.';
  await page.getByLabel('Title', { exact: true }).fill(title);
  await contentArea(page).fill(first);
  expect((await saveDraft(page)).status()).toBe(201);
  await expect(page).toHaveURL(/\/edit\/[0-9a-f-]{36}$/);
  await expect(contentArea(page)).toHaveValue(first);

  await contentArea(page).fill(second);
  expect((await saveDraft(page)).status()).toBe(200);

  await page.getByRole('tab', { name: 'History' }).click();
  const versions = page.getByRole('list', { name: 'Saved versions' }).getByRole('listitem');
  await expect(versions).toHaveCount(2);
  await expect(versions.first()).toContainText('7 words');
  // Newest first: the last one is the first save.
  await versions.last().getByRole('button').click();
  const content = page.getByRole('figure').filter({ hasText: 'Content' });
  await expect(content.locator('ins')).toContainText(['mountains and rivers']);
  await expect(content.locator('del')).toContainText(['deserts instead']);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Restore this version' }).click();
  await expect(contentArea(page)).toHaveValue(first);
  await page.getByRole('switch', { name: 'Publish immediately' }).click();
  await page.getByRole('button', { name: 'Publish Post' }).click();
  await expect(page).toHaveURL(/\/blog\/restored-\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(first)).toBeVisible();
  await expect(page.getByText(second)).toHaveCount(0);
});

test('a draft gets a preview link to copy and send; a published post offers none', async ({ page, context, browser }) => {
  await unlockEditor(page);
  const title = `Link me ${Date.now()}`;
  const draft = await (
    await page.request.post('/api/blog-posts', { data: { title, content: 'Not out yet.', published: false } })
  ).json();
  await page.goto(`/edit/${draft.id}`);
  await page.getByRole('button', { name: 'Get preview link' }).click();
  const link = page.getByRole('textbox', { name: 'Preview link' });
  await expect(link).toHaveValue(/^http:\/\/localhost:\d+\/preview\/\S+$/);
  await expect(link).toHaveAttribute('readonly', '');
  await expect(page.getByText(/^Works until /)).toBeVisible();
  await expectAccessible(page);

  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await link.inputValue());

  const visitor = await browser.newContext();
  const reader = await visitor.newPage();
  await reader.goto(await link.inputValue());
  await expect(reader.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await visitor.close();

  const published = await (
    await page.request.post('/api/blog-posts', { data: { title: `Out ${Date.now()}`, content: 'Public.', published: true } })
  ).json();
  await page.goto(`/edit/${published.id}`);
  await expect(page.getByRole('heading', { name: 'Edit Post' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Get preview link' })).toHaveCount(0);
});
