import { E2E_MAILBOX_URL } from '../../../playwright.config.ts';
import { unlockEditor } from '../admin/admin-support.ts';
import { unique } from '../admin/back-office-support.ts';
import { createPost, expect, test } from '../fixtures.ts';

/**
 * Issue 23, in the browser: subscribe from a post (with and without JavaScript), confirm from the
 * e-mail's link, turn on `Send to subscribers`, publish, see `Sent 1 of 1`, unsubscribe from the
 * e-mail's link. The site sends through the mailbox playwright.config.ts starts beside it.
 */

interface Mail {
  to: string[];
  subject: string;
  text: string;
  headers: Record<string, string>;
}

async function mailTo(address: string, subject?: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await fetch(`${E2E_MAILBOX_URL}/messages?to=${encodeURIComponent(address)}`)).json()) as Mail[];
        found = mails.filter((mail) => !subject || mail.subject === subject).at(-1);
        return found !== undefined;
      },
      { message: `an e-mail to ${address}` },
    )
    .toBe(true);
  return found!;
}

const linkIn = (mail: Mail, path: string) => {
  const link = new RegExp(`https?://[^\\s>]+(${path}/[A-Za-z0-9_-]+)`).exec(mail.text)?.[1];
  expect(link, mail.text).toBeTruthy();
  return link!;
};

for (const javaScript of [true, false]) {
  test(`a reader subscribes from a post ${javaScript ? 'with' : 'without'} JavaScript, confirms from the e-mail, gets the next post and unsubscribes`, async ({
    browser,
    page,
    request,
  }, testInfo) => {
    const post = await createPost(request, { title: unique('Letters from the field') });
    const email = `reader-${Date.now()}-${testInfo.project.name}-${javaScript ? 'js' : 'nojs'}@example.com`;
    const reader = await browser.newContext({ javaScriptEnabled: javaScript, ...testInfo.project.use });
    const tab = await reader.newPage();
    try {
      await tab.goto(`/blog/${post.slug}`);
      const form = tab.locator('#subscribe');
      await expect(form.getByRole('heading', { name: 'Get new posts by e-mail' })).toBeVisible();
      await form.getByLabel('E-mail address').fill(email);
      await form.getByRole('button', { name: 'Subscribe' }).click();
      await expect(tab.locator('#subscribe').getByRole('status')).toContainText('Check your inbox to confirm your subscription.');

      const confirmation = await mailTo(email);
      await tab.goto(linkIn(confirmation, '/newsletter/confirm'));
      await tab.getByRole('button', { name: 'Confirm subscription' }).click();
      await expect(tab.getByRole('heading', { level: 1, name: "You're subscribed" })).toBeVisible();

      // The author writes the next post with `Send to subscribers` on, and publishes it.
      const title = unique('News for subscribers');
      await unlockEditor(page, '/write');
      await page.getByLabel('Title', { exact: true }).fill(title);
      await page.getByLabel('Content', { exact: true }).fill('Sent to every confirmed subscriber, once.');
      await page.getByRole('tab', { name: 'Settings' }).click();
      await page.getByRole('switch', { name: 'Send to subscribers' }).click();
      await page.getByRole('switch', { name: 'Publish immediately' }).click();
      await page.getByRole('tab', { name: 'Write' }).click();
      await page.getByRole('button', { name: 'Publish Post' }).click();
      await expect(page.getByText(`Your post "${title}" has been published`)).toBeVisible();

      const letter = await mailTo(email, title);
      expect(letter.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      await page.goto('/admin/posts');
      await expect(page.getByRole('row').filter({ hasText: title })).toContainText('Sent 1 of 1');

      await tab.goto(linkIn(letter, '/newsletter/unsubscribe'));
      await tab.getByRole('button', { name: 'Unsubscribe' }).click();
      await expect(tab.getByRole('heading', { level: 1, name: "You're unsubscribed" })).toBeVisible();
    } finally {
      await reader.close();
    }
  });
}
