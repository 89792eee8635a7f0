import type { Page } from '@playwright/test';
import { createPost, expect, test } from '../fixtures.ts';

// DESIGN.md "readers on metered data": the contact and comment forms work without JavaScript. A
// plain POST is answered 303 back to the page, which shows SPEC.md's text beside the form; nothing
// the visitor typed ever goes into an address (issue 19).
test.use({ javaScriptEnabled: false });

/** Every address the page asks for, to check that none carries what was typed. */
function watchAddresses(page: Page): string[] {
  const addresses: string[] = [];
  page.on('request', (request) => addresses.push(request.url()));
  page.on('framenavigated', (frame) => addresses.push(frame.url()));
  return addresses;
}

function expectNoneCarries(addresses: string[], typed: string[]): void {
  for (const address of addresses) {
    const decoded = decodeURIComponent(address.replaceAll('+', ' '));
    for (const text of typed) expect(decoded, address).not.toContain(text);
  }
}

test('sends the contact form from /cv and says Message Sent! there, once', async ({ page }) => {
  const addresses = watchAddresses(page);
  const message = `Sent without script ${Date.now()}`;
  await page.goto('/cv');
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByPlaceholder('Your Name *').fill('Nomvula Script-Free');
  await form.getByPlaceholder('Your Email *').fill('nomvula@example.com');
  await form.getByPlaceholder('Your Message *').fill(message);
  const posted = page.waitForResponse((r) => r.url().endsWith('/api/contact') && r.request().method() === 'POST');
  await form.getByRole('button', { name: 'Send Message' }).click();
  expect((await posted).status()).toBe(303);

  await expect(page).toHaveURL(/\/cv#contact$/);
  const status = form.getByRole('status');
  await expect(status).toContainText('Message Sent!');
  await expect(status).toContainText("Thank you for your message. I'll get back to you soon!");
  await expect(form.getByPlaceholder('Your Name *')).toHaveValue('');
  expectNoneCarries(addresses, ['Nomvula', 'nomvula@example.com', message]);

  await page.reload();
  await expect(form.getByRole('status')).toHaveCount(0);
});

test('a contact form without its message says Required Fields and keeps what was typed', async ({ page }) => {
  const addresses = watchAddresses(page);
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByPlaceholder('Your Name *').fill('Forgetful Writer');
  await form.getByPlaceholder('Your Email *').fill('forgetful@example.com');
  await form.getByPlaceholder('Subject').fill('A partnership');
  await form.getByRole('button', { name: 'Send Message' }).click();

  await expect(page).toHaveURL(/\/#contact$/);
  const alert = form.getByRole('alert');
  await expect(alert).toContainText('Required Fields');
  await expect(alert).toContainText('Please fill in all required fields.');
  await expect(form.getByPlaceholder('Your Name *')).toHaveValue('Forgetful Writer');
  await expect(form.getByPlaceholder('Your Email *')).toHaveValue('forgetful@example.com');
  await expect(form.getByPlaceholder('Subject')).toHaveValue('A partnership');
  expectNoneCarries(addresses, ['Forgetful', 'forgetful@example.com', 'A partnership']);

  // Put right and sent again: it goes through.
  await form.getByPlaceholder('Your Message *').fill('Here is the message this time.');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByRole('status')).toContainText('Message Sent!');
});

test('posts a comment and shows it, with Comment posted!', async ({ page, request }) => {
  const post = await createPost(request, { title: `Comments without script ${Date.now()}` });
  const addresses = watchAddresses(page);
  const comment = `A comment with no script ${Date.now()}`;
  await page.goto(`/blog/${post.slug}`);
  const section = page.getByRole('region', { name: /Comments/ });
  await section.getByLabel('Name *').fill('Chidi Plain');
  await section.getByLabel('Email *').fill('chidi@example.com');
  await section.getByLabel('Comment *').fill(comment);
  await section.getByRole('button', { name: 'Post Comment' }).click();

  await expect(page).toHaveURL(new RegExp(`/blog/${post.slug}#comments$`));
  const status = section.getByRole('status');
  await expect(status).toContainText('Comment posted!');
  await expect(status).toContainText('Your comment has been added successfully.');
  await expect(section.getByRole('listitem').filter({ hasText: comment })).toContainText('Chidi Plain');
  await expect(section.getByLabel('Comment *')).toHaveValue('');
  expectNoneCarries(addresses, ['Chidi', 'chidi@example.com', comment]);

  await page.reload();
  await expect(section.getByRole('status')).toHaveCount(0);
  await expect(section.getByRole('listitem').filter({ hasText: comment })).toHaveCount(1);
});

test('a comment with a bad e-mail address says why and keeps what was typed', async ({ page, request }) => {
  const post = await createPost(request, { title: `Comment errors without script ${Date.now()}` });
  const addresses = watchAddresses(page);
  const comment = `Kept after an error ${Date.now()}`;
  await page.goto(`/blog/${post.slug}`);
  const section = page.getByRole('region', { name: /Comments/ });
  await section.getByLabel('Name *').fill('Amina Typo');
  await section.getByLabel('Email *').fill('amina-at-example');
  await section.getByLabel('Comment *').fill(comment);
  await section.getByRole('button', { name: 'Post Comment' }).click();

  await expect(page).toHaveURL(new RegExp(`/blog/${post.slug}#comments$`));
  const alert = section.getByRole('alert');
  await expect(alert).toContainText('Failed to post comment');
  await expect(alert).toContainText('email: Invalid email address');
  await expect(section.getByLabel('Name *')).toHaveValue('Amina Typo');
  await expect(section.getByLabel('Email *')).toHaveValue('amina-at-example');
  await expect(section.getByLabel('Comment *')).toHaveValue(comment);
  await expect(section.getByRole('listitem').filter({ hasText: comment })).toHaveCount(0);
  expectNoneCarries(addresses, ['Amina', 'amina-at-example', comment]);
});
