import { createPost, expect, test } from '../fixtures.ts';

test('the home page has every section of the portfolio with the fixed figures', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Available for projects')).toBeVisible();
  await expect(page.getByText('Kampala, Uganda').first()).toBeVisible();
  const social = page.getByRole('list', { name: 'Social links' }).getByRole('link');
  await expect(social).toHaveCount(3);
  for (const link of await social.all()) await expect(link).toHaveAttribute('rel', 'me noopener noreferrer');

  const skills = page.getByRole('region', { name: 'What I Do' });
  await expect(skills.getByRole('article')).toHaveCount(3);

  const partners = page.getByRole('region', { name: 'Partnerships' });
  const cards = partners.getByRole('article');
  await expect(cards).toHaveCount(6);
  for (const card of await cards.all()) {
    const image = card.getByRole('img');
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(card.getByRole('list', { name: 'Tags' }).getByRole('listitem').first()).toBeVisible();
    const site = card.getByRole('link', { name: /Visit website/ });
    await expect(site).toHaveAttribute('target', '_blank');
    await expect(site).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(site).toHaveAttribute('href', /^https:\/\//);
  }
  const strip = partners.locator('dl');
  await expect(strip).toContainText('6');
  await expect(strip).toContainText('Partner Organizations');
  await expect(strip).toContainText('1000+');
  await expect(strip).toContainText('Students Impacted');
  await expect(strip).toContainText('4');
  await expect(strip).toContainText('Countries Reached');
  await expect(page.getByText('7+ years of experience')).toBeVisible();
});

test('View My Work scrolls to the partnerships', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'View My Work' }).click();
  await expect(page.getByRole('heading', { name: 'Partnerships' })).toBeInViewport();
});

test('Latest from the Blog shows the 3 newest published posts, and View All Posts opens the blog at the top', async ({
  page,
  request,
}) => {
  const stamp = Date.now();
  for (const n of [1, 2, 3, 4])
    await createPost(request, { title: `Latest ${stamp} #${n}`, content: `${'Long body text for the preview. '.repeat(10)}` });
  await createPost(request, { title: `Latest ${stamp} draft`, published: false });
  await page.goto('/');
  const latest = page.getByRole('region', { name: 'Latest from the Blog' });
  await expect(latest.getByRole('article')).toHaveCount(3);
  await expect(latest.getByRole('link', { name: /^Latest \d+ #\d$/ })).toHaveText([
    `Latest ${stamp} #4`,
    `Latest ${stamp} #3`,
    `Latest ${stamp} #2`,
  ]);
  await expect(latest.getByText(`Latest ${stamp} draft`)).toHaveCount(0);
  // No excerpt: the first 100 characters of the content and an ellipsis.
  await expect(
    latest
      .getByRole('article')
      .first()
      .getByText(/\.\.\.$/),
  ).toHaveText(`${'Long body text for the preview. '.repeat(10).slice(0, 100)}...`);

  await latest.getByRole('link', { name: 'View All Posts' }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('the CV has its summary, 4 skill groups, 5 roles with dates, 3 projects, 4 education entries and contact links', async ({
  page,
}) => {
  await page.goto('/cv');
  await expect(page.getByRole('heading', { name: 'Professional Summary' })).toBeVisible();
  const skills = page.getByRole('region', { name: 'Technical Skills' });
  await expect(skills.getByRole('heading', { level: 3 })).toHaveText([
    'Curriculum Design',
    'Data Analysis',
    'Project Management',
    'LMS Development',
  ]);
  const roles = page.getByRole('region', { name: 'Professional Experience' }).locator('ol > li');
  await expect(roles).toHaveCount(5);
  for (const role of await roles.all()) await expect(role).toContainText(/[A-Z][a-z]{2} \d{4} – (Present|[A-Z][a-z]{2} \d{4})/);
  await expect(page.getByRole('region', { name: 'Selected Projects' }).getByRole('article')).toHaveCount(3);
  await expect(page.getByRole('region', { name: 'Education & Certifications' }).getByRole('listitem')).toHaveCount(4);
  await expect(page.getByRole('link', { name: 'Email Me' })).toHaveAttribute('href', /^mailto:/);
  await expect(page.getByRole('link', { name: 'Connect on LinkedIn' })).toHaveAttribute(
    'href',
    /^https:\/\/www\.linkedin\.com\//,
  );
});
