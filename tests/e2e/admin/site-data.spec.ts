import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { wxr } from '../../../src/server/services/site-data/imports/__fixtures__/wxr.ts';
import { createPost, expect, test, watchConsole } from '../fixtures.ts';
import { unlockEditor } from './admin-support.ts';
import { adminNav, noSidewaysScroll, unique } from './back-office-support.ts';

const WORDPRESS_EXPORT = new URL('../fixtures/wordpress-export.xml', import.meta.url);

/** The number a dashboard count card shows ("12Published posts" as the link's text). */
async function countOf(card: Locator): Promise<number> {
  await expect(card).toHaveText(/^\d+/);
  return Number(/^\d+/.exec((await card.textContent()) ?? '')![0]);
}

const countCard = (page: Page, label: string) => page.getByRole('link', { name: new RegExp(`^\\d+ ?${label}$`) });

test('Download backup saves the whole site as a zip holding its manifest', async ({ page, request }) => {
  await createPost(request, { title: unique('Backed up') });
  await unlockEditor(page, '/admin');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download backup' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  // Entry names sit uncompressed in the zip's central directory.
  expect(bytes.includes('manifest.json')).toBe(true);
  expect(bytes.includes('posts/')).toBe(true);
});

test('importing a WordPress export shows the upload and what came in; the posts reach the back office and readers see the published one', async ({
  page,
  browser,
}) => {
  // The fixture's words and guids made unique, so that this run's import creates its own two posts.
  const run = Date.now().toString(36);
  const xml = (await readFile(WORDPRESS_EXPORT, 'utf8')).replace(/quokka/gi, (word) => `${word}${run}`);
  const word = `Quokka${run}`;
  const publishedTitle = `${word} count on Rottnest Island, spring survey`;
  const draftTitle = `${word} survey methods, a draft`;

  const problems = watchConsole(page);
  await unlockEditor(page, '/admin');
  const published = countCard(page, 'Published posts');
  const drafts = countCard(page, 'Drafts');
  const [publishedBefore, draftsBefore] = [await countOf(published), await countOf(drafts)];

  // The answer waits until the bar has been seen; a small file is otherwise up in an instant.
  let release = () => {};
  const answered = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/admin/import', async (route) => {
    await answered;
    await route.continue();
  });

  await page
    .getByLabel('File to import')
    .setInputFiles({ name: 'wordpress-export.xml', mimeType: 'text/xml', buffer: Buffer.from(xml) });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const bar = page.getByRole('progressbar', { name: 'Uploading wordpress-export.xml' });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('max', String(Buffer.byteLength(xml)));
  release();

  const summary = page.getByRole('region', { name: 'Your data' }).getByRole('status');
  await expect(summary).toContainText('From wordpress-export.xml, a WordPress export');
  await expect(summary).toContainText('Imported 2 posts, 1 comment, 0 uploads; 0 skipped.');
  await expect(bar).toHaveCount(0);
  // The counts on screen follow the import without a reload.
  await expect(published).toHaveText(new RegExp(`^${publishedBefore + 1}\\D`));
  await expect(drafts).toHaveText(new RegExp(`^${draftsBefore + 1}\\D`));

  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  await noSidewaysScroll(page, '/admin after an import');

  await adminNav(page).getByRole('link', { name: 'Posts' }).click();
  await page.getByRole('searchbox', { name: 'Search posts' }).fill(word);
  const table = page.getByRole('table', { name: 'Posts' });
  await expect(table.getByRole('row').filter({ hasText: publishedTitle })).toContainText('Published');
  await expect(table.getByRole('row').filter({ hasText: draftTitle })).toContainText('Draft');

  const visitor = await browser.newContext();
  const reader = await visitor.newPage();
  await reader.goto(`/blog?q=${word}`);
  await expect(reader.getByRole('article', { name: publishedTitle })).toBeVisible();
  await expect(reader.getByText(draftTitle)).toHaveCount(0);
  await visitor.close();
  expect(problems).toEqual([]);
});

