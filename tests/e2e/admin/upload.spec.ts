import { deflateSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { contentArea, unlockEditor } from './admin-support.ts';

/** A real PNG of the given size, generated here (checked by content on the server). */
function png(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x3b)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function uploadThroughDialog(page: Page, buttonName: string, fileName: string) {
  await page.getByRole('button', { name: buttonName }).click();
  // Each upload button has its own dialog; the open one is the visible one.
  const dialog = page.locator('.uppy-Dashboard--modal .uppy-Dashboard-inner').filter({ visible: true });
  await expect(dialog).toBeVisible();
  await dialog
    .locator('.uppy-Dashboard-input')
    .first()
    .setInputFiles({ name: fileName, mimeType: 'image/png', buffer: png(40, 30) });
  await page.getByRole('button', { name: /^Upload 1 file$/ }).click();
  await expect(dialog).toBeHidden({ timeout: 15_000 });
}

test('an image uploaded through the dialog is inserted at the caret and shows in the published post', async ({ page }) => {
  await unlockEditor(page);
  const title = `Upload ${Date.now()}`;
  await page.getByLabel('Title', { exact: true }).fill(title);
  await contentArea(page).fill('Before the picture.\n');
  await contentArea(page).press('End');

  await uploadThroughDialog(page, 'Upload Image', 'school garden.png');
  await expect(contentArea(page)).toHaveValue(
    /^Before the picture\.\n\n!\[school garden\]\(\/objects\/uploads\/[0-9a-f-]{36}\)$/,
  );
  await expect(contentArea(page)).toBeFocused();

  await uploadThroughDialog(page, 'Upload Cover', 'cover.png');
  await expect(page.getByLabel('Cover Image (optional)')).toHaveValue(/^\/objects\/uploads\/[0-9a-f-]{36}$/);

  await page.getByRole('switch', { name: 'Publish immediately' }).click();
  await page.getByRole('button', { name: 'Publish Post' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const inline = page.locator('.markdown img[alt="school garden"]');
  await expect(inline).toBeVisible();
  await expect.poll(() => inline.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(40);
  // Readers get a resized WebP copy (never enlarged: still 40 pixels wide), not the original file.
  const webpCopy = /\/objects\/uploads\/[0-9a-f-]{36}\/(480|960|1600)\.webp$/;
  await expect.poll(() => inline.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(webpCopy);
  const cover = page.getByRole('img', { name: title });
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(webpCopy);
  // The cover fills the column whatever its size; the file the browser chose is the 40 pixel picture.
  const coverFileWidth = await cover.evaluate(
    async (img: HTMLImageElement) => (await createImageBitmap(await (await fetch(img.currentSrc)).blob())).width,
  );
  expect(coverFileWidth).toBe(40);
});

test('a file that is not an image (checked by content) is refused and nothing is inserted', async ({ page }) => {
  await unlockEditor(page);
  await page.getByRole('button', { name: 'Upload Image' }).click();
  const dialog = page.locator('.uppy-Dashboard--modal .uppy-Dashboard-inner').filter({ visible: true });
  await dialog
    .locator('.uppy-Dashboard-input')
    .first()
    .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not really a picture') });
  await page.getByRole('button', { name: /^Upload 1 file$/ }).click();
  await expect(dialog).toContainText(/Upload failed|Failed to upload/);
  await expect(contentArea(page)).toHaveValue('');
});

test('the upload dialog has a title, passes axe in both colour schemes, shows its focus, and gives the focus back', async ({
  page,
}) => {
  await unlockEditor(page);
  const opener = page.getByRole('button', { name: 'Upload Image' });
  await opener.click();
  // Named, as a screen reader announces it (Uppy alone names an element around the dialog).
  const dialog = page.getByRole('dialog', { name: 'Upload an image (Escape closes this dialog)' }).filter({ visible: true });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  await expect(dialog.getByText(/^Upload an image: drop it here, paste it/)).toBeVisible();
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const results = await new AxeBuilder({ page })
      .include('.uppy-Dashboard--modal')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    const severe = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(severe.map((v) => `${colorScheme}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }
  await dialog.getByRole('button', { name: 'choose a file' }).focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
  expect(outline).toBe('solid');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});
