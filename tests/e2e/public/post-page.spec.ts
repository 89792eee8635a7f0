import { contentArea, unlockEditor } from '../admin/admin-support.ts';
import { adminApi, createPost, expect, test } from '../fixtures.ts';

const RICH = `# Field notes

Intro with **bold** and ~~old~~ text.

| Week | Project |
|---|---|
| 1 | Web page |

\`\`\`js
const x = 1;
\`\`\`

- [x] done
- [ ] next

<script>window.pwned = 1</script>

[bad](javascript:alert(1)) and [report](https://example.org/report)
`;

test('the first response of a post carries its content, metadata and JSON-LD', async ({ request }) => {
  const post = await createPost(request, {
    title: `Raw HTML ${Date.now()}`,
    content: RICH,
    excerpt: 'Short summary for cards',
    tags: ['Digital Literacy', 'Youth Leadership'],
  });
  const response = await request.get(`/blog/${post.slug}`);
  expect(response.status()).toBe(200);
  const html = await response.text();
  const origin = new URL(response.url()).origin;
  expect(html).toContain(`<title>${post.title} | EdTech Dialogue</title>`);
  expect(html).toContain('<meta name="description" content="Short summary for cards" />');
  expect(html).toContain('<meta name="keywords" content="Digital Literacy, Youth Leadership" />');
  expect(html).toContain(`<link rel="canonical" href="${origin}/blog/${post.slug}" />`);
  expect(html).toContain('<meta property="og:type" content="article" />');
  expect(html).toMatch(/<meta property="article:published_time" content="\d{4}-/);
  expect(html).toMatch(/<meta property="article:modified_time" content="\d{4}-/);
  expect(html).toContain(`<meta property="og:image" content="${origin}/images/og-default.png" />`);
  expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
  const jsonLd = /<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s.exec(html)?.[1];
  const data = JSON.parse(jsonLd!) as Record<string, unknown>;
  expect(data).toMatchObject({ '@type': 'BlogPosting', headline: post.title, author: { '@type': 'Person' } });
  expect(typeof data.datePublished).toBe('string');

  const body = html.slice(html.indexOf('<div class="markdown'), html.indexOf('aria-label="Share this post"'));
  expect(body).toContain('<table>');
  expect(body).toContain('class="hljs language-js"');
  expect(body).toContain('<input type="checkbox" checked disabled aria-label="Completed task">');
  expect(body).toContain('<del>old</del>');
  expect(body).toContain('<h1 id="field-notes">');
  expect(html).not.toContain('<script>window.pwned');
  expect(body).not.toContain('javascript:');
  expect(body).toContain('<a href="https://example.org/report" rel="noopener noreferrer" target="_blank">report</a>');
});

test('without an excerpt the description is the first 160 characters of content without # and *', async ({ request }) => {
  const post = await createPost(request, {
    title: `No excerpt ${Date.now()}`,
    content: `# Heading\n\n**Bold** ${'word '.repeat(60)}`,
  });
  const html = await (await request.get(`/blog/${post.slug}`)).text();
  const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1];
  expect(description).toBe(`Heading Bold ${'word '.repeat(60)}`.slice(0, 160));
});

test('an unknown slug and a draft answer 404 with Post Not Found', async ({ page, request }) => {
  const api = await adminApi(request);
  const draft = await (
    await api.post('/api/blog-posts', { data: { title: `Hidden ${Date.now()}`, content: 'x', published: false } })
  ).json();
  await api.post('/api/admin/logout');
  for (const slug of ['no-such-post-anywhere', draft.slug]) {
    const response = await request.get(`/blog/${slug}`);
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain('Post Not Found');
  }
  await page.goto('/blog/no-such-post-anywhere');
  await expect(page.getByRole('heading', { name: 'Post Not Found' })).toBeVisible();
  await expect(page.getByText("The blog post you're looking for doesn't exist.")).toBeVisible();
  await page.getByRole('link', { name: 'Back to Blog' }).click();
  await expect(page).toHaveURL(/\/blog$/);
});

test('a post shows breadcrumb, author, long date, read time, views, tags, cover and body', async ({ page, request }) => {
  const post = await createPost(request, {
    title: `Shown ${Date.now()}`,
    content: RICH,
    tags: ['Youth Leadership'],
    featuredImage: '/images/og-default.png',
    metadata: { author: 'Author Name', readTime: 7 },
  });
  await page.goto(`/blog/${post.slug}`);
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('link', { name: 'Blog' })).toHaveAttribute('href', '/blog');
  await expect(crumbs).toContainText('Youth Leadership');
  await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
  await expect(page.getByText('Author Name', { exact: true })).toBeVisible();
  await expect(page.getByText('EdTech Professional')).toBeVisible();
  await expect(
    page.getByText(/^(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}$/),
  ).toBeVisible();
  await expect(page.getByText('7 min read')).toBeVisible();
  // The page shows the count stored when it was rendered (none yet): the visit is counted
  // without delaying the page, and written within a second or so.
  await expect(page.getByText(/\d+ views/)).toHaveCount(0);
  const storedViews = async () =>
    ((await (await request.get(`/api/blog-posts/${post.id}`)).json()) as { metadata: { views?: number } }).metadata.views;
  await expect.poll(storedViews).toBe(1);
  // A kept page is rendered again when something on it changes (here a comment), count included.
  const comment = await request.post(`/api/blog-posts/${post.id}/comments`, {
    data: { author: 'Reader', email: 'reader@example.org', content: 'Counted.', postId: post.id },
  });
  expect(comment.status()).toBe(201);
  await page.reload();
  await expect(page.getByText('1 view', { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: post.title })).toBeVisible();
  await expect(page.locator('.markdown table')).toBeVisible();
  // Its card on /blog says the same, in the singular.
  await page.goto(`/blog?q=${encodeURIComponent(post.title)}`);
  await expect(page.getByRole('article').filter({ hasText: post.title }).getByText('1 view', { exact: true })).toBeVisible();

  const untagged = await createPost(request, { title: `Untagged ${Date.now()}`, tags: [] });
  await page.goto(`/blog/${untagged.slug}`);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Article');
});

