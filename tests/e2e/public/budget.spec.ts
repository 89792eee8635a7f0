import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { createPost, expect, test } from '../fixtures.ts';

/** The bar: the script a post page loads on a first visit, gzip. */
const POST_PAGE_BUDGET_KB = 80;

const BODY = `# Field notes

Students build a web page in the first week and a quiz game in the second.

| Week | Project |
|---|---|
| 1 | Web page |

\`\`\`js
const greet = (name) => \`Hello, \${name}!\`;
\`\`\`

- [x] laptops shared in pairs
- [ ] mentors from local companies
`;

/** Every island of the page has become a React root. */
const islandsHydrated = (page: Page) =>
  page.evaluate(() => {
    const islands = [...document.querySelectorAll('[data-island]')];
    return islands.length > 0 && islands.every((el) => Object.keys(el).some((key) => key.startsWith('__reactContainer')));
  });

test('a first visit of a post page loads at most 80 KB of JavaScript (gzip), and the page works', async ({
  page,
  context,
  request,
}) => {
  const post = await createPost(request, { title: `Budget ${Date.now()}`, content: BODY, tags: ['Digital Literacy'] });
  const scripts: Promise<{ name: string; size: number }>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' || new URL(response.url()).pathname.endsWith('.js')) {
      const name = new URL(response.url()).pathname;
      scripts.push(response.body().then((body) => ({ name, size: gzipSync(body).length })));
    }
  });
  await page.goto(`/blog/${post.slug}`);
  await page.waitForLoadState('networkidle');
  await expect.poll(() => islandsHydrated(page)).toBe(true);
  const loaded = await Promise.all(scripts);
  page.removeAllListeners('response');
  const totalKb = loaded.reduce((sum, script) => sum + script.size, 0) / 1024;
  const detail = loaded.map((script) => `${script.name} ${(script.size / 1024).toFixed(1)}`).join(', ');
  expect(totalKb, `${totalKb.toFixed(1)} KB gzip: ${detail}`).toBeLessThanOrEqual(POST_PAGE_BUDGET_KB);
  // Only the interactive parts hydrate: the article itself stays the server's HTML.
  expect(await page.locator('.markdown').evaluate((el) => el.closest('[data-island]'))).toBeNull();

  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy Link' }).click();
  await expect(page.getByText('Link copied!', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${new URL(page.url()).origin}/blog/${post.slug}`);

  await page.getByLabel('Name *').fill('Budget Reader');
  await page.getByLabel('Email *').fill('budget@example.com');
  await page.getByLabel('Comment *').fill('Fast page, thanks.');
  await page.getByRole('button', { name: 'Post Comment' }).click();
  await expect(page.getByText('Your comment has been added successfully.')).toBeVisible();
  const comments = page.getByRole('region', { name: /Comments/ }).getByRole('listitem');
  await expect(comments).toHaveCount(1);
  await expect(comments.first()).toContainText('Fast page, thanks.');
});

test('what a visitor types before the page has its script is kept, and sent', async ({ page }) => {
  // A slow network: the page is there, its script still on its way.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/cv', { waitUntil: 'commit' });
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByPlaceholder('Your Name *').fill('Early Typist');
  release();
  await expect.poll(() => islandsHydrated(page)).toBe(true);

  await form.getByPlaceholder('Your Email *').fill('early@example.com');
  await form.getByPlaceholder('Your Message *').fill('Typed while the script was on its way');
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/contact') && r.method() === 'POST');
  await form.getByRole('button', { name: 'Send Message' }).click();
  expect((await sent).postDataJSON()).toMatchObject({ name: 'Early Typist', email: 'early@example.com' });
  await expect(page.getByText('Message Sent!', { exact: true })).toBeVisible();
  await expect(form.getByPlaceholder('Your Name *')).toHaveValue('');
});
