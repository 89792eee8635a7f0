import { createPost, expect, test, useIslands, watchConsole } from './fixtures.ts';

test('the home page arrives rendered with the latest posts and hydrates without warnings', async ({ page, request }) => {
  const title = `Rendered on the server ${Date.now()}`;
  await createPost(request, { title });

  const raw = await request.get('/');
  expect(raw.status()).toBe(200);
  const html = await raw.text();
  expect(html).toContain(title);
  expect(html).toContain('id="__QUERY_STATE__"');

  const problems = watchConsole(page);
  await page.goto('/');
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  // Hydrated at a reader's first use: React has attached to every island of the page.
  await useIslands(page);
  expect(problems).toEqual([]);
});

test('hashed assets are served with an immutable cache header', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
  expect(assets.length).toBeGreaterThan(0);
  for (const asset of assets) {
    const response = await request.get(asset);
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toContain('immutable');
  }
});

test('unknown routes answer 404 with the 404 page', async ({ page, request }) => {
  const raw = await request.get('/no/such/page');
  expect(raw.status()).toBe(404);
  expect(await raw.text()).toContain('404 Page Not Found');
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
});

test('a page asked for with a trailing slash or in capitals is sent to its one address', async ({ page, request }) => {
  for (const [asked, canonical] of [
    ['/cv/', '/cv'],
    ['/BLOG', '/blog'],
    ['/Blog/?q=1', '/blog?q=1'],
  ] as const) {
    const response = await request.get(asked, { maxRedirects: 0 });
    expect(response.status(), asked).toBe(301);
    expect(response.headers().location, asked).toBe(canonical);
  }
  await page.goto('/blog/');
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('404 Page Not Found');
});

test('moving between pages inside the app keeps the head as the server would render it', async ({ page, request }) => {
  const post = await createPost(request, {
    title: `Head after navigation ${Date.now()}`,
    tags: ['Design', 'Testing', 'Future Leaders'],
  });
  await page.goto('/no/such/page');
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to Portfolio' }).click();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /^https?:\/\/[^/]+\/$/);
  const homeData = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as {
    '@graph'?: unknown[];
  };
  expect(homeData['@graph']).toHaveLength(2);
  await page.getByRole('link', { name: 'View All Posts' }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/blog$/);
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  await page.getByRole('searchbox').fill(post.title);
  await page.getByRole('link', { name: post.title }).click();
  await expect(page).toHaveTitle(`${post.title} | EdTech Dialogue`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/blog/${post.slug}$`));
  const tags = await page
    .locator('meta[property="article:tag"]')
    .evaluateAll((metas) => metas.map((m) => m.getAttribute('content')));
  expect(tags).toEqual(['Design', 'Testing', 'Future Leaders']);
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(jsonLd).toHaveLength(1);
  expect(JSON.parse(jsonLd[0]!)).toMatchObject({ '@type': 'BlogPosting', headline: post.title });
});

test('the page carries a script nonce in its Content-Security-Policy', async ({ request }) => {
  const response = await request.get('/');
  const policy = response.headers()['content-security-policy'] ?? '';
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
  expect(nonce).toBeTruthy();
  expect(policy).not.toContain("'unsafe-inline' 'nonce");
  expect(await response.text()).toContain(`nonce="${nonce}"`);
});
