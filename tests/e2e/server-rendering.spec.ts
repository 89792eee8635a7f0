import { createPost, expect, test, watchConsole } from './fixtures.ts';

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
  // Hydration is done when React has attached: a client-side navigation then works without reload.
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });
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

test('the page carries a script nonce in its Content-Security-Policy', async ({ request }) => {
  const response = await request.get('/');
  const policy = response.headers()['content-security-policy'] ?? '';
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
  expect(nonce).toBeTruthy();
  expect(policy).not.toContain("'unsafe-inline' 'nonce");
  expect(await response.text()).toContain(`nonce="${nonce}"`);
});