test('share buttons open 600x400 windows with the title and url; Copy Link copies it', async ({ page, context, request }) => {
  const post = await createPost(request, { title: `Share me ${Date.now()}` });
  await context.route(/twitter\.com|linkedin\.com|facebook\.com/, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>share</title>' }),
  );
  await page.goto(`/blog/${post.slug}`);
  const url = `${new URL(page.url()).origin}/blog/${post.slug}`;
  for (const name of ['Share on X', 'Share on LinkedIn', 'Share on Facebook']) {
    const popupPromise = page.waitForEvent('popup');
    await page.getByRole('button', { name }).click();
    const popup = await popupPromise;
    expect(decodeURIComponent(popup.url())).toContain(url);
    expect(decodeURIComponent(popup.url().replace(/\+/g, ' '))).toContain(post.title);
    await popup.waitForLoadState();
    expect(await popup.evaluate(() => [window.outerWidth, window.outerHeight])).toEqual([600, 400]);
    await popup.close();
  }

  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy Link' }).click();
  await expect(page.getByText('Link copied!', { exact: true })).toBeVisible();
  await expect(page.getByText('The link has been copied to your clipboard.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
});

test('a clipboard failure says so', async ({ page, request }) => {
  const post = await createPost(request, { title: `Clipboard ${Date.now()}` });
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) } });
  });
  await page.goto(`/blog/${post.slug}`);
  await page.getByRole('button', { name: 'Copy Link' }).click();
  await expect(page.getByText('Failed to copy', { exact: true })).toBeVisible();
  await expect(page.getByText('Could not copy the link to the clipboard.')).toBeVisible();
});

