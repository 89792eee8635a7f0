import type { Page } from '@playwright/test';
import { createPost, expect, test, useIslands } from '../fixtures.ts';

/** Opens a view of the blog once its list is interactive (the list's island has hydrated). */
async function openBlog(page: Page) {
  await page.goto('/blog');
  await useIslands(page);
}

test('the blog list arrives with its heading, its posts and the 7 categories, no spinner', async ({ page, request }) => {
  // Links between reading pages load the page, which the server sends with its list.
  const post = await createPost(request, { title: `Listed at once ${Date.now()}` });
  await page.goto('/');
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await page.getByRole('link', { name: 'View All Posts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'EdTech Dialogue' })).toBeVisible();
  await expect(page.getByText('Exploring educational technology innovations')).toBeVisible();
  await expect(page.getByRole('link', { name: post.title, exact: true })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Categories' }).getByRole('button')).toHaveText([
    'All Posts',
    'African Youth Empowerment',
    'Educational Innovation',
    'Future Leaders',
    'Digital Literacy',
    'Youth Leadership',
    'Technology Creation',
  ]);
  await expect(page.getByText('Loading blog posts...')).toHaveCount(0);
});

test('a category shows posts tagged with it ignoring case, and choosing one clears the search', async ({ page, request }) => {
  const stamp = Date.now();
  await createPost(request, { title: `Literacy lower ${stamp}`, tags: ['digital literacy'] });
  await createPost(request, { title: `Literacy exact ${stamp}`, tags: ['Digital Literacy', 'React'] });
  await openBlog(page);
  await page.getByRole('searchbox').fill('zzzz-nothing');
  await page.getByRole('group', { name: 'Categories' }).getByRole('button', { name: 'Digital Literacy' }).click();
  await expect(page.getByRole('searchbox')).toHaveValue('');
  await expect(page.getByText(/^Showing \d+ posts in "Digital Literacy"$/)).toBeVisible();
  await expect(page.getByRole('link', { name: `Literacy lower ${stamp}` })).toBeVisible();
  await expect(page.getByRole('link', { name: `Literacy exact ${stamp}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Clear Filters' })).toBeVisible();
});

test('search goes through the API, reports its count, paginates 6 a page and clears; the address follows', async ({
  page,
  request,
}) => {
  const word = `zebra${Date.now()}`;
  for (let n = 1; n <= 8; n++) {
    await createPost(request, {
      title: `Searchable ${n} ${word}`,
      content: 'y'.repeat(200),
      tags: ['Testing'],
      metadata: { author: 'Author Name', readTime: 4 },
    });
  }
  await openBlog(page);
  // One page of the search, not every post: the list asks for the view it shows.
  const searchRequest = page.waitForRequest((r) => r.url().includes(`/api/blog-view?q=${word}`));
  await page.getByRole('searchbox').fill(word);
  await searchRequest;
  await expect(page.getByText(`Found 8 results for "${word}"`)).toBeVisible();
  await expect(page).toHaveURL(`/blog?q=${word}`);
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(6);
  const pager = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pager.getByRole('link', { name: 'Previous' })).toHaveAttribute('aria-disabled', 'true');
  await pager.getByRole('link', { name: 'Page 2' }).click();
  await expect(cards).toHaveCount(2);
  await expect(page).toHaveURL(`/blog?q=${word}&page=2`);
  await expect(pager.getByRole('link', { name: 'Next' })).toHaveAttribute('aria-disabled', 'true');
  await expect(pager.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

  // Card content: first-tag badge, 150-character fallback excerpt, date, read time, views, author.
  const card = cards.first();
  await expect(card.getByText('Testing', { exact: true })).toBeVisible();
  await expect(card.getByText(`${'y'.repeat(150)}...`)).toBeVisible();
  await expect(card.getByText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
  await expect(card.getByText('4 min read')).toBeVisible();
  // No reader yet: the card says nothing of views rather than `0 views`.
  await expect(card.getByText(/\bviews?\b/)).toHaveCount(0);
  await expect(card.getByText('Author Name')).toBeVisible();

  // Typing resets to page 1.
  await page.getByRole('searchbox').fill(`${word} `);
  await expect(pager.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  await expect(page).toHaveURL(`/blog?q=${word}`);

  await page.getByRole('searchbox').fill(`${word}-none`);
  await expect(page.getByRole('heading', { name: 'No posts found' })).toBeVisible();
  await expect(page.getByText('Try adjusting your search terms or browse all posts.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(page.getByRole('searchbox')).toHaveValue('');
  await expect(page.getByRole('group', { name: 'Categories' }).getByRole('button', { name: 'All Posts' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByText(/^Found /)).toHaveCount(0);
  await expect(page).toHaveURL('/blog');
});

test('each view has an address: paging and categories move in place, Back returns, a reload shows the same', async ({
  page,
  request,
}) => {
  const stamp = Date.now();
  // 7 posts in a category: two pages of it, newest first.
  for (let n = 7; n >= 1; n--) await createPost(request, { title: `Youth ${stamp} ${n}`, tags: ['youth leadership'] });
  await openBlog(page);
  // Marks this document: it is gone if a click loads a new page instead of moving in place.
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  const stayed = () => page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed === true);

  await page.getByRole('group', { name: 'Categories' }).getByRole('button', { name: 'Youth Leadership' }).click();
  await expect(page).toHaveURL('/blog?category=Youth+Leadership');
  await expect(page.getByRole('link', { name: `Youth ${stamp} 1`, exact: true })).toBeVisible();
  const pager = page.getByRole('navigation', { name: 'Pagination' });
  await pager.getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL('/blog?category=Youth+Leadership&page=2');
  await expect(page.getByRole('link', { name: `Youth ${stamp} 1`, exact: true })).toHaveCount(0);
  const secondPage = await page.getByRole('article').getByRole('heading').allTextContents();
  expect(await stayed()).toBe(true);

  await page.goBack();
  await expect(page).toHaveURL('/blog?category=Youth+Leadership');
  await expect(pager.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('link', { name: `Youth ${stamp} 1`, exact: true })).toBeVisible();
  await page.goForward();
  await expect(page).toHaveURL('/blog?category=Youth+Leadership&page=2');
  expect(await stayed()).toBe(true);

  await page.reload();
  await expect(page.getByRole('article').getByRole('heading')).toHaveText(secondPage);
  await expect(page.getByText(/^Showing \d+ posts in "Youth Leadership"$/)).toBeVisible();
});

test('links written in an excerpt are links on the card; only http(s) ones open a new tab', async ({ page, request }) => {
  const word = `okapi${Date.now()}`;
  await createPost(request, {
    title: `Linked excerpt ${word}`,
    excerpt: 'See [the report](https://example.org/report), [an older post](/blog/older) and [this](javascript:alert%281%29).',
  });
  await openBlog(page);
  await page.getByRole('searchbox').fill(word);
  const card = page.getByRole('article').filter({ hasText: `Linked excerpt ${word}` });
  const external = card.getByRole('link', { name: 'the report' });
  await expect(external).toHaveAttribute('href', 'https://example.org/report');
  await expect(external).toHaveAttribute('target', '_blank');
  await expect(external).toHaveAttribute('rel', 'noopener noreferrer');
  const internal = card.getByRole('link', { name: 'an older post' });
  await expect(internal).toHaveAttribute('href', '/blog/older');
  await expect(internal).not.toHaveAttribute('target', /.*/);
  await expect(card.getByRole('link', { name: 'this', exact: true })).toHaveCount(0);
  await expect(card.getByText(/and this\.$/)).toBeVisible();
});

test('a category without posts says so', async ({ page }) => {
  // No spec creates posts tagged Technology Creation.
  await page.goto('/blog');
  await page.getByRole('group', { name: 'Categories' }).getByRole('button', { name: 'Technology Creation' }).click();
  await expect(page.getByRole('heading', { name: 'No posts found' })).toBeVisible();
  await expect(page.getByText('No posts available in this category yet.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Clear Filters' })).toBeVisible();
});

test('cards sit in 1 column on a phone and 3 on a wide screen', async ({ page, request }, testInfo) => {
  for (let n = 0; n < 3; n++) await createPost(request, { title: `Grid ${Date.now()} ${n}` });
  await page.goto('/blog');
  const lefts = await page
    .getByRole('article')
    .evaluateAll((cards) => cards.slice(0, 3).map((card) => Math.round(card.getBoundingClientRect().left)));
  expect(new Set(lefts).size).toBe(testInfo.project.name === 'mobile' ? 1 : 3);
});
