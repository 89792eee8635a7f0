import { E2E_ADMIN_PASSWORD } from '../../../playwright.config.ts';
import { expect, test } from '../fixtures.ts';
import { FLAG_KEY, TIME_KEY, unlockEditor } from './admin-support.ts';

test('the gate shows its screen, toggles the password, refuses a wrong password and lets the right one in', async ({ page }) => {
  await page.goto('/write');
  await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
  await expect(page.getByText('Enter the admin password to access the blog editor')).toBeVisible();
  const password = page.getByLabel('Password', { exact: true });
  await expect(password).toHaveAttribute('required', '');
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide password' }).click();
  await expect(password).toHaveAttribute('type', 'password');

  await password.fill('not the password');
  await page.getByRole('button', { name: 'Access Admin Panel' }).click();
  await expect(page.getByText('Access denied')).toBeVisible();
  await expect(page.getByText('Invalid password. Please try again.')).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), FLAG_KEY)).toBeNull();

  // The busy label while the server checks the password.
  await page.route('**/api/admin/verify', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  await password.fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Access Admin Panel' }).click();
  await expect(page.getByRole('button', { name: 'Verifying...' })).toBeDisabled();
  await expect(page.getByText('Access granted')).toBeVisible();
  await expect(page.getByText('Welcome to the blog admin panel.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Write New Post' })).toBeVisible();
  const [flag, time] = await page.evaluate(
    ([f, t]) => [localStorage.getItem(f!), localStorage.getItem(t!)],
    [FLAG_KEY, TIME_KEY],
  );
  expect(flag).toBe('true');
  expect(Math.abs(Date.now() - Number(time))).toBeLessThan(60_000);
});

test('a network failure while verifying says so', async ({ page }) => {
  await page.goto('/write');
  await page.route('**/api/admin/verify', (route) => route.abort('connectionrefused'));
  await page.getByLabel('Password', { exact: true }).fill('anything');
  await page.getByRole('button', { name: 'Access Admin Panel' }).click();
  await expect(page.getByText('Failed to verify password. Please try again.')).toBeVisible();
});

test('a session older than 4 hours is forgotten and the gate stays locked', async ({ page }) => {
  await page.addInitScript(
    ([f, t]) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem(f!, 'true');
        localStorage.setItem(t!, String(Date.now() - 4 * 60 * 60 * 1000 - 1000));
        sessionStorage.setItem('seeded', '1');
      }
    },
    [FLAG_KEY, TIME_KEY],
  );
  await page.goto('/write');
  await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
  expect(await page.evaluate(([f, t]) => [localStorage.getItem(f!), localStorage.getItem(t!)], [FLAG_KEY, TIME_KEY])).toEqual([
    null,
    null,
  ]);
});

test('a fresh stored session is restored after a reload, and logout clears it here and on the server', async ({ page }) => {
  await unlockEditor(page);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Write New Post' })).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('You have been logged out from the admin panel.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
  expect(await page.evaluate(([f, t]) => [localStorage.getItem(f!), localStorage.getItem(t!)], [FLAG_KEY, TIME_KEY])).toEqual([
    null,
    null,
  ]);
  const session = await page.request.get('/api/admin/session');
  expect(await session.json()).toEqual({ authenticated: false });
});

test('a stored flag without a server session (any 401) shows the gate again', async ({ page }) => {
  await page.addInitScript(
    ([f, t]) => {
      localStorage.setItem(f!, 'true');
      localStorage.setItem(t!, String(Date.now()));
    },
    [FLAG_KEY, TIME_KEY],
  );
  await page.goto('/write');
  await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
});

test('the blog list shows the admin toolbar, drafts view and edit buttons only to the admin', async ({ page, request }) => {
  const api = request;
  await api.post('/api/admin/verify', { data: { password: E2E_ADMIN_PASSWORD } });
  const unique = `Draftonly${Date.now()}`;
  const draft = await (
    await api.post('/api/blog-posts', { data: { title: `${unique} draft`, content: 'Draft body', tags: [], published: false } })
  ).json();

  await page.goto('/blog');
  await expect(page.getByRole('heading', { name: 'EdTech Dialogue' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Drafts \(/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'New Post' })).toHaveCount(0);

  await unlockEditor(page);
  await page.goto('/blog');
  const draftsButton = page.getByRole('button', { name: /^Drafts \(\d+\)$/ });
  await expect(draftsButton).toBeVisible();
  await expect(page.getByRole('link', { name: 'New Post' })).toHaveAttribute('href', '/write');
  await draftsButton.click();
  await expect(page.getByRole('heading', { name: 'Draft Articles' })).toBeVisible();
  await expect(
    page.getByText('Unpublished articles and work-in-progress content. These are only visible to admin users.'),
  ).toBeVisible();
  await expect(page.getByText(/^Showing \d+ draft\(s\)$/)).toBeVisible();
  await expect(page.getByRole('group', { name: 'Categories' })).toHaveCount(0);
  await page.getByRole('searchbox').fill(unique);
  await expect(page.getByRole('link', { name: `${unique} draft`, exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: `Edit ${unique} draft` })).toHaveAttribute('href', `/edit/${draft.id}`);
  await expect(page.getByRole('button', { name: /^Published Posts \(\d+\)$/ })).toBeVisible();

  // The flag is re-checked every second: an expired timestamp drops the admin view without a reload.
  await page.evaluate((t) => localStorage.setItem(t, String(Date.now() - 5 * 60 * 60 * 1000)), 'blog_admin_auth_time');
  await expect(page.getByRole('heading', { name: 'EdTech Dialogue' })).toBeVisible({ timeout: 3000 });
  await expect(page.getByRole('link', { name: 'New Post' })).toHaveCount(0);
});