test('a file the server refuses shows its reason, and an ended session locks the back office like every other request', async ({
  page,
}) => {
  await unlockEditor(page, '/admin');
  const fileInput = page.getByLabel('File to import');
  const importButton = page.getByRole('button', { name: 'Import', exact: true });

  await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Just some notes.') });
  await importButton.click();
  const alert = page.getByRole('alert').filter({ hasText: 'Import failed' });
  await expect(alert).toBeVisible();
  // The server's own words, not a generic failure.
  await expect(alert).not.toContainText('HTTP');
  await expect(alert.locator('p').nth(1)).not.toBeEmpty();

  await page.context().clearCookies();
  await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Just some notes.') });
  await importButton.click();
  await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
});

test('Cancel upload stops an upload under way and leaves the keyboard on Import', async ({ page }) => {
  await unlockEditor(page, '/admin');
  // The request never gets an answer: only cancelling ends it.
  await page.route('**/api/admin/import', () => new Promise<void>(() => {}));
  await page
    .getByLabel('File to import')
    .setInputFiles({ name: 'backup.zip', mimeType: 'application/zip', buffer: Buffer.from('PK\u0003\u0004 not really') });
  const importButton = page.getByRole('button', { name: 'Import', exact: true });
  await importButton.click();
  await expect(page.getByRole('progressbar', { name: 'Uploading backup.zip' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel upload' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancel upload' })).toHaveCount(0);
  await expect(importButton).toBeFocused();
  await expect(page.getByRole('alert').filter({ hasText: 'Import failed' })).toHaveCount(0);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('a WordPress site moved in keeps its old permalinks, and its images come from this site', async ({ page, browser }) => {
  // The old site, still up while the author moves: one picture at its WordPress address, its
  // pixels this run's own (the site keeps one upload per distinct image).
  const color = `#${Math.floor(Math.random() * 0xffffff)
    .toString(16)
    .padStart(6, '0')}`;
  const picture = await sharp({ create: { width: 40, height: 30, channels: 3, background: color } })
    .png()
    .toBuffer();
  const oldSite = createServer((request, response) => {
    if (request.url === '/wp-content/uploads/2013/01/harbour.png') {
      response.writeHead(200, { 'content-type': 'image/png' }).end(picture);
    } else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => oldSite.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(oldSite.address() as AddressInfo).port}`;
  try {
    const slug = unique('harbour-walk')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-');
    const title = `Harbour walk ${slug}`;
    const permalink = `/2013/01/11/${slug}/`;
    const xml = wxr({
      address: `${origin}/`,
      title: 'The old blog',
      items: [
        {
          id: 1241,
          title,
          slug,
          link: `${origin}${permalink}`,
          date: '2013-01-11 20:22:19',
          content: `<p>Boats at dawn.</p><p><img src="${origin}/wp-content/uploads/2013/01/harbour.png" alt="The harbour at dawn"></p>`,
        },
      ],
    });

    await unlockEditor(page, '/admin');
    await page
      .getByLabel('File to import')
      .setInputFiles({ name: 'old-blog.xml', mimeType: 'text/xml', buffer: Buffer.from(xml) });
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const summary = page.getByRole('region', { name: 'Your data' }).getByRole('status');
    await expect(summary).toContainText('Imported 1 post, 0 comments, 1 upload; 0 skipped.');
    await expect(summary).toContainText('2 old addresses now lead to the posts.');
    // The report, post by post: the image came, nothing was left as it was.
    const row = page.getByRole('region', { name: 'Post by post' }).getByRole('row').filter({ hasText: title });
    await expect(row.getByRole('cell').nth(1)).toHaveText('1 image brought to this site');
    await expect(row.getByRole('cell').nth(2)).toHaveText('Nothing');
    const oldAddresses = page.getByRole('region', { name: 'Old addresses' });
    await expect(oldAddresses.getByRole('row').filter({ hasText: `/2013/01/11/${slug}` })).toContainText(title);

    // A reader following a link from another site to the old permalink lands on the post here.
    const visitor = await browser.newContext();
    const reader = await visitor.newPage();
    const answer = await reader.goto(permalink);
    expect(answer?.status()).toBe(200);
    expect(new URL(reader.url()).pathname).toBe(`/blog/${slug}`);
    await expect(reader.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const image = reader.getByRole('img', { name: 'The harbour at dawn' });
    await expect(image).toBeVisible();
    const src = await image.evaluate((element: HTMLImageElement) => element.currentSrc);
    expect(new URL(src).origin).toBe(new URL(reader.url()).origin);
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
    await visitor.close();
  } finally {
    await new Promise((resolve) => oldSite.close(resolve));
  }
});
