import { expect, test } from '../fixtures.ts';
import { unlockEditor } from './admin-support.ts';
import { adminNav, sendMessage, unique, unreadInNav } from './back-office-support.ts';

test('opening a message marks it read and the unread count drops; it can be marked unread, answered and deleted', async ({
  page,
  request,
}) => {
  const subject = unique('Workshop & Q#A');
  await sendMessage(request, { name: 'Mary Seacole', email: 'mary@example.com', subject, message: 'Line one.\nLine two.' });

  await unlockEditor(page, '/admin/messages');
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  const item = page.getByRole('article').filter({ hasText: subject });
  await expect(item.getByText('New', { exact: true })).toBeVisible();
  await expect.poll(() => unreadInNav(page)).toBeGreaterThan(0);
  const unread = await unreadInNav(page);
  await expect(adminNav(page).getByRole('link', { name: `Messages ${unread} unread`, exact: true })).toBeVisible();
  // The newest message is at the top.
  await expect(page.getByRole('article').first()).toContainText(subject);

  const opener = item.getByRole('button', { name: subject });
  await expect(opener).toHaveAttribute('aria-expanded', 'false');
  await opener.click();
  await expect(opener).toHaveAttribute('aria-expanded', 'true');
  await expect(item).toContainText('Line one.');
  await expect(item).toContainText('mary@example.com');
  await expect(item.getByText('New', { exact: true })).toHaveCount(0);
  await expect.poll(() => unreadInNav(page)).toBe(unread - 1);
  await expect(item.getByRole('link', { name: 'Reply' })).toHaveAttribute(
    'href',
    `mailto:mary@example.com?subject=${encodeURIComponent(`Re: ${subject}`)}`,
  );

  await item.getByRole('button', { name: 'Mark as unread' }).click();
  await expect(item.getByText('New', { exact: true })).toBeVisible();
  await expect.poll(() => unreadInNav(page)).toBe(unread);

  await opener.click();
  await item.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete this message?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Message deleted', { exact: true })).toBeVisible();
  await expect(item).toHaveCount(0);
  await expect.poll(() => unreadInNav(page)).toBe(unread - 1);
});

test('a message without a subject is answered with "Re: Your message"; Unread shows only unread ones', async ({
  page,
  request,
}) => {
  const name = unique('Nameless');
  await sendMessage(request, { name, message: 'A question without a subject.' });
  await unlockEditor(page, '/admin/messages?unread=true');
  const filters = page.getByRole('group', { name: 'Show' });
  await expect(filters.getByRole('button', { name: 'Unread' })).toHaveAttribute('aria-pressed', 'true');
  const item = page.getByRole('article', { name: `Message from ${name}: (no subject)` });
  await item.getByRole('button', { name }).click();
  await expect(item).toContainText('A question without a subject.');
  await expect(item.getByRole('link', { name: 'Reply' })).toHaveAttribute(
    'href',
    'mailto:ada@example.com?subject=Re%3A%20Your%20message',
  );
  // Read now: the next look at Unread leaves it out, All still has it.
  const listed = page.waitForResponse((r) => r.url().includes('/api/admin/messages?unread=true'));
  await page.reload();
  await listed;
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await expect(page.getByText('Loading messages...')).toHaveCount(0);
  await expect(item).toHaveCount(0);
  await filters.getByRole('button', { name: 'All messages' }).click();
  await expect(item).toBeVisible();
  await expect(adminNav(page)).toBeVisible();
});

test('Load more brings the older messages', async ({ page, request }) => {
  const batch = unique('Batch');
  for (let i = 0; i < 21; i++) await sendMessage(request, { subject: `${batch} #${i}`, message: `Message ${i}` });
  await unlockEditor(page, '/admin/messages');
  const items = page.getByRole('article');
  await expect(items).toHaveCount(20);
  await expect(items.first()).toContainText(`${batch} #20`);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(page.getByRole('article').filter({ hasText: `${batch} #0` })).toBeVisible();
  expect(await items.count()).toBeGreaterThan(20);
});
