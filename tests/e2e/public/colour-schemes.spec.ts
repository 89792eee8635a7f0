import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { authorRoutes, unlockEditor } from '../admin/admin-support.ts';
import { createPost, expect, test } from '../fixtures.ts';

/**
 * Issue 25: every public and admin screen in both colour schemes (dark mode follows the system
 * setting), with no serious axe violation, a code block and the readers chart readable. Both
 * projects run it, at 1280 and 375 px.
 */
const CODE =
  '## Notes\n\n```js\nconst x = 1; // a comment\nfunction f() { return "s"; }\n```\n\n> quoted\n\n| a | b |\n|---|---|\n| 1 | 2 |';

async function expectAccessible(page: Page, route: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const severe = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(severe.map((v) => `${route}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The background of `ground` and the text of `text` (the page's body by default), from 0 (black) to 1 (white). */
function lightness(page: Page, ground = 'body', text = ground): Promise<[number, number]> {
  return page.evaluate(
    ([ground, text]: [string, string]) => {
      const level = (color: string) => {
        // Chromium reports oklch() or rgb(): either way the first number orders dark and light.
        const rgb = /rgba?\((\d+), (\d+), (\d+)/.exec(color);
        if (rgb) return (Number(rgb[1]) + Number(rgb[2]) + Number(rgb[3])) / (3 * 255);
        const oklch = /oklch\(([\d.]+)/.exec(color);
        return oklch ? Number(oklch[1]) : NaN;
      };
      const style = (selector: string) => getComputedStyle(document.querySelector(selector)!);
      return [level(style(ground).backgroundColor), level(style(text).color)] as [number, number];
    },
    [ground, text] as [string, string],
  );
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`in the ${colorScheme} scheme`, () => {
    test.use({ colorScheme });

    /** The scheme is followed, not only allowed: dark text on light, or light text on dark. */
    async function check(page: Page, route: string) {
      const [background, text] = await lightness(page);
      if (colorScheme === 'dark') {
        expect(background, `${route}: the background`).toBeLessThan(0.3);
        expect(text, `${route}: the text`).toBeGreaterThan(0.7);
      } else {
        expect(background, `${route}: the background`).toBeGreaterThan(0.9);
        expect(text, `${route}: the text`).toBeLessThan(0.3);
      }
      await expectAccessible(page, route);
    }

    test('the public pages follow it, with no serious axe violation and a readable code block', async ({ page, request }) => {
      const post = await createPost(request, { title: `Scheme ${Date.now()}`, content: CODE, tags: ['Testing'] });
      for (const route of ['/', '/cv', '/blog', `/blog/${post.slug}`, '/saved', '/no/such/page']) {
        await page.goto(route);
        await check(page, route);
        // The footer is a dark band with light text in either scheme, not a light slab in the dark.
        const [ground, heading] = await lightness(page, 'footer', 'footer h2');
        expect(ground, `${route}: the footer's background`).toBeLessThan(0.3);
        expect(heading, `${route}: the footer's heading`).toBeGreaterThan(0.7);
      }
    });

    test('the admin screens and the editor follow it, with no serious axe violation', async ({ page, request }) => {
      const post = await createPost(request, { title: `Scheme admin ${Date.now()}`, content: CODE });
      await page.goto('/admin');
      await check(page, 'the gate');
      await unlockEditor(page, '/admin');
      for (const route of authorRoutes(post.id)) {
        await page.goto(route);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        // The dashboard's chart is drawn before it is checked.
        if (route === '/admin') await expect(page.getByRole('img', { name: /^Readers per day/ })).toBeVisible();
        await check(page, route);
      }
      // The editor's preview renders the code block as the post page does.
      await page.goto(`/edit/${post.id}`);
      await page.getByRole('tab', { name: 'Preview' }).click();
      await expect(page.locator('.markdown pre')).toBeVisible();
      await expectAccessible(page, `/edit/${post.id} preview`);
    });
  });
}
