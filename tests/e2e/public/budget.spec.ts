import type { Page, Response } from '@playwright/test';
import { createPost, expect, islandsHydrated, test } from '../fixtures.ts';

/** DESIGN.md "readers on metered data": a first visit, before images, compressed, headers included. */
const FIRST_VISIT_BUDGET_KB = 50;

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

/**
 * Visits `path` with an empty cache and answers what crossed the wire for it, images left out: each
 * response's headers and encoded body as the browser counted them.
 */
async function firstVisit(page: Page, path: string) {
  const responses: Response[] = [];
  const onResponse = (response: Response) => {
    if (response.request().resourceType() !== 'image') responses.push(response);
  };
  page.on('response', onResponse);
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  const sizes = await Promise.all(
    responses.map(async (response) => {
      const { responseHeadersSize, responseBodySize } = await response.request().sizes();
      return { name: new URL(response.url()).pathname, bytes: responseHeadersSize + responseBodySize };
    }),
  );
  const kb = sizes.reduce((sum, item) => sum + item.bytes, 0) / 1024;
  return { kb, detail: sizes.map((item) => `${item.name} ${(item.bytes / 1024).toFixed(1)}`).join(', ') };
}

test('a first visit of /, /cv, /blog, a later blog page and a post transfers at most 50 KB before images', async ({
  browser,
  request,
}) => {
  const post = await createPost(request, { title: `Budget ${Date.now()}`, content: BODY, tags: ['Digital Literacy'] });
  // A second page of the blog exists: more posts than one page holds.
  for (let i = 0; i < 6; i++) await createPost(request, { title: `Budget filler ${i} ${Date.now()}` });
  for (const path of ['/', '/cv', '/blog', '/blog?page=2', `/blog/${post.slug}`]) {
    // A new context for each: an empty cache, as a first visit has.
    const context = await browser.newContext();
    const page = await context.newPage();
    const { kb, detail } = await firstVisit(page, path);
    expect(kb, `${path}: ${kb.toFixed(1)} KB: ${detail}`).toBeLessThanOrEqual(FIRST_VISIT_BUDGET_KB);
    // React and the islands stay on the server until the reader reaches for one.
    expect(await islandsHydrated(page), path).toBe(false);
    await context.close();
  }
});

test('the post page works once used: Copy Link, the comment form, and a share window, all from a first visit', async ({
  page,
  context,
  request,
}) => {
  const post = await createPost(request, { title: `Used ${Date.now()}`, content: BODY, tags: ['Digital Literacy'] });
  await page.goto(`/blog/${post.slug}`);
  await page.waitForLoadState('networkidle');
  expect(await islandsHydrated(page)).toBe(false);
  // Only the interactive parts hydrate, when first used: the article stays the server's HTML.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy Link' }).click();
  await expect(page.getByText('Link copied!', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${new URL(page.url()).origin}/blog/${post.slug}`);
  await expect.poll(() => islandsHydrated(page)).toBe(true);
  expect(await page.locator('.markdown').evaluate((el) => el.closest('[data-island]'))).toBeNull();

  await context.route(/twitter\.com/, (route) => route.fulfill({ contentType: 'text/html', body: '<title>share</title>' }));
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Share on X' }).click();
  expect(decodeURIComponent((await popup).url())).toContain(`/blog/${post.slug}`);

  await page.getByLabel('Name *').fill('Budget Reader');
  await page.getByLabel('Email *').fill('budget@example.com');
  await page.getByLabel('Comment *').fill('Fast page, thanks.');
  await page.getByRole('button', { name: 'Post Comment' }).click();
  await expect(page.getByText('Your comment has been added successfully.')).toBeVisible();
  const comments = page.getByRole('region', { name: /Comments/ }).getByRole('listitem');
  await expect(comments).toHaveCount(1);
  await expect(comments.first()).toContainText('Fast page, thanks.');
});

test("an empty comment sent before the page's islands arrived gets SPEC.md's toast, not a page load", async ({
  page,
  request,
}) => {
  const post = await createPost(request, { title: `Early send ${Date.now()}` });
  await page.goto(`/blog/${post.slug}`);
  await page.waitForLoadState('networkidle');
  const url = page.url();
  // The first use of the page: a click on Post Comment with nothing filled in. The click is held
  // until the islands answer, then handed to them.
  await page.getByRole('button', { name: 'Post Comment' }).click();
  await expect(page.getByText('Please fill in all fields.')).toBeVisible();
  expect(page.url()).toBe(url);
});

test('what a visitor types before the page has its script is kept, and sent', async ({ page }) => {
  // A slow network: the page is there, the islands' script still on its way.
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

test('a search typed before the list hydrates is searched once it does', async ({ page, request }) => {
  const term = `quokka${Date.now().toString(36)}`;
  const post = await createPost(request, { title: `Sightings of ${term}` });
  await createPost(request, { title: `Unrelated note ${Date.now()}` });
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.goto('/blog');
  await page.waitForLoadState('networkidle');
  // The islands' script is held on its way: the whole term is typed before the list can hear it.
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByPlaceholder('Search articles...').fill(term);
  release();
  await expect(page.getByText(`Found 1 results for "${term}"`)).toBeVisible();
  await expect(page.getByRole('link', { name: post.title, exact: true })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${term}`));
});
