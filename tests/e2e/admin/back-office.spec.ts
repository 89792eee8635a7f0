import AxeBuilder from '@axe-core/playwright';
import { devices, type Page } from '@playwright/test';
import { adminApi, createPost, expect, test, watchConsole } from '../fixtures.ts';
import { unlockEditor } from './admin-support.ts';
import { adminNav, LINKY, noSidewaysScroll, postComment, sendMessage, unique } from './back-office-support.ts';

const SCREENS = [
  {
    path: '/admin',
    heading: 'Dashboard',
    link: 'Dashboard',
    ready: (page: Page) => page.getByRole('img', { name: /^Readers per day/ }),
  },
  { path: '/admin/posts', heading: 'Posts', link: 'Posts', ready: (page: Page) => page.getByRole('table', { name: 'Posts' }) },
  { path: '/admin/comments', heading: 'Comments', link: 'Comments', ready: (page: Page) => page.getByRole('article').first() },
  { path: '/admin/messages', heading: 'Messages', link: /^Messages/, ready: (page: Page) => page.getByRole('article').first() },
] as const;

test('the back office is behind the gate, and its API answers 401 without a session', async ({ page }) => {
  for (const { path } of SCREENS) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Admin' })).toHaveCount(0);
  }
  const html = await page.request.get('/admin/comments');
  expect(html.status()).toBe(200);
  expect(await html.text()).toContain('<meta name="robots" content="noindex" />');

  for (const url of ['/api/admin/stats', '/api/admin/comments?status=held', '/api/admin/messages', '/api/admin/posts']) {
    expect((await page.request.get(url)).status(), url).toBe(401);
  }
});

