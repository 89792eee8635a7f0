import AxeBuilder from '@axe-core/playwright';
import { createPost, expect, test, useIslands, watchConsole } from '../fixtures.ts';

const RICH =
  '# Notes\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```js\nconst x = 1;\n```\n\n- [x] done\n\n> quoted\n\n[link](https://example.org)';

async function publicRoutes(request: Parameters<typeof createPost>[0]): Promise<string[]> {
  const post = await createPost(request, { title: `Quality ${Date.now()}`, content: RICH, tags: ['Digital Literacy'] });
  // An unbroken 300-character word (a pasted URL, say) must wrap on a phone, not widen the page.
  await createPost(request, { title: `Longword${'o'.repeat(80)}${Date.now()}`, content: 'x'.repeat(300) });
  return ['/', '/cv', '/blog', `/blog/${post.slug}`, '/no/such/page'];
}

test('axe finds no serious or critical violation on the public routes', async ({ page, request }) => {
  for (const route of await publicRoutes(request)) {
    await page.goto(route);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const severe = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(severe.map((v) => `${route}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }
});

test('no horizontal scrolling at 320 px and no console errors or hydration warnings', async ({ page, request }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  for (const route of await publicRoutes(request)) {
    const problems = watchConsole(page);
    await page.goto(route);
    // Hydrated, as at a reader's first use: every island of the page has become a React root.
    await useIslands(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), route).toBeLessThanOrEqual(320);
    // A 404 is reported by the browser as a failed resource load; that one is expected.
    expect(
      problems.filter((p) => !/status of 404/.test(p)),
      route,
    ).toEqual([]);
    page.removeAllListeners('console');
    page.removeAllListeners('pageerror');
  }
});

test('the keyboard reaches the skip link first, then the navigation, and can send the contact form', async ({
  page,
}, testInfo) => {
  await page.goto('/cv');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('banner').getByRole('link').first()).toBeFocused();
  await page.keyboard.press('Tab');
  if (testInfo.project.name === 'mobile') {
    // On a phone the links sit behind the menu button.
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(page.locator('#mobile-menu').getByRole('link', { name: 'Portfolio' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.locator('#mobile-menu').getByRole('link', { name: 'Blog' })).toBeFocused();
  } else {
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Portfolio' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' })).toBeFocused();
  }
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/blog$/);

  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByPlaceholder('Your Name *').focus();
  await page.keyboard.type('Keyboard User');
  await page.keyboard.press('Tab');
  await page.keyboard.type('keys@example.com');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Sent without a mouse');
  await page.keyboard.press('Tab');
  await expect(form.getByRole('button', { name: 'Send Message' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Message Sent!', { exact: true })).toBeVisible();
});
