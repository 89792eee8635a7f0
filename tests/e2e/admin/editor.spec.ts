import { expect, test } from '../fixtures.ts';
import { contentArea, selectInContent, selection, unlockEditor } from './admin-support.ts';

test.beforeEach(async ({ page }) => {
  await unlockEditor(page);
});

test('each toolbar action wraps the selection, or inserts a selected placeholder without one', async ({ page }) => {
  const content = contentArea(page);
  const cases: Array<[string, string, string]> = [
    ['Bold', '**word**', 'bold text'],
    ['Italic', '*word*', 'italic text'],
    ['Inline Code', '`word`', 'code'],
    ['Link', '[word](https://)', 'link text'],
    ['Image', '![word](https://)', 'alt text'],
  ];
  for (const [label, wrapped, placeholder] of cases) {
    await content.fill('say word now');
    await selectInContent(page, 'word');
    await page.getByRole('button', { name: label, exact: true }).click();
    await expect(content).toHaveValue(`say ${wrapped} now`);
    expect((await selection(page))[2]).toBe('word');

    await content.fill('');
    await page.getByRole('button', { name: label, exact: true }).click();
    expect((await selection(page))[2]).toBe(placeholder);
    await expect(content).toBeFocused();
  }

  await content.fill('first line\nsecond line');
  await selectInContent(page, 'second');
  await page.getByRole('button', { name: 'Heading', exact: true }).click();
  await expect(content).toHaveValue('first line\n## second line');
  await selectInContent(page, 'first line');
  await page.getByRole('button', { name: 'Quote', exact: true }).click();
  await expect(content).toHaveValue('> first line\n## second line');

  const lists: Array<[string, string]> = [
    ['Bullet list (-)', '- a\n- b'],
    ['Bullet list (*)', '* a\n* b'],
    ['Bullet list (+)', '+ a\n+ b'],
    ['Numbered list', '1. a\n2. b'],
    ['Letter list', 'a. a\nb. b'],
  ];
  for (const [label, expected] of lists) {
    await content.fill('a\nb');
    await selectInContent(page, 'a\nb');
    await page.getByRole('button', { name: 'Lists' }).click();
    await page.getByRole('menuitem', { name: label }).click();
    await expect(content).toHaveValue(expected);
  }
});

test('the slug follows the title until edited by hand; tags follow the Enter, comma and duplicate rules', async ({ page }) => {
  const title = page.getByLabel('Title', { exact: true });
  const slug = page.getByLabel('Slug', { exact: true });
  await title.fill('Coding Clubs: Year One!');
  await expect(slug).toHaveValue('coding-clubs-year-one');
  await title.fill('Coding Clubs: Year Two');
  await expect(slug).toHaveValue('coding-clubs-year-two');
  await slug.fill('my-own-slug');
  await title.fill('Another Title');
  await expect(slug).toHaveValue('my-own-slug');

  const tags = page.getByLabel('Tags', { exact: true });
  await tags.fill('  Digital Literacy ');
  await tags.press('Enter');
  await tags.fill('Future Leaders');
  await tags.press(',');
  await tags.fill('Digital Literacy');
  await tags.press('Enter');
  await tags.press('Enter');
  const list = page.getByRole('list', { name: 'Added tags' });
  await expect(list.getByRole('button')).toHaveText(['Digital Literacy', 'Future Leaders']);
  await page.getByRole('button', { name: 'Remove tag Digital Literacy' }).click();
  await expect(list.getByRole('button')).toHaveText(['Future Leaders']);
});

