import { createPost, expect, test } from '../fixtures.ts';
import { unlockEditor } from './admin-support.ts';
import { adminNav, LINKY, postComment, unique } from './back-office-support.ts';

test('a comment with three links is held: the form says so and the post does not show it', async ({ page, request }) => {
  const post = await createPost(request, { title: unique('Held form') });
  await page.goto(`/blog/${post.slug}`);
  await expect(page.getByText('No comments yet. Be the first to share your thoughts!')).toBeVisible();
  await page.getByLabel('Name *').fill('Link Sharer');
  await page.getByLabel('Email *').fill('links@example.com');
  await page.getByLabel('Comment *').fill(`Useful reading: ${LINKY}`);
  await page.getByRole('button', { name: 'Post Comment' }).click();
  await expect(page.getByText('Comment posted!', { exact: true })).toBeVisible();
  await expect(page.getByText('Your comment is awaiting moderation.')).toBeVisible();
  await expect(page.getByText('Your comment has been added successfully.')).toHaveCount(0);
  await expect(page.getByLabel('Comment *')).toHaveValue('');
  await expect(page.getByRole('heading', { name: 'Comments (0)' })).toBeVisible();
  await expect(page.getByText('No comments yet. Be the first to share your thoughts!')).toBeVisible();
});

test('approving a held comment publishes it on its post and updates the counts', async ({ page, request }) => {
  const post = await createPost(request, { title: unique('Approve') });
  const text = unique('Held thoughts');
  const held = await postComment(request, post.id, { author: 'Held Author', content: `${text} ${LINKY}` });
  expect(held.status).toBe('held');
  expect(await (await request.get(`/api/blog-posts/${post.id}/comments`)).json()).toEqual([]);

  await unlockEditor(page, '/admin/comments');
  await expect(page.getByRole('heading', { level: 1, name: 'Comments' })).toBeVisible();
  const heldTab = page.getByRole('tab', { name: 'Held' });
  await expect(heldTab).toHaveAttribute('aria-selected', 'true');
  await expect(heldTab).toHaveText(/^Held\d+$/);
  const countBefore = Number(await heldTab.textContent().then((t) => t?.replace(/\D/g, '')));
  expect(countBefore).toBeGreaterThan(0);

  const comment = page.getByRole('article').filter({ hasText: text });
  await expect(comment).toContainText('Held Author');
  await expect(comment).toContainText('grace@example.com');
  await expect(comment.getByRole('link', { name: post.title })).toHaveAttribute('href', `/blog/${post.slug}`);
  await expect(comment.getByRole('button', { name: 'Mark as spam' })).toBeVisible();
  await comment.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Comment approved', { exact: true })).toBeVisible();
  await expect(comment).toHaveCount(0);
  await expect(heldTab).toHaveText(`Held${countBefore - 1}`);

  await page.getByRole('tab', { name: 'Published' }).click();
  await expect(page).toHaveURL(/\?status=published$/);
  const published = page.getByRole('article').filter({ hasText: text });
  await expect(published).toBeVisible();
  await expect(published.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  await published.getByRole('link', { name: post.title }).click();
  await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: /Comments/ })
      .getByRole('listitem')
      .filter({ hasText: text }),
  ).toBeVisible();
  await page.reload();
  await expect(
    page
      .getByRole('region', { name: /Comments/ })
      .getByRole('listitem')
      .filter({ hasText: text }),
  ).toBeVisible();
});

test('a published comment marked as spam leaves the post; deleting it asks first', async ({ page, request }) => {
  const post = await createPost(request, { title: unique('Spam') });
  const text = unique('Buy cheap things');
  expect((await postComment(request, post.id, { author: 'Spammer', content: text })).status).toBe('published');
  await page.goto(`/blog/${post.slug}`);
  await expect(page.getByText(text)).toBeVisible();

  await unlockEditor(page, '/admin/comments?status=published');
  await expect(page.getByRole('tab', { name: 'Published' })).toHaveAttribute('aria-selected', 'true');
  const comment = page.getByRole('article').filter({ hasText: text });
  await comment.getByRole('button', { name: 'Mark as spam' }).click();
  await expect(page.getByText('Marked as spam', { exact: true })).toBeVisible();
  await expect(comment).toHaveCount(0);

  await page.goto(`/blog/${post.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
  await expect(page.getByText(text)).toHaveCount(0);

  await page.goto('/admin/comments?status=spam');
  const spam = page.getByRole('article').filter({ hasText: text });
  await expect(spam.getByRole('button', { name: 'Mark as spam' })).toHaveCount(0);
  await expect(spam.getByRole('button', { name: 'Approve' })).toBeVisible();
  await spam.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this comment?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(spam).toBeVisible();
  await spam.getByRole('button', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Comment deleted', { exact: true })).toBeVisible();
  await expect(spam).toHaveCount(0);
  await expect(adminNav(page)).toBeVisible();
});

test('comment text is shown as text, never as HTML', async ({ page, request }) => {
  const post = await createPost(request, { title: unique('Markup') });
  const text = `<img src=x onerror="window.__pwned=1"><b>${unique('bold')}</b> ${LINKY}`;
  await postComment(request, post.id, { content: text });
  await unlockEditor(page, '/admin/comments');
  await expect(page.getByRole('article').filter({ hasText: text })).toBeVisible();
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
});
