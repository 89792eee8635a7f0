import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '../fixtures.ts';
import { contentArea, unlockEditor } from './admin-support.ts';

const article = `<!doctype html><html><head><title>Solar powered classrooms in Uganda | Field notes</title>
<meta property="og:image" content="/images/solar.jpg"></head><body>
<nav>Home · About</nav>
<article><h1>Solar powered classrooms in Uganda</h1>
<p>Across rural Uganda, schools without grid power are running computer labs on solar panels. This
article follows three of them through a school year and what the students built.</p>
<h2>What we measured</h2>
<table><thead><tr><th>School</th><th>Laptops</th></tr></thead><tbody><tr><td>Gulu</td><td>24</td></tr></tbody></table>
<p>Read the <a href="/reports/2025">full report</a> for the numbers behind every panel and battery we installed.</p>
<pre><code class="language-python">print("hello from the lab")</code></pre>
<p>Students wrote their first programs within a week, and by the end of term they were teaching younger pupils.</p>
</article><footer>© Field notes</footer></body></html>`;

let server: Server;
let origin = '';

test.beforeAll(async () => {
  server = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(article);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

test('importing an article fills the editor, asking before it replaces writing', async ({ page }) => {
  await unlockEditor(page);
  await page.getByLabel('Article URL').fill(`${origin}/articles/solar`);
  await page.getByRole('button', { name: 'Import Content' }).click();
  await expect(page.getByText('Content imported')).toBeVisible();
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Solar powered classrooms in Uganda');
  await expect(page.getByLabel('Slug', { exact: true })).toHaveValue('solar-powered-classrooms-in-uganda');
  const content = contentArea(page);
  await expect(content).toHaveValue(/\| School \| Laptops \|/);
  await expect(content).toHaveValue(/```python\nprint\("hello from the lab"\)\n```/);
  await expect(content).toHaveValue(new RegExp(`\\[full report\\]\\(${origin}/reports/2025\\)`));
  await expect(page.getByLabel('Cover Image (optional)')).toHaveValue(`${origin}/images/solar.jpg`);

  // Writing exists now: a second import asks first, and Cancel keeps it.
  await content.fill('My own words');
  await page.getByLabel('Article URL').fill(`${origin}/articles/solar`);
  await page.getByRole('button', { name: 'Import Content' }).click();
  const dialog = page.getByRole('dialog', { name: 'Replace your post with the imported article?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(content).toHaveValue('My own words');
  await page.getByRole('button', { name: 'Import Content' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Replace' }).click();
  await expect(content).toHaveValue(/solar panels/);
});

test('an import of a private address is refused, saying the server cannot reach it and what to do', async ({ page }) => {
  await unlockEditor(page);
  await page.getByLabel('Article URL').fill('http://10.0.0.1/internal');
  await page.getByRole('button', { name: 'Import Content' }).click();
  await expect(page.getByText('Import failed')).toBeVisible();
  await expect(
    page.getByText(
      "400: The site's server cannot fetch 10.0.0.1: it is a private or local address, not one on the public web. Import from a public address instead.",
    ),
  ).toBeVisible();
});
