import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { unlockEditor } from '../admin/admin-support.ts';
import { createPost, expect, test } from '../fixtures.ts';

/**
 * Issue 25: dark mode follows the system setting, on every public and admin screen, with no
 * serious axe violation, a code block and the readers chart readable. The light scheme's axe runs
 * are in quality.spec.ts (public) and back-office.spec.ts (admin); both projects run this one, at
 * 1280 and 375 px.
 */
test.use({ colorScheme: 'dark' });

const CODE =
  '## Notes\n\n```js\nconst x = 1; // a comment\nfunction f() { return "s"; }\n```\n\n> quoted\n\n| a | b |\n|---|---|\n| 1 | 2 |';

async function expectAccessible(page: Page, route: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const severe = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(severe.map((v) => `${route}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The page's background is dark and its text light: the scheme is followed, not only allowed. */
async function expectDark(page: Page, route: string) {
  const [background, text] = await page.evaluate(() => {
    const lightness = (color: string) => {
      // Chromium reports oklch() or rgb(): either way the first number orders dark and light.
      const rgb = /rgba?\((\d+), (\d+), (\d+)/.exec(color);
      if (rgb) return (Number(rgb[1]) + Number(rgb[2]) + Number(rgb[3])) / (3 * 255);
      const oklch = /oklch\(([\d.]+)/.exec(color);
      return oklch ? Number(oklch[1]) : NaN;
    };
    const style = getComputedStyle(document.body);
    return [lightness(style.backgroundColor), lightness(style.color)];
  });
  expect(background, `${route}: the background`).toBeLessThan(0.3);
  expect(text, `${route}: the text`).toBeGreaterThan(0.7);
}

test('the public pages are dark, with no serious axe violation and a readable code block', async ({ page, request }) => {
  const post = await createPost(request, { title: `Dark ${Date.now()}`, content: CODE, tags: ['Testing'] });
  for (const route of ['/', '/cv', '/blog', `/blog/${post.slug}`, '/saved', '/no/such/page']) {
    await page.goto(route);
    await expectDark(page, route);
    await expectAccessible(page, route);
  }
});

test('the admin screens and the editor are dark, with no serious axe violation', async ({ page, request }) => {
  const post = await createPost(request, { title: `Dark admin ${Date.now()}`, content: CODE });
  await page.goto('/admin');
  await expectDark(page, 'the gate');
  await expectAccessible(page, 'the gate');
  await unlockEditor(page, '/admin');
  for (const route of [
    '/admin',
    '/admin/posts',
    '/admin/comments',
    '/admin/messages',
    '/admin/site',
    '/admin/subscribers',
    '/admin/security',
    '/write',
    `/edit/${post.id}`,
  ]) {
    await page.goto(route);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The dashboard's chart is drawn before it is checked.
    if (route === '/admin') await expect(page.getByRole('img', { name: /^Readers per day/ })).toBeVisible();
    await expectDark(page, route);
    await expectAccessible(page, route);
  }
  // The editor's preview renders the code block in the same colours as the post page.
  await page.getByRole('tab', { name: 'Preview' }).click();
  await expect(page.locator('.markdown pre')).toBeVisible();
  await expectAccessible(page, `/edit/${post.id} preview`);
});
