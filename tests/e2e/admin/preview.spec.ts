import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import { adminApi, createPost, expect, test, useIslands, watchConsole } from '../fixtures.ts';
import { unlockEditor } from './admin-support.ts';
import { unique } from './back-office-support.ts';

const BODY = `Students build a web page in the first week.

## What they made

A quiz game that asks about the school's history.`;

async function previewLink(request: APIRequestContext, postId: string): Promise<string> {
  const response = await (await adminApi(request)).post(`/api/blog-posts/${postId}/preview-link`);
  expect(response.status(), await response.text()).toBe(200);
  const { url } = (await response.json()) as { url: string };
  // The link is absolute, on SITE_URL; the visitor follows its path on this server.
  const { pathname } = new URL(url);
  expect(pathname).toMatch(/^\/preview\/[^/]+$/);
  return pathname;
}

test('a preview link shows a draft as readers will see it to a visitor without a session: never indexed, no comments; a changed token or the post address shows nothing', async ({
  browser,
  request,
}) => {
  const title = unique('Preview draft');
  const post = await createPost(request, { title, content: BODY, tags: ['Digital Literacy'], published: false });
  const path = await previewLink(request, post.id);

  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  const problems = watchConsole(page);
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);

  await expect(page.getByText('Preview: readers cannot see this post yet.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'What they made' })).toBeVisible();
  await expect(page.getByText("A quiz game that asks about the school's history.")).toBeVisible();
  await expect(page.getByRole('list', { name: 'Tags' }).getByText('Digital Literacy')).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /^noindex/);
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Leave a Comment' })).toHaveCount(0);
  await expect(page.getByLabel('Name *')).toHaveCount(0);
  // A reading page: its islands (the share bar among them) hydrate at a first use, the article stays the server's.
  await useIslands(page);
  await expect(page.getByRole('group', { name: 'Share this post' })).toBeVisible();
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  expect(problems).toEqual([]);

  // One character changed anywhere in the token is refused like an expired one.
  const token = path.slice('/preview/'.length);
  const at = Math.floor(token.length / 2);
  const tampered = `/preview/${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;
  const refused = await page.goto(tampered);
  expect(refused?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Preview Not Available' })).toBeVisible();
  await expect(page.getByText('This preview link is invalid or has expired.')).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);

  // The draft itself stays out of the visitor's reach at its own address.
  const byAddress = await page.goto(`/blog/${post.slug}`);
  expect(byAddress?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Post Not Found' })).toBeVisible();
  await visitor.close();
});

test.describe('in the author time zone', () => {
  test.use({ timezoneId: 'Europe/Paris' });

  test('a scheduled post is Scheduled in /admin/posts with the time it goes out, and the dashboard count leads to it', async ({
    page,
    request,
  }) => {
    const title = unique('Goes out later');
    const publishAt = '2030-11-25T13:00:00.000Z';
    await createPost(request, { title, content: BODY, published: true, publishAt });

    await unlockEditor(page, '/admin');
    await page.getByRole('link', { name: /^[1-9]\d* Scheduled$/ }).click();
    await expect(page).toHaveURL(/\/admin\/posts\?status=scheduled$/);
    const statusFilter = page.getByRole('group', { name: 'Status' });
    await expect(statusFilter.getByRole('button', { name: 'Scheduled', pressed: true })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row.getByText('Scheduled', { exact: true })).toBeVisible();
    // 13:00 UTC is 14:00 in Paris: the author's own clock (ICU may put a narrow space before PM).
    await expect(row.locator(`time[datetime="${publishAt}"]`)).toHaveText(/^Nov 25, 2030, 2:00\sPM$/);

    // Neither among the published nor among the drafts.
    for (const [filter, empty] of [
      ['Published', 'No published posts.'],
      ['Draft', 'No draft posts.'],
    ] as const) {
      await statusFilter.getByRole('button', { name: filter, exact: true }).click();
      await expect(statusFilter.getByRole('button', { name: filter, exact: true, pressed: true })).toBeVisible();
      await expect(page.getByRole('table', { name: 'Posts' }).or(page.getByText(empty))).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0);
    }
  });
});

test('a post that was scheduled shows readers the time it went out, not when it was written', async ({ page, request }) => {
  const title = unique('Went out in March');
  const publishAt = '2024-03-01T12:00:00.000Z';
  const post = await createPost(request, { title, content: BODY, published: true, publishAt });

  await page.goto(`/blog/${post.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('main').locator(`time[datetime="${publishAt}"]`)).toHaveText('March 1, 2024');
  await expect(page.locator('meta[property="article:published_time"]')).toHaveAttribute('content', publishAt);

  await page.goto(`/blog?q=${encodeURIComponent(title)}`);
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(card.locator('time')).toHaveText('Mar 1, 2024');
});