for (const screen of SCREENS) {
  test(`${screen.path} has its heading, the bar with the current link, no serious axe violation and no sideways scroll`, async ({
    page,
    request,
  }) => {
    // Something on every screen, so that the rows, tabs and chart are checked too.
    const post = await createPost(request, { title: unique('Axe post') });
    await postComment(request, post.id, { content: `Held for axe: ${LINKY}` });
    await sendMessage(request, { subject: unique('Axe message'), message: 'Checking the inbox.' });

    const problems = watchConsole(page);
    await unlockEditor(page, screen.path);
    await expect(page.getByRole('heading', { level: 1, name: screen.heading, exact: true })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${screen.heading} \\| `));
    const nav = adminNav(page);
    for (const link of SCREENS) {
      const locator = nav.getByRole('link', { name: link.link });
      await expect(locator).toBeVisible();
      if (link.path === screen.path) await expect(locator).toHaveAttribute('aria-current', 'page');
      else await expect(locator).not.toHaveAttribute('aria-current', /.*/);
    }
    await expect(nav.getByRole('link', { name: 'New Post' })).toHaveAttribute('href', '/write');
    await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
    // The screen's data is in before it is checked.
    await expect(screen.ready(page)).toBeVisible();

    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const severe = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(severe.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await noSidewaysScroll(page, screen.path);
    expect(problems).toEqual([]);
  });
}

test('the editor has the bar behind one menu, New Post current, and its Title is the third stop of the keyboard', async ({
  page,
}) => {
  await unlockEditor(page, '/write');
  await expect(page.getByRole('heading', { name: 'Write New Post' })).toBeVisible();
  // The author's own frame: no public menu, no footer form.
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expect(page.getByRole('form', { name: 'Contact form' })).toHaveCount(0);

  await page.reload();
  await expect(page.getByLabel('Title', { exact: true })).toBeVisible();
  const title = page.getByLabel('Title', { exact: true });
  for (let presses = 1; presses <= 3; presses++) {
    await page.keyboard.press('Tab');
    if (await title.evaluate((element) => element === document.activeElement)) break;
  }
  await expect(title).toBeFocused();

  const menuButton = adminNav(page).getByRole('button', { name: 'Admin menu' });
  await menuButton.click();
  await expect(page.getByRole('menuitem', { name: 'New Post' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('menuitem', { name: 'Dashboard' })).not.toHaveAttribute('aria-current', /.*/);
  await expect(page.getByRole('menuitem', { name: 'View site' })).toHaveAttribute('href', '/');
  // Closing the menu gives the focus back to its button.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(menuButton).toBeFocused();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await noSidewaysScroll(page, '/write');
});

test('the bar works from the keyboard and Logout locks the back office again', async ({ page }) => {
  await unlockEditor(page, '/admin/messages');
  const nav = adminNav(page);
  await nav.getByRole('link', { name: 'Comments' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/comments$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Comments' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: /^Messages/ })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(nav.getByRole('link', { name: 'Comments' })).toBeFocused();

  await nav.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('You have been logged out from the admin panel.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
});

test('the dashboard counts what waits, links into each screen, and charts a new reader', async ({ page, request, browser }) => {
  const post = await createPost(request, { title: unique('Charted') });
  await postComment(request, post.id, { content: `Waiting: ${LINKY}` });

  // A reader in a browser of their own (the admin's visits are never counted).
  const reader = await browser.newContext({ userAgent: devices['Desktop Chrome'].userAgent });
  const readerPage = await reader.newPage();
  await readerPage.goto(`/blog/${post.slug}`);
  await expect(readerPage.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
  await reader.close();

  await unlockEditor(page, '/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const stats = await (await adminApi(request)).get('/api/admin/stats?days=30');
  const { comments } = (await stats.json()) as { comments: { held: number } };
  expect(comments.held).toBeGreaterThan(0);

  const held = page.getByRole('link', { name: /Comments awaiting moderation/ });
  await expect(held).toContainText(/^[1-9]\d*/);
  await expect(held).toHaveAttribute('href', '/admin/comments?status=held');
  await expect(page.getByRole('link', { name: /Published posts/ })).toHaveAttribute('href', '/admin/posts?status=published');
  await expect(page.getByRole('link', { name: /^\d+ ?Drafts$/ })).toHaveAttribute('href', '/admin/posts?status=draft');
  await expect(page.getByRole('link', { name: /^\d+ ?Scheduled$/ })).toHaveAttribute('href', '/admin/posts?status=scheduled');
  await expect(page.getByRole('link', { name: /Unread messages/ })).toHaveAttribute('href', '/admin/messages?unread=true');
  await expect(page.getByRole('link', { name: /Published posts/ })).toContainText(/^[1-9]\d*/);
  await expect(page.getByRole('region', { name: 'Most read posts' }).getByRole('listitem').first()).toContainText(/\d+ views?$/);

  // Today's bar stands and the text alternative counts the reader.
  const chart = page.getByRole('img', { name: /^Readers per day, last 30 days: \d+ in total/ });
  await expect(chart).toBeVisible();
  const today = new Date().toISOString().slice(0, 10);
  const todayBar = chart.locator(`rect[data-day="${today}"]`);
  await expect(todayBar).toHaveCount(1);
  expect(Number(await todayBar.getAttribute('data-views'))).toBeGreaterThan(0);
  expect(Number(await todayBar.getAttribute('height'))).toBeGreaterThan(0);
  expect(await chart.locator('rect').count()).toBe(30);
  await expect(chart).not.toHaveAccessibleName(/: 0 in total/);
  await page.getByText('Readers per day as a table').click();
  const table = page.getByRole('table', { name: 'Readers per day' });
  // Newest first: the row after the header is today.
  const todayRow = table.getByRole('row').nth(1);
  await expect(todayRow.getByRole('cell').nth(1)).toHaveText(/^[1-9]\d*$/);
  await noSidewaysScroll(page, '/admin with the table open');

  await held.click();
  await expect(page).toHaveURL(/\/admin\/comments\?status=held$/);
  await expect(page.getByRole('tab', { name: 'Held' })).toHaveAttribute('aria-selected', 'true');
});

test('posts: filter by status, search, edit link, and delete with confirmation', async ({ page, request }) => {
  const word = `Zebrafinch${Date.now()}`;
  const published = await createPost(request, { title: `${word} published` });
  const draft = await createPost(request, { title: `${word} draft`, published: false });

  await unlockEditor(page, '/admin/posts');
  await expect(page.getByRole('heading', { level: 1, name: 'Posts' })).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText(['Title', 'Status', 'Updated', 'Views', 'Comments', 'Actions']);

  await page.getByRole('searchbox', { name: 'Search posts' }).fill(word);
  const publishedRow = table.getByRole('row').filter({ hasText: published.title });
  const draftRow = table.getByRole('row').filter({ hasText: draft.title });
  await expect(publishedRow).toHaveCount(1);
  await expect(draftRow).toHaveCount(1);
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(publishedRow.getByText('Published', { exact: true })).toBeVisible();
  await expect(draftRow.getByText('Draft', { exact: true })).toBeVisible();
  await expect(draftRow.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/edit/${draft.id}`);

  const filters = page.getByRole('group', { name: 'Status' });
  await filters.getByRole('button', { name: 'Draft' }).click();
  await expect(filters.getByRole('button', { name: 'Draft' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/\?status=draft$/);
  await expect(draftRow).toHaveCount(1);
  await expect(publishedRow).toHaveCount(0);
  await filters.getByRole('button', { name: 'Published' }).click();
  await expect(publishedRow).toHaveCount(1);
  await expect(draftRow).toHaveCount(0);
  await filters.getByRole('button', { name: 'Scheduled' }).click();
  await expect(page.getByText(`No posts found for "${word}".`)).toBeVisible();
  await filters.getByRole('button', { name: 'All' }).click();
  await expect(table.getByRole('row')).toHaveCount(3);
  await noSidewaysScroll(page, '/admin/posts');

  // Cancel keeps the post; Delete removes it and its row.
  await publishedRow.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this post?' });
  await expect(dialog).toContainText(published.title);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(publishedRow).toHaveCount(1);
  await publishedRow.getByRole('button', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Post deleted', { exact: true })).toBeVisible();
  await expect(publishedRow).toHaveCount(0);
  await expect(draftRow).toHaveCount(1);
  expect((await request.get(`/api/blog-posts/${published.slug}`)).status()).toBe(404);

  await draftRow.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`/edit/${draft.id}$`));
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(draft.title);
});

test('on a phone the publish switch and Save Draft stay in view with the text box full', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await unlockEditor(page, '/write');
  await page.getByLabel('Title', { exact: true }).fill('A long one');
  const content = page.getByLabel('Content', { exact: true });
  await content.fill(Array.from({ length: 120 }, (_, i) => `Line ${i + 1} of a long post.`).join('\n'));
  // Writing at the end of it, far below the top of the page.
  await content.press('Control+End');
  await content.evaluate((element) => element.scrollIntoView({ block: 'end' }));
  await expect(page.getByRole('switch', { name: 'Publish immediately' })).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Save Draft' })).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Preview Post' })).toBeInViewport();
  // The bar leaves the last of the page reachable: nothing sits under it for good.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const bar = await page.locator('.save-bar').boundingBox();
  // The last thing on the page: the post's statistics, under Import Content.
  const lastField = await page.locator('section[aria-labelledby="post-stats"]').boundingBox();
  expect(lastField!.y + lastField!.height).toBeLessThanOrEqual(bar!.y);
});
