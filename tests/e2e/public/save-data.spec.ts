import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { createPost, expect, test, uploadJpeg } from '../fixtures.ts';

// DESIGN.md "readers on metered data": with `Save-Data: on` (a browser's data-saver mode) pages
// come with no script at all and images no wider than their 480 px copy, and still read whole.
test.use({ extraHTTPHeaders: { 'Save-Data': 'on' } });

/** A photo-like JPEG wide enough to have 960 and 1600 px copies, uploaded as the editor does. */
async function uploadPhoto(request: APIRequestContext): Promise<string> {
  const [width, height] = [1800, 900];
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    pixels[i * 3] = (i % width) % 256;
    pixels[i * 3 + 1] = Math.floor(i / width) % 256;
    pixels[i * 3 + 2] = 128;
  }
  const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
  return uploadJpeg(request, jpeg);
}

/** Every script the page asks for, whatever loads it. */
function watchScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  return scripts;
}

test('/, /blog and /cv come without a single script and still read', async ({ page }) => {
  const scripts = watchScripts(page);
  for (const url of ['/', '/blog', '/cv']) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 }), url).toBeVisible();
    await expect(page.locator('script'), url).toHaveCount(0);
    // Styled still: the stylesheet is no script.
    await expect(page.locator('link[rel="stylesheet"]').first(), url).toBeAttached();
  }
  expect(scripts).toEqual([]);
});

test('View My Work still goes to the partnerships without script', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'View My Work' }).click();
  await expect(page).toHaveURL(/#partnerships$/);
  await expect(page.getByRole('heading', { name: 'Partnerships' })).toBeInViewport();
});

test('a post reads whole, with no script, its images from their 480 px copy', async ({ page, request }) => {
  const image = await uploadPhoto(request);
  const post = await createPost(request, {
    title: `Light pictures ${Date.now()}`,
    content: `## The club\n\nWe met on Saturday.\n\n![The club at work](${image})\n\nThe last paragraph.`,
    featuredImage: image,
  });
  const scripts = watchScripts(page);
  await page.goto(`/blog/${post.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'The club' })).toBeVisible();
  await expect(page.getByText('The last paragraph.')).toBeVisible();
  await expect(page.locator('script')).toHaveCount(0);

  for (const name of [post.title, 'The club at work']) {
    const shown = page.getByRole('img', { name, exact: true });
    await shown.scrollIntoViewIfNeeded();
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(480);
    expect(await shown.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/480\.webp$/);
  }
  expect(scripts).toEqual([]);
});