test('tabs, preview placeholders, statistics, excerpt tools and validation toasts', async ({ page }) => {
  await page.getByRole('tab', { name: 'Preview' }).click();
  await expect(page.getByText('Start writing to see your post preview')).toBeVisible();
  await page.getByRole('tab', { name: 'Write' }).click();
  await expect(page.getByRole('heading', { name: 'Post Statistics' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(page.getByText('Please enter a title for your post.')).toBeVisible();
  // Marked at the field, which has the focus.
  const titleField = page.getByLabel('Title', { exact: true });
  await expect(titleField).toBeFocused();
  await expect(titleField).toHaveAttribute('aria-invalid', 'true');
  await expect(titleField).toHaveAccessibleDescription('Give the post a title before saving it.');
  await titleField.fill('Preview me');
  await expect(titleField).not.toHaveAttribute('aria-invalid', /.*/);
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(page.getByText('Please write some content for your post.')).toBeVisible();
  await expect(contentArea(page)).toBeFocused();
  await expect(contentArea(page)).toHaveAccessibleDescription('Write the post here before saving it.');
  await page.getByRole('button', { name: 'Import Content' }).click();
  await expect(page.getByText('Please enter a URL to import content from.')).toBeVisible();

  await contentArea(page).fill('# Big *idea*\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nsome words here');
  const stats = page.getByRole('region', { name: 'Post Statistics' }).or(page.locator('section[aria-labelledby="post-stats"]'));
  await expect(stats).toContainText('Words');
  await expect(stats).toContainText('1 min');

  await page.getByRole('button', { name: 'Preview Post' }).click();
  await expect(page.getByRole('tab', { name: 'Preview' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Preview me' })).toBeVisible();
  await expect(page.locator('.markdown table')).toBeVisible();
  await expect(page.locator('.markdown h1')).toHaveText('Big idea');

  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByText('0/200')).toBeVisible();
  await page.getByRole('button', { name: 'Generate from content' }).click();
  await expect(page.getByLabel('Excerpt')).toHaveValue(/^Big idea/);
  await expect(page.getByText(/^\d+\/200$/)).not.toHaveText('0/200');
  await page.getByRole('switch', { name: 'Publish immediately' }).click();
  await page.getByRole('tab', { name: 'Write' }).click();
  await expect(page.getByRole('button', { name: 'Publish Post' })).toBeVisible();
});

test('save as draft stays in the editor as an edit, publishing goes to the post, with no duplicate', async ({
  page,
  request,
}) => {
  const title = `Draft then publish ${Date.now()}`;
  await page.getByLabel('Title', { exact: true }).fill(title);
  await contentArea(page).fill('First version of the body.');
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByLabel('Meta Title').fill(`SEO ${title}`);
  await page.getByRole('tab', { name: 'Write' }).click();

  await page.route('**/api/blog-posts', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(page.getByRole('button', { name: 'Saving...' })).toBeVisible();
  await expect(page.getByText(`Your post "${title}" has been saved as draft`)).toBeVisible();
  await expect(page).toHaveURL(/\/edit\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Edit Post' })).toBeVisible();
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);

  await contentArea(page).fill('Second version of the body.');
  await page.getByRole('switch', { name: 'Publish immediately' }).click();
  await page.getByRole('button', { name: 'Publish Post' }).click();
  await expect(page.getByText(`Your post "${title}" has been published`)).toBeVisible();
  await expect(page).toHaveURL(/\/blog\/draft-then-publish-\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Second version of the body.')).toBeVisible();
  await expect(page).toHaveTitle(`SEO ${title}`);

  const found = await (await request.get(`/api/blog-posts?search=${encodeURIComponent(title)}`)).json();
  expect(found.filter((p: { title: string }) => p.title === title)).toHaveLength(1);
});

test('the edit route fills the fields, a failed save keeps them, and an unknown id says it failed to load', async ({
  page,
  request,
}) => {
  const create = await page.request.post('/api/blog-posts', {
    data: {
      title: `Editable ${Date.now()}`,
      content: 'Body to edit',
      excerpt: 'An excerpt',
      tags: ['Youth Leadership'],
      published: true,
    },
  });
  const post = await create.json();
  await page.goto(`/edit/${post.id}`);
  await expect(page.getByRole('heading', { name: 'Edit Post' })).toBeVisible();
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(post.title);
  await expect(page.getByLabel('Slug', { exact: true })).toHaveValue(post.slug);
  await expect(contentArea(page)).toHaveValue('Body to edit');
  await expect(page.getByRole('button', { name: 'Youth Leadership' })).toBeVisible();

  await page.route(`**/api/blog-posts/${post.id}`, (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Database unavailable"}' })
      : route.continue(),
  );
  await contentArea(page).fill('Changed body that must survive');
  await page.getByRole('button', { name: 'Publish Post' }).click();
  await expect(page.getByText('Failed to update post')).toBeVisible();
  await expect(page.getByText('500: Database unavailable', { exact: true })).toBeVisible();
  await expect(contentArea(page)).toHaveValue('Changed body that must survive');
  expect((await (await request.get(`/api/blog-posts/${post.slug}`)).json()).content).toBe('Body to edit');

  await page.goto('/edit/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('Failed to load post').first()).toBeVisible();
});

test('deleting a post asks first, then removes it with its comments', async ({ page, request }) => {
  const post = await (
    await page.request.post('/api/blog-posts', {
      data: { title: `Doomed ${Date.now()}`, content: 'Short life', published: true },
    })
  ).json();
  await request.post(`/api/blog-posts/${post.id}/comments`, {
    data: { author: 'Reader', email: 'reader@example.com', content: 'Nice' },
  });
  await page.goto(`/edit/${post.id}`);
  await page.getByRole('button', { name: 'Delete Post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this post?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  expect((await request.get(`/api/blog-posts/${post.slug}`)).status()).toBe(200);

  await page.getByRole('button', { name: 'Delete Post' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/blog$/);
  expect((await request.get(`/api/blog-posts/${post.slug}`)).status()).toBe(404);
  expect((await request.get(`/api/blog-posts/${post.id}/comments`)).status()).toBe(404);
});

test('unsaved writing survives a reload and is offered back; leaving with changes asks first', async ({ page }) => {
  const title = `Unsaved ${Date.now()}`;
  await page.getByLabel('Title', { exact: true }).fill(title);
  await contentArea(page).fill('Hours of careful work');
  // The copy is written shortly after typing stops.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('folio:editor-draft:new'))).toContain('Hours of careful work');

  page.once('dialog', (dialog) => {
    expect(dialog.type()).toBe('beforeunload');
    void dialog.accept();
  });
  await page.reload();
  await expect(page.getByText(/You have unsaved changes from/)).toBeVisible();
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('');
  await page.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
  await expect(contentArea(page)).toHaveValue('Hours of careful work');

  // An in-app link asks too; dismissing keeps the author in the editor.
  page.once('dialog', (dialog) => void dialog.dismiss());
  await page.getByRole('button', { name: 'Admin menu' }).click();
  await page.getByRole('menuitem', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/write$/);
});

test('the Back button asks before leaving unsaved changes, and staying keeps everything', async ({ page }) => {
  // Arrive from the back office inside the app, as an author does (a reading page such as /blog
  // loads /write as a new page: leaving it is the browser's own beforeunload question).
  await page.goto('/admin/posts');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'New Post' }).click();
  await expect(page).toHaveURL(/\/write$/);
  await expect(page.getByLabel('Title', { exact: true })).toBeVisible();
  await page.getByLabel('Title', { exact: true }).fill('Not saved yet');
  await contentArea(page).fill('A paragraph I would hate to lose');

  const asked: string[] = [];
  page.once('dialog', (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goBack();
  await expect.poll(() => asked).toEqual(['You have unsaved changes. Leave this page anyway?']);
  await expect(page).toHaveURL(/\/write$/);
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Not saved yet');
  await expect(contentArea(page)).toHaveValue('A paragraph I would hate to lose');

  // Agreeing to leave goes back to the posts list.
  page.once('dialog', (dialog) => void dialog.accept());
  await page.goBack();
  await expect(page).toHaveURL(/\/admin\/posts$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Posts' })).toBeVisible();
});

test('a slug another post has is said at the field, which takes the focus, with a free one offered', async ({ page }) => {
  const taken = `taken-${Date.now()}`;
  const first = await page.request.post('/api/blog-posts', {
    data: { title: 'First', slug: taken, content: 'Already here.', tags: [], published: false },
  });
  expect(first.status()).toBe(201);

  await page.getByLabel('Title', { exact: true }).fill('Second');
  await page.getByLabel('Slug').fill(taken);
  await contentArea(page).fill('Mine.');
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(page.getByText('Failed to save post', { exact: true })).toBeVisible();
  const offer = page.getByRole('alert').filter({ hasText: 'Another post already has the address' });
  await expect(offer).toContainText(`/blog/${taken}`);
  await expect(page.getByLabel('Slug')).toBeFocused();
  await expect(page.getByLabel('Slug')).toHaveAttribute('aria-invalid', 'true');

  await offer.getByRole('button', { name: `Use ${taken}-2` }).click();
  await expect(page.getByLabel('Slug')).toHaveValue(`${taken}-2`);
  await expect(offer).toHaveCount(0);
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(page.getByText('Post saved!', { exact: true })).toBeVisible();
});

test('Ctrl+B, Ctrl+I and Ctrl+K format the selection in the text area', async ({ page }) => {
  const content = contentArea(page);
  for (const [key, wrapped] of [
    ['b', '**word**'],
    ['i', '*word*'],
    ['k', '[word](https://)'],
  ] as const) {
    await content.fill('say word now');
    await selectInContent(page, 'word');
    await page.keyboard.press(`Control+${key}`);
    await expect(content).toHaveValue(`say ${wrapped} now`);
  }
});
