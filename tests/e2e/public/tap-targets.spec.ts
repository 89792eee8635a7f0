import type { Page } from '@playwright/test';
import { authorRoutes, unlockEditor } from '../admin/admin-support.ts';
import { createPost, expect, test, useIslands } from '../fixtures.ts';

/**
 * Issue 25: on a phone every control a reader or the author touches is at least 44 x 44 px, or has
 * a 44 x 44 px area around its centre that no other control enters. Links inside running text are
 * exempt, as in WCAG 2.5.8. Measured at 375 px in both projects (the desktop one without touch).
 */
const PHONE = { width: 375, height: 740 };
const MIN = 44;

interface Miss {
  what: string;
  width: number;
  height: number;
}

/** Every visible control of the page that fails both rules, named for the failure message. */
function smallTargets(page: Page): Promise<Miss[]> {
  return page.evaluate((min) => {
    const selector = [
      'a[href]',
      'button',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      'summary',
      '[role="button"]',
      '[role="tab"]',
      '[role="switch"]',
      '[role="menuitem"]',
    ].join(',');
    const visible = (element: Element) => {
      if (element.closest('[aria-hidden="true"], [hidden], .sr-only')) return false;
      const rect = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return rect.width > 0 && rect.height > 0 && style.visibility !== 'hidden' && style.display !== 'none';
    };
    // A link in running text: inline, in a block that has words of its own besides it.
    const inText = (element: Element) => {
      if (element.tagName !== 'A' || getComputedStyle(element).display !== 'inline') return false;
      const block = element.parentElement;
      return !!block && (block.textContent ?? '').trim().length > (element.textContent ?? '').trim().length;
    };
    // A box inside a label is touched through its label.
    const targetOf = (element: Element) =>
      element.matches('input[type="checkbox"], input[type="radio"], input[type="file"]') && element.closest('label')
        ? element.closest('label')!
        : element;
    const controls = [...new Set([...document.querySelectorAll(selector)].filter(visible).map(targetOf))];
    const rects = controls.map((element) => element.getBoundingClientRect());
    const overlaps = (a: { left: number; right: number; top: number; bottom: number }, b: DOMRect) =>
      a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

    return controls.flatMap((element, index) => {
      const rect = rects[index]!;
      if (inText(element)) return [];
      // Half a pixel of rounding either way.
      if (rect.width >= min - 0.5 && rect.height >= min - 0.5) return [];
      const centreX = rect.left + rect.width / 2;
      const centreY = rect.top + rect.height / 2;
      const area = { left: centreX - min / 2, right: centreX + min / 2, top: centreY - min / 2, bottom: centreY + min / 2 };
      const crowded = controls.some(
        (other, j) => j !== index && !other.contains(element) && !element.contains(other) && overlaps(area, rects[j]!),
      );
      if (!crowded) return [];
      const name =
        element.getAttribute('aria-label') ?? (element.textContent ?? '').trim().slice(0, 40) ?? element.tagName.toLowerCase();
      return [
        { what: `${element.tagName.toLowerCase()} "${name}"`, width: Math.round(rect.width), height: Math.round(rect.height) },
      ];
    });
  }, MIN);
}

async function expectTouchable(page: Page, route: string) {
  const misses = await smallTargets(page);
  expect(
    misses.map((miss) => `${route}: ${miss.what} ${miss.width}x${miss.height}`),
    'controls under 44 x 44 px with another control within their 44 px area',
  ).toEqual([]);
}

test.use({ viewport: PHONE });

test('every control a reader touches is 44 px or has room around it', async ({ page, request }) => {
  const post = await createPost(request, { title: `Tap targets ${Date.now()}`, tags: ['Testing'] });
  for (const route of ['/', '/cv', '/blog', `/blog/${post.slug}`, '/saved']) {
    await page.goto(route);
    if (route.startsWith('/blog/')) await useIslands(page);
    await expectTouchable(page, route);
  }
  // The menu, open.
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expectTouchable(page, '/ with the menu open');
});

test('every control the author touches is 44 px or has room around it', async ({ page, request }) => {
  await page.goto('/admin');
  await expectTouchable(page, 'the gate');
  const post = await createPost(request, { title: `Author taps ${Date.now()}` });
  await unlockEditor(page, '/admin');
  for (const route of authorRoutes(post.id)) {
    await page.goto(route);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectTouchable(page, route);
  }
});
