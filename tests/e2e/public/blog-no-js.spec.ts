import { createPost, expect, test } from '../fixtures.ts';

// DESIGN.md: every view of /blog has an address the server renders, so the list works without
// JavaScript: pages are links, the categories and the search box are forms.
test.use({ javaScriptEnabled: false });

test('pages through a search by its links', async ({ page, request }) => {
  const word = `quokka${Date.now()}`;
  for (let n = 8; n >= 1; n--) await createPost(request, { title: `Paged ${n} ${word}` });
  await page.goto(`/blog?q=${word}`);
  await expect(page.getByText(`Found 8 results for "${word}"`)).toBeVisible();
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(6);
  await expect(page.getByRole('link', { name: `Paged 1 ${word}` })).toBeVisible();

  const pager = page.getByRole('navigation', { name: 'Pagination' });
  await pager.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(`/blog?q=${word}&page=2`);
  await expect(cards).toHaveCount(2);
  await expect(cards.getByRole('heading')).toHaveText([`Paged 7 ${word}`, `Paged 8 ${word}`]);
  await expect(pager.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

  await pager.getByRole('link', { name: 'Page 1' }).click();
  await expect(page).toHaveURL(`/blog?q=${word}`);
  await expect(cards).toHaveCount(6);
});

test('chooses a category with its button, and All Posts again', async ({ page, request }) => {
  const stamp = Date.now();
  await createPost(request, { title: `Empowered lower ${stamp}`, tags: ['african youth empowerment'] });
  await createPost(request, { title: `Empowered exact ${stamp}`, tags: ['African Youth Empowerment'] });
  await createPost(request, { title: `Elsewhere ${stamp}`, tags: ['Future Leaders'] });
  await page.goto('/blog');
  const categories = page.getByRole('group', { name: 'Categories' });
  await categories.getByRole('button', { name: 'African Youth Empowerment' }).click();
  await expect(page).toHaveURL('/blog?category=African+Youth+Empowerment');
  await expect(categories.getByRole('button', { name: 'African Youth Empowerment' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText(/^Showing \d+ posts in "African Youth Empowerment"$/)).toBeVisible();
  await expect(page.getByRole('link', { name: `Empowered lower ${stamp}` })).toBeVisible();
  await expect(page.getByRole('link', { name: `Empowered exact ${stamp}` })).toBeVisible();
  await expect(page.getByRole('link', { name: `Elsewhere ${stamp}` })).toHaveCount(0);

  await categories.getByRole('button', { name: 'All Posts' }).click();
  await expect(page).toHaveURL(/\/blog\??$/);
  await expect(categories.getByRole('button', { name: 'All Posts' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('link', { name: `Elsewhere ${stamp}` })).toBeVisible();
});

test('searches by submitting the form, within the chosen category, and clears the filters', async ({ page, request }) => {
  const word = `pangolin${Date.now()}`;
  await createPost(request, { title: `Submitted by form ${word}`, tags: ['Educational Innovation'] });
  await page.goto('/blog?category=Educational+Innovation');
  await page.getByRole('searchbox').fill(word);
  await page.getByRole('searchbox').press('Enter');
  await expect(page).toHaveURL(`/blog?category=Educational+Innovation&q=${word}`);
  await expect(page.getByText(`Found 1 results for "${word}"`)).toBeVisible();
  await expect(page.getByRole('searchbox')).toHaveValue(word);
  await expect(page.getByRole('article')).toHaveCount(1);

  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(page).toHaveURL(/\/blog\??$/);
  await expect(page.getByRole('searchbox')).toHaveValue('');
  await expect(page.getByText(/^Found /)).toHaveCount(0);
});
