import { createPost, expect, test } from '../fixtures.ts';

test('navigation links go to their page, highlight it, and the blog link stays active on a post', async ({
  page,
  request,
}, testInfo) => {
  const post = await createPost(request, { title: `Nav post ${Date.now()}` });
  await page.goto('/cv');
  const mobile = testInfo.project.name === 'mobile';
  const nav = async () => {
    if (mobile) await page.getByRole('button', { name: 'Open menu' }).click();
    return mobile ? page.locator('#mobile-menu') : page.getByRole('navigation', { name: 'Main' });
  };
  await (await nav()).getByRole('link', { name: 'Blog' }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.getByRole('heading', { level: 1, name: 'EdTech Dialogue' })).toBeVisible();
  if (mobile) await expect(page.locator('#mobile-menu')).toHaveCount(0);
  let menu = await nav();
  await expect(menu.getByRole('link', { name: 'Blog' })).toHaveAttribute('aria-current', 'page');
  await expect(menu.getByRole('link', { name: 'Portfolio' })).not.toHaveAttribute('aria-current', 'page');
  if (mobile) await page.getByRole('button', { name: 'Close menu' }).click();

  await page.goto(`/blog/${post.slug}`);
  menu = await nav();
  await expect(menu.getByRole('link', { name: 'Blog' })).toHaveAttribute('aria-current', 'page');
  await menu.getByRole('link', { name: 'About Me' }).click();
  await expect(page).toHaveURL(/\/cv$/);
  menu = await nav();
  await expect(menu.getByRole('link', { name: 'About Me' })).toHaveAttribute('aria-current', 'page');
  await menu.getByRole('link', { name: 'Portfolio' }).click();
  await expect(page).toHaveURL(/\/$/);
  menu = await nav();
  await expect(menu.getByRole('link', { name: 'Portfolio' })).toHaveAttribute('aria-current', 'page');
});

test('the logo goes home and to the top; Get in Touch scrolls to the contact form', async ({ page }, testInfo) => {
  await page.goto('/cv');
  await page.mouse.wheel(0, 2000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.getByRole('banner').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  if (testInfo.project.name === 'mobile') await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Get in Touch' }).click();
  await expect(page.locator('#contact')).toBeInViewport();
  if (testInfo.project.name === 'mobile') await expect(page.locator('#mobile-menu')).toHaveCount(0);
});

test('the menu button toggles the menu on a phone; wide screens show the links inline', async ({ page }, testInfo) => {
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Open menu' });
  if (testInfo.project.name !== 'mobile') {
    await expect(toggle).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Me' })).toBeVisible();
    return;
  }
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(page.locator('#mobile-menu').getByRole('link', { name: 'About Me' })).toBeVisible();
  await page.getByRole('button', { name: 'Close menu' }).click();
  await expect(page.locator('#mobile-menu')).toHaveCount(0);
});

test.describe('contact form', () => {
  test('shows the placeholders and refuses empty required fields without sending', async ({ page }) => {
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Contact form' });
    for (const placeholder of ['Your Name *', 'Your Email *', 'Subject', 'Your Message *']) {
      await expect(form.getByPlaceholder(placeholder, { exact: true })).toBeVisible();
    }
    const sent: string[] = [];
    page.on('request', (r) => r.url().includes('/api/contact') && sent.push(r.url()));
    await form.getByPlaceholder('Your Name *').fill('Ada');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Required Fields', { exact: true })).toBeVisible();
    await expect(page.getByText('Please fill in all required fields.')).toBeVisible();
    expect(sent).toEqual([]);
    // The empty ones are marked where they are, and the focus is on the first of them.
    const email = form.getByPlaceholder('Your Email *');
    await expect(email).toBeFocused();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('Write your e-mail address here, so that I can answer.');
    await expect(form.getByPlaceholder('Your Message *')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText('Write your message here.')).toBeVisible();
    await expect(form.getByPlaceholder('Your Name *')).not.toHaveAttribute('aria-invalid', /.*/);
    // Visible labels, beside the placeholders.
    for (const label of ['Name', 'Email', 'Subject', 'Message'])
      await expect(form.getByText(label, { exact: true })).toBeVisible();
    // Typing takes the mark away.
    await email.fill('ada@example.com');
    await expect(email).not.toHaveAttribute('aria-invalid', /.*/);
    await expect(form.getByText('Write your e-mail address here, so that I can answer.')).toHaveCount(0);
    // The honeypot is there for bots only: not visible, not in the tab order.
    // (The subscribe form in the footer has one of its own.)
    await expect(form.locator('input[name="website"]')).toHaveAttribute('tabindex', '-1');
    await expect(form.locator('input[name="website"]')).not.toBeInViewport();
    await expect(form.locator('div[aria-hidden="true"]').filter({ has: page.locator('input[name="website"]') })).toHaveCount(1);
  });

  test('sends, shows Sending... meanwhile, thanks the visitor and clears the form', async ({ page }) => {
    await page.goto('/');
    await page.route('**/api/contact', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    });
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByPlaceholder('Your Name *').fill('Ada Lovelace');
    await form.getByPlaceholder('Your Email *').fill('ada@example.com');
    await form.getByPlaceholder('Subject').fill('Workshop');
    await form.getByPlaceholder('Your Message *').fill('Could you run a workshop for our school?');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    await expect(page.getByText('Message Sent!', { exact: true })).toBeVisible();
    await expect(page.getByText("Thank you for your message. I'll get back to you soon!")).toBeVisible();
    await expect(form.getByPlaceholder('Your Name *')).toHaveValue('');
    await expect(form.getByPlaceholder('Your Message *')).toHaveValue('');
  });

  test('keeps what was typed when sending fails, and shows one toast at a time', async ({ page }) => {
    await page.goto('/');
    await page.route('**/api/contact', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down"}' }),
    );
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Required Fields', { exact: true })).toBeVisible();
    await form.getByPlaceholder('Your Name *').fill('Grace');
    await form.getByPlaceholder('Your Email *').fill('grace@example.com');
    await form.getByPlaceholder('Your Message *').fill('Hello there');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Failed to send message. Please try again.')).toBeVisible();
    await expect(page.getByText('Required Fields', { exact: true })).toHaveCount(0);
    await expect(form.getByPlaceholder('Your Name *')).toHaveValue('Grace');
    await expect(form.getByPlaceholder('Your Message *')).toHaveValue('Hello there');
  });
});
