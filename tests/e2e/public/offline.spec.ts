import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { adminApi, createPost, expect, test, uploadJpeg } from '../fixtures.ts';

// DESIGN.md "Offline reading": `Save for offline` keeps a post, its styles and scripts and its
// images' smallest copies in the browser; a service worker, registered by the first save, serves
// them with the network off, `/saved` lists them, and any other page says the reader is offline.

/** A JPEG wide enough to have a 960 px copy, which a desktop picks from the srcset online. */
async function uploadPhoto(request: APIRequestContext): Promise<string> {
  const [width, height] = [1200, 630];
  const jpeg = await sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .jpeg({ quality: 70 })
    .toBuffer();
  return uploadJpeg(request, jpeg);
}

const registrations = (page: Page) => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length);

/** The islands of a reading page answer clicks once hydrated: the save button shows only then. */
async function saveButton(page: Page, name: string) {
  const button = page.getByRole('button', { name });
  await expect(button).toBeVisible();
  return button;
}

async function offline(context: BrowserContext, page: Page, url: string) {
  await context.setOffline(true);
  return page.goto(url);
}

test('nothing registers a service worker before the first save; a post saved from its page reads offline', async ({
  page,
  context,
  request,
}) => {
  const cover = await uploadPhoto(request);
  const post = await createPost(request, {
    title: `Offline field notes ${Date.now()}`,
    content: '## On the bus\n\nThe whole article, kept for the ride home.',
    featuredImage: cover,
  });
  for (const url of ['/', '/blog', '/saved', `/blog/${post.slug}`]) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 }).first(), url).toBeVisible();
  }
  await saveButton(page, 'Save for offline');
  expect(await registrations(page)).toBe(0);

  await page.getByRole('button', { name: 'Save for offline' }).click();
  await expect(page.getByRole('button', { name: 'Saved for offline' })).toBeVisible();
  await expect(page.getByText('It opens without a connection; your saved posts are listed at /saved.')).toBeVisible();
  expect(await registrations(page)).toBe(1);

  await offline(context, page, `/blog/${post.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
  await expect(page.getByText('The whole article, kept for the ride home.')).toBeVisible();
  // Styled, its cover shown; what the worker serves is kept: the stylesheet, the cover's 480 px copy.
  await expect(page.getByRole('heading', { level: 1, name: post.title })).toHaveCSS('font-weight', '700');
  const coverImage = page.getByRole('img', { name: post.title });
  await expect.poll(() => coverImage.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  const kept = await page.evaluate(async () =>
    (await (await caches.open('folio-offline-v1')).keys()).map((request) => new URL(request.url).pathname),
  );
  expect(kept).toEqual(expect.arrayContaining([`/blog/${post.slug}`, '/saved', `${cover}/480.webp`]));
  expect(kept.some((path) => /^\/assets\/.+\.css$/.test(path))).toBe(true);
  expect(kept.filter((path) => path.startsWith(cover))).toEqual([`${cover}/480.webp`]);
  // The kept page's script runs: its island knows the post is saved.
  await expect(page.getByRole('button', { name: 'Saved for offline' })).toBeVisible();

  await page.goto('/saved');
  await expect(page.getByRole('heading', { level: 1, name: 'Saved for offline' })).toBeVisible();
  await expect(page.getByRole('link', { name: post.title })).toHaveAttribute('href', `/blog/${post.slug}`);
  await expect(page.getByRole('listitem').filter({ hasText: post.title })).toContainText('Saved ');

  const response = await page.goto('/cv');
  expect(response?.status()).toBe(503);
  await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
  await page.getByRole('link', { name: 'Your saved posts' }).click();
  await expect(page).toHaveURL(/\/saved$/);

  // Remove works offline too, and the post is no longer kept.
  await page.getByRole('button', { name: `Remove ${post.title}` }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(`Removed “${post.title}”.`);
  await expect(page.getByText('No posts saved yet.')).toBeVisible();
  await page.goto(`/blog/${post.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
});

test('Save for offline on a blog card keeps the post, and a newer version replaces it when online', async ({
  page,
  context,
  request,
}) => {
  const post = await createPost(request, { title: `Card saved ${Date.now()}`, content: 'The first version of the body.' });
  await page.goto('/blog');
  const card = page.getByRole('article').filter({ hasText: post.title });
  await (await saveButton(page, `Save for offline: ${post.title}`)).click();
  await expect(card.getByRole('button', { name: `Saved for offline: ${post.title}` })).toBeVisible();
  expect(await registrations(page)).toBe(1);

  // Online, the reader opens it again after the author changed it: the kept copy is the new one.
  const api = await adminApi(request);
  const updated = await api.put(`/api/blog-posts/${post.id}`, {
    data: { title: post.title, slug: post.slug, content: 'The second version of the body.', tags: [], published: true },
  });
  expect(updated.status(), await updated.text()).toBe(200);
  await page.goto(`/blog/${post.slug}`);
  await expect(page.getByText('The second version of the body.')).toBeVisible();
  const keptBody = () =>
    page.evaluate(async (path) => (await (await caches.open('folio-offline-v1')).match(path))?.text(), `/blog/${post.slug}`);
  await expect.poll(keptBody, { timeout: 15_000 }).toContain('The second version of the body.');

  await offline(context, page, `/blog/${post.slug}`);
  await expect(page.getByText('The second version of the body.')).toBeVisible();
  await page.goto('/saved');
  await expect(page.getByRole('link', { name: post.title })).toBeVisible();

  // Back online, pressing the saved button again removes the post.
  await context.setOffline(false);
  await page.goto(`/blog/${post.slug}`);
  await (await saveButton(page, 'Saved for offline')).click();
  await expect(page.getByRole('button', { name: 'Save for offline' })).toBeVisible();
  await page.goto('/saved');
  await expect(page.getByText('No posts saved yet.')).toBeVisible();
});
