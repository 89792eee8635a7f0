import type { APIRequestContext, Page } from '@playwright/test';
import { adminApi, createPost, expect, islandsHydrated, test, useIslands, watchConsole } from '../fixtures.ts';

// DESIGN.md "readers on metered data": everything a reader does works without JavaScript, and the
// layout holds at 240 px wide (feature phones): no horizontal scrolling on any reader page.

const stamp = Date.now();
const LONG_WORD = `Pneumonoultramicroscopicsilicovolcanoconiosis${'x'.repeat(60)}`;
const LONG_TAG = 'DigitalLiteracyForEveryLearnerAcrossAfrica';

/** A post that pushes every part of the page sideways: words, a wide table, a long code line. */
const HARD_BODY = `# A heading with ${LONG_WORD}

A paragraph with ${LONG_WORD} and a bare address https://example.org/${'segment/'.repeat(20)}end and \`inline_code_${'y'.repeat(60)}\`.

| Week | Project | Mentor | School | Country | Devices | Outcome |
|---|---|---|---|---|---|---|
| 1 | Web page | Amina | Kampala Secondary | Uganda | 12 laptops | ${LONG_WORD} |

\`\`\`js
const greeting = ['Hello', 'from', 'a', 'code', 'block', 'whose', 'line', 'is', 'far', 'wider', 'than', 'a', 'feature', 'phone'].join(' ');
\`\`\`

> A quote with ${LONG_WORD}
`;

const hardPost = (run: number, n: number, published = true) => ({
  title: `Narrow ${n} ${run} ${LONG_WORD}`,
  content: HARD_BODY,
  excerpt: `An excerpt with ${LONG_WORD}`,
  tags: [LONG_TAG, 'Educational Innovation'],
  published,
  metadata: { author: `Nomvula Mkhabela-Oyelaran-Kiptanui-Abubakar` },
});

/**
 * The reader pages of DESIGN.md, with posts hard enough to fill them: /blog?page=2 has one too.
 * Each call makes its own posts (their titles, hence slugs, unique to the call).
 */
async function readerPages(request: APIRequestContext): Promise<string[]> {
  const run = Date.now();
  let post = { slug: '' };
  for (let n = 7; n >= 1; n--) post = await createPost(request, hardPost(run, n));
  const draft = await createPost(request, hardPost(run, 8, false));
  const link = await (await adminApi(request)).post(`/api/blog-posts/${draft.id}/preview-link`);
  expect(link.status(), await link.text()).toBe(200);
  const preview = new URL(((await link.json()) as { url: string }).url).pathname;
  return ['/', '/cv', '/blog', '/blog?page=2', `/blog/${post.slug}`, `/no-such-page-${run}`, preview];
}

/** The page's width against the window's, and what sticks out to the right (outside any scroller). */
const measureWidth = (page: Page) =>
  page.evaluate(() => {
    const scrolls = (el: Element) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX);
    const offenders = [...document.body.querySelectorAll('*')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
      .filter((el) => {
        for (let up = el.parentElement; up; up = up.parentElement) if (scrolls(up)) return false;
        return true;
      })
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 4).join('.')}`);
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, offenders };
  });

test.describe('without JavaScript at 375 px', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 375, height: 740 } });

  test('the menu opens and About Me and Blog are reached through it; Get in Touch goes to the contact form', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('banner');
    const menu = banner.locator('details');
    await expect(menu.getByRole('link', { name: 'About Me' })).toBeHidden();

    await banner.locator('summary').click();
    await expect(menu.getByRole('link', { name: 'Portfolio' })).toHaveAttribute('aria-current', 'page');
    await menu.getByRole('link', { name: 'About Me' }).click();
    await expect(page).toHaveURL(/\/cv$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Professional Summary' })).toBeVisible();

    await banner.locator('summary').click();
    await expect(menu.getByRole('link', { name: 'About Me' })).toHaveAttribute('aria-current', 'page');
    await menu.getByRole('link', { name: 'Blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole('heading', { level: 1, name: 'EdTech Dialogue' })).toBeVisible();

    await banner.locator('summary').click();
    await menu.getByRole('link', { name: 'Get in Touch' }).click();
    await expect(page).toHaveURL(/\/blog#contact$/);
    await expect(page.getByRole('form', { name: 'Contact form' })).toBeInViewport();
  });

  test('View My Work goes to the partnerships and View All Posts to the blog', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'View My Work' }).click();
    await expect(page.getByRole('heading', { name: 'Partnerships' })).toBeInViewport();
    await page.getByRole('link', { name: 'View All Posts' }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });

  test('the share bar is plain links to the networks, and Copy Link, which needs script, is not offered', async ({
    page,
    context,
    request,
  }) => {
    const post = await createPost(request, { title: `Shared without script ${stamp}` });
    await context.route(/twitter\.com|linkedin\.com|facebook\.com/, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>share</title>' }),
    );
    await page.goto(`/blog/${post.slug}`);
    const url = encodeURIComponent(`${new URL(page.url()).origin}/blog/${post.slug}`);
    const title = encodeURIComponent(post.title);
    const share = page.getByRole('group', { name: 'Share this post' });
    const expected = {
      'Share on X': `https://twitter.com/intent/tweet?text=${title}&url=${url}`,
      'Share on LinkedIn': `https://www.linkedin.com/shareArticle?mini=true&url=${url}&title=${title}`,
      'Share on Facebook': `https://www.facebook.com/sharer/sharer.php?u=${url}&quote=${title}`,
    };
    for (const [name, href] of Object.entries(expected)) {
      await expect(share.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    await expect(share.getByRole('button', { name: 'Copy Link' })).toBeHidden();

    const popup = page.waitForEvent('popup');
    await share.getByRole('link', { name: 'Share on X' }).click();
    expect((await popup).url()).toBe(expected['Share on X']);
  });
});

test('a phone with script: the menu toggles, closes on a link, and the pages hydrate without warnings', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const problems = watchConsole(page);
  await page.goto('/cv');
  // The menu button is there before the page's islands hydrate (their script loads at this first
  // use, and the click waits for it); the disclosure, for a browser without script, is not shown.
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('banner').locator('summary')).toBeHidden();
  expect(await islandsHydrated(page)).toBe(false);
  await toggle.click();
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  await page.locator('#mobile-menu').getByRole('link', { name: 'Blog' }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await useIslands(page);
  await expect(page.locator('#mobile-menu')).toHaveCount(0);
  expect(problems).toEqual([]);
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`at 240 px, ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, () => {
    test.use({ javaScriptEnabled, viewport: { width: 240, height: 640 } });

    test('no reader page scrolls sideways or sticks out', async ({ page, request }) => {
      const measured = [];
      for (const path of await readerPages(request)) {
        await page.goto(path);
        if (javaScriptEnabled) await useIslands(page);
        measured.push({
          path: path.replace(/^\/preview\/.+/, '/preview/<token>').replace(/^\/blog\/.+/, '/blog/<slug>'),
          ...(await measureWidth(page)),
        });
      }
      test.info().annotations.push({
        type: 'page widths at 240 px',
        description: measured.map(({ path, scrollWidth }) => `${path} ${scrollWidth}`).join(', '),
      });
      // All pages at once, so a failure names every page that overflows and what sticks out.
      expect(
        measured.filter(({ scrollWidth, innerWidth, offenders }) => scrollWidth > innerWidth || offenders.length > 0),
      ).toEqual([]);
    });
  });
}
