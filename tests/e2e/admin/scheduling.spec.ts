import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../fixtures.ts';
import { contentArea, unlockEditor } from './admin-support.ts';

test('a post scheduled a minute ahead stays hidden from visitors until its time, then appears dated with it', async ({
  page,
  browser,
}) => {
  // Waits for a real minute to turn: the datetime-local input has minute precision.
  test.setTimeout(150_000);
  await unlockEditor(page);
  const title = `Scheduled ${Date.now()}`;
  await page.getByLabel('Title', { exact: true }).fill(title);
  await contentArea(page).fill('Words that go out on time.');
  await page.getByRole('tab', { name: 'Settings' }).click();

  // The next whole minute at least 15 s ahead, written as the author's wall clock in the browser.
  const { at, local } = await page.evaluate(() => {
    const minute = 60_000;
    const target = new Date(Math.ceil((Date.now() + 15_000) / minute) * minute);
    const pad = (n: number) => String(n).padStart(2, '0');
    const wall = `${target.getFullYear()}-${pad(target.getMonth() + 1)}-${pad(target.getDate())}T${pad(target.getHours())}:${pad(target.getMinutes())}`;
    return { at: target.getTime(), local: wall };
  });
  const publishAt = page.getByLabel('Publish at', { exact: true });
  await expect(publishAt).toHaveAttribute('type', 'datetime-local');
  await publishAt.fill(local);
  await expect(page.getByText(/\(UTC[+-]\d\d:\d\d\)/)).toBeVisible();
  await page.getByRole('switch', { name: 'Publish immediately' }).click();
  await expect(page.getByText(/^Scheduled: readers see it from/)).toBeVisible();
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  await page.getByRole('button', { name: 'Schedule Post' }).click();
  await expect(page.getByText(new RegExp(`^Your post "${title}" is scheduled for `))).toBeVisible();
  // Nothing public to go to yet: the author stays in the editor.
  await expect(page).toHaveURL(/\/edit\/[0-9a-f-]{36}$/);
  const slug = await page.getByLabel('Slug', { exact: true }).inputValue();

  const visitor = await browser.newContext();
  const reader = await visitor.newPage();
  expect(Date.now()).toBeLessThan(at);
  expect((await reader.goto(`/blog/${slug}`))!.status()).toBe(404);
  await reader.goto('/blog');
  await expect(reader.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(reader.getByRole('article', { name: title })).toHaveCount(0);

  // Decided at read time: a reload after the moment shows it, with no restart.
  await expect(async () => {
    const response = await reader.goto(`/blog/${slug}`);
    expect(response!.status()).toBe(200);
  }).toPass({ intervals: [2_000], timeout: 120_000 });
  expect(Date.now()).toBeGreaterThanOrEqual(at - 1_000);
  await expect(reader.getByRole('heading', { level: 1, name: title })).toBeVisible();
  expect(Date.parse((await reader.locator('article time').first().getAttribute('datetime'))!)).toBe(at);

  await reader.goto('/blog');
  const card = reader.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  expect(Date.parse((await card.locator('time').getAttribute('datetime'))!)).toBe(at);
  await visitor.close();
});