test('comments: validation, Posting..., success with initials, failure, and no e-mail shown', async ({ page, request }) => {
  const post = await createPost(request, { title: `Comments ${Date.now()}` });
  await page.goto(`/blog/${post.slug}`);
  await expect(page.getByText('No comments yet. Be the first to share your thoughts!')).toBeVisible();
  const sent: string[] = [];
  page.on('request', (r) => r.method() === 'POST' && r.url().includes('/comments') && sent.push(r.url()));

  await page.getByLabel('Name *').fill('   ');
  await page.getByRole('button', { name: 'Post Comment' }).click();
  await expect(page.getByText('Missing fields', { exact: true })).toBeVisible();
  await expect(page.getByText('Please fill in all fields.')).toBeVisible();
  // Marked where they are, the focus on the first: a name of spaces is no name.
  await expect(page.getByLabel('Name *')).toBeFocused();
  await expect(page.getByLabel('Name *')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Write your name here.')).toBeVisible();
  await expect(page.getByLabel('Comment *')).toHaveAccessibleDescription('Write your comment here.');
  await page.getByLabel('Name *').fill('Ada Lovelace');
  await expect(page.getByText('Write your name here.')).toHaveCount(0);
  await page.getByLabel('Email *').fill('not-an-email');
  await page.getByLabel('Comment *').fill('Great read');
  await page.getByRole('button', { name: 'Post Comment' }).click();
  await expect(page.getByText('Failed to post comment', { exact: true })).toBeVisible();
  expect(sent).toEqual([]);

  await page.getByLabel('Email *').fill('ada@example.com');
  await page.route('**/comments', async (route) => {
    if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  await page.getByRole('button', { name: 'Post Comment' }).click();
  await expect(page.getByRole('button', { name: 'Posting...' })).toBeDisabled();
  await expect(page.getByText('Comment posted!', { exact: true })).toBeVisible();
  await expect(page.getByText('Your comment has been added successfully.')).toBeVisible();
  await expect(page.getByLabel('Name *')).toHaveValue('');
  const list = page.getByRole('region', { name: /Comments/ }).getByRole('listitem');
  await expect(list).toHaveCount(1);
  await expect(list.first()).toContainText('AL');
  await expect(list.first()).toContainText('Great read');
  await expect(page.locator('body')).not.toContainText('ada@example.com');

  await page.unroute('**/comments');
  await page.route('**/comments', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 429, contentType: 'application/json', body: '{"message":"Too many comments. Try again later."}' })
      : route.continue(),
  );
  await page.getByLabel('Name *').fill('Grace');
  await page.getByLabel('Email *').fill('grace@example.com');
  await page.getByLabel('Comment *').fill('Second');
  await page.getByRole('button', { name: 'Post Comment' }).click();
  await expect(page.getByText('429: Too many comments. Try again later.', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Comment *')).toHaveValue('Second');
});

test('a post page arrives with its comments: nothing asks for them again', async ({ page, request }) => {
  const post = await createPost(request, { title: `Arrives with comments ${Date.now()}` });
  await request.post(`/api/blog-posts/${post.id}/comments`, {
    data: { author: 'Early Reader', email: 'early@example.com', content: 'Already here' },
  });
  const asked: string[] = [];
  page.on('request', (r) => r.url().includes('/comments') && asked.push(r.url()));
  await page.goto(`/blog/${post.slug}`);
  await expect(page.getByRole('region', { name: /Comments/ }).getByRole('listitem')).toContainText('Already here');
  await page.waitForLoadState('networkidle');
  expect(asked).toEqual([]);
});

test("inside the author's app, comments load after the post, with their loading text when slow", async ({ page }) => {
  // Publishing moves to the post without loading a page: the app asks for its comments then.
  const title = `Slow comments ${Date.now()}`;
  await unlockEditor(page);
  await page.getByLabel('Title', { exact: true }).fill(title);
  await contentArea(page).fill('Body of a post published from the editor.');
  await page.route('**/comments', async (route) => {
    if (route.request().method() === 'GET') await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.getByRole('switch', { name: 'Publish immediately' }).click();
  await page.getByRole('button', { name: 'Publish Post' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Loading comments...')).toBeVisible();
  await expect(page.getByText('No comments yet. Be the first to share your thoughts!')).toBeVisible();
});

test('following a link from one post to another shows the other at the top', async ({ page, request }) => {
  const stamp = Date.now();
  const newer = await createPost(request, { title: `Newer scroll ${stamp}`, content: 'Para.\n\n'.repeat(200) });
  const older = await createPost(request, {
    title: `Older scroll ${stamp}`,
    content: `${'Para.\n\n'.repeat(200)}[Read the next one](/blog/${newer.slug})`,
  });
  await page.goto(`/blog/${older.slug}`);
  const next = page.getByRole('link', { name: 'Read the next one' });
  await next.scrollIntoViewIfNeeded();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await next.click();
  await expect(page.getByRole('heading', { level: 1, name: newer.title })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
