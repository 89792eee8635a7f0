import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { parseHTML } from 'linkedom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceRenderer } from '../../../tests/support/fuzz.ts';
import { adminCookie, createTestApp, postPayload, type TestApp, tables } from '../../../tests/support/test-app.ts';
import * as entry from '../../client/entry-server.tsx';
import type { Post } from '../../shared/posts.ts';

const { comments, contactMessages } = tables;
const SITE_URL = 'http://localhost:3000';
const renderer = sourceRenderer(entry, readFileSync('index.html', 'utf8'), SITE_URL);
const COOKIE = 'form_outcome';
/** The app's body limit, which a JSON body has too. */
const BODY_LIMIT = 1024 * 1024;

/** Each send comes from its own address unless a test says otherwise, so the write limit never interferes. */
let nextAddress = 1;
const freshAddress = () => `10.19.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

/** A form as a browser without script sends it: `application/x-www-form-urlencoded`. */
function sendForm(
  t: TestApp,
  url: string,
  fields: Record<string, string>,
  { remoteAddress = freshAddress(), headers = {} }: { remoteAddress?: string; headers?: Record<string, string> } = {},
) {
  return t.app.inject({
    method: 'POST',
    url,
    remoteAddress,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(fields).toString(),
  });
}

/**
 * Checks the 303 back to `target` and that its address carries nothing the visitor typed; answers
 * the outcome cookie as the browser sends it on the next request.
 */
function expectBackTo(response: LightMyRequestResponse, target: string, typed: Record<string, string>): string {
  expect(response.statusCode, response.body).toBe(303);
  const location = String(response.headers.location);
  expect(location).toBe(target);
  for (const value of Object.values(typed).filter((text) => text.trim().length > 2)) {
    for (const form of [value, encodeURIComponent(value), new URLSearchParams({ v: value }).toString().slice(2)])
      expect(location).not.toContain(form);
  }
  const cookie = response.cookies.find((c) => c.name === COOKIE);
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: target.split('#')[0], maxAge: 60 });
  const header = [response.headers['set-cookie'] ?? []].flat().find((line) => line.startsWith(`${COOKIE}=`))!;
  return header.split(';')[0]!;
}

const dom = (html: string) => parseHTML(html).document;
const contactForm = (html: string) => dom(html).querySelector('form[aria-label="Contact form"]')!;
const commentForm = (html: string) => dom(html).querySelector('form[action^="/api/blog-posts/"]')!;
/** What the form shows of an outcome: its role and its text. */
function notice(form: Element): { role: string | null; text: string } | undefined {
  const element = form.querySelector('[role="status"], [role="alert"]');
  return element ? { role: element.getAttribute('role'), text: element.textContent ?? '' } : undefined;
}
/** A field's value as the browser fills it (linkedom leaves a textarea's character references as written). */
const fieldValue = (form: Element, name: string) => {
  const field = form.querySelector(`[name="${name}"]`)!;
  if (field.tagName !== 'TEXTAREA') return field.getAttribute('value');
  return dom(`<p>${field.textContent ?? ''}</p>`).querySelector('p')!.textContent;
};

describe('issue 19: the comment and contact forms without script (a plain POST, 303 back to the page)', () => {
  let t: TestApp;
  let post: Post;
  const page = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });

  beforeAll(async () => {
    t = await createTestApp({ SITE_URL, VISITOR_WRITE_LIMIT: '2' }, { renderer });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/blog-posts',
      headers: { cookie: await adminCookie(t.app) },
      payload: postPayload({ slug: 'no-script-comments' }),
    });
    expect(response.statusCode, response.body).toBe(201);
    post = response.json<Post>();
    await t.app.pageCache.sync();
  });
  afterAll(() => t.close());

  const postPage = () => `/blog/${post.slug}`;
  const commentsUrl = () => `/api/blog-posts/${post.id}/comments`;
  const storedComments = (content: string) => t.db.select().from(comments).where(eq(comments.content, content));
  const storedMessages = (message: string) => t.db.select().from(contactMessages).where(eq(contactMessages.message, message));

  it('renders both forms as POSTs to the API, naming their page, with nothing sent by GET', async () => {
    const html = (await page(postPage())).body;
    for (const [form, action] of [
      [contactForm(html), '/api/contact'],
      [commentForm(html), commentsUrl()],
    ] as const) {
      expect(form.getAttribute('method')).toBe('post');
      expect(form.getAttribute('action')).toBe(action);
      expect(fieldValue(form, 'page')).toBe(postPage());
    }
  });

  describe('comment form', () => {
    it('stores a valid comment, answers 303 to the post, and the next page (only) says Comment posted!', async () => {
      const before = await page(postPage());
      expect(before.headers['cache-control']).toMatch(/^public/);
      const typed = { author: 'Amara Okafor', email: 'amara@example.org', content: 'Our club in Lagos tried this.' };
      const cookie = expectBackTo(
        await sendForm(t, commentsUrl(), { ...typed, page: postPage() }),
        `${postPage()}#comments`,
        typed,
      );
      const [stored] = await storedComments(typed.content);
      expect(stored).toMatchObject({ postId: post.id, author: 'Amara Okafor', email: 'amara@example.org', status: 'published' });

      // The page cache holds this page, without the outcome: the visitor's page is rendered apart.
      const shown = await page(postPage(), cookie);
      expect(shown.statusCode).toBe(200);
      expect(shown.headers['cache-control']).toBe('private, no-store');
      expect(notice(commentForm(shown.body))).toEqual({
        role: 'status',
        text: 'Comment posted!Your comment has been added successfully.',
      });
      expect(shown.body).toContain(typed.content);
      const cleared = shown.cookies.find((c) => c.name === COOKIE);
      expect(cleared).toMatchObject({ value: '', path: postPage() });
      expect(cleared!.expires!.getTime()).toBeLessThan(Date.now());

      const again = await page(postPage());
      expect(again.headers['cache-control']).toMatch(/^public/);
      expect(notice(commentForm(again.body))).toBeUndefined();
      expect(notice(contactForm(again.body))).toBeUndefined();
      expect(again.body).toContain(typed.content);
    });

    it('answers 303 for missing fields; the page says Missing fields and gives back what was typed; nothing is stored', async () => {
      const typed = { author: '  ', email: 'kwame@example.org', content: 'A long thought\nover two lines & more' };
      const cookie = expectBackTo(
        await sendForm(t, commentsUrl(), { ...typed, page: postPage() }),
        `${postPage()}#comments`,
        typed,
      );
      expect(await storedComments(typed.content)).toEqual([]);
      const form = commentForm((await page(postPage(), cookie)).body);
      expect(notice(form)).toEqual({ role: 'alert', text: 'Missing fields' + 'Please fill in all fields.' });
      expect(fieldValue(form, 'author')).toBe('  ');
      expect(fieldValue(form, 'email')).toBe(typed.email);
      expect(fieldValue(form, 'content')).toBe(typed.content);
      expect(fieldValue(form, 'website')).toBeNull();
    });

    it("answers 303 for an invalid e-mail address; the page names the field as the script's check does", async () => {
      const typed = { author: 'Kwame', email: 'kwame-at-example', content: 'Invalid address comment' };
      const cookie = expectBackTo(
        await sendForm(t, commentsUrl(), { ...typed, page: postPage() }),
        `${postPage()}#comments`,
        typed,
      );
      expect(await storedComments(typed.content)).toEqual([]);
      const form = commentForm((await page(postPage(), cookie)).body);
      expect(notice(form)).toEqual({ role: 'alert', text: 'Failed to post comment' + 'email: Invalid email address' });
      expect(fieldValue(form, 'email')).toBe(typed.email);
      expect(fieldValue(form, 'content')).toBe(typed.content);
    });

    it('stores a filled honeypot as spam and answers it as a comment awaiting moderation', async () => {
      const typed = { author: 'Bot', email: 'bot@example.org', content: 'Cheap pills here' };
      const cookie = expectBackTo(
        await sendForm(t, commentsUrl(), { ...typed, website: 'https://spam.example', page: postPage() }),
        `${postPage()}#comments`,
        typed,
      );
      expect((await storedComments(typed.content)).map((c) => c.status)).toEqual(['spam']);
      const shown = await page(postPage(), cookie);
      expect(notice(commentForm(shown.body))).toEqual({
        role: 'status',
        text: 'Comment posted!Your comment is awaiting moderation.',
      });
      expect(shown.body).not.toContain(typed.content);
    });

    it('applies the write limit: the third send answers 303 with the 429 reason, keeps the text, stores nothing', async () => {
      const address = freshAddress();
      const typed = (n: number) => ({ author: 'Nia', email: 'nia@example.org', content: `Limited form comment ${n}` });
      for (const n of [1, 2])
        expectBackTo(
          await sendForm(t, commentsUrl(), { ...typed(n), page: postPage() }, { remoteAddress: address }),
          `${postPage()}#comments`,
          typed(n),
        );
      const cookie = expectBackTo(
        await sendForm(t, commentsUrl(), { ...typed(3), page: postPage() }, { remoteAddress: address }),
        `${postPage()}#comments`,
        typed(3),
      );
      expect(await storedComments(typed(3).content)).toEqual([]);
      const form = commentForm((await page(postPage(), cookie)).body);
      expect(notice(form)).toEqual({ role: 'alert', text: 'Failed to post comment' + '429: Too many requests, try again later' });
      expect(fieldValue(form, 'content')).toBe(typed(3).content);
    });

    it('answers 413 JSON to a form body over the cap a JSON body has, and stores nothing', async () => {
      const content = `Oversized ${'x'.repeat(BODY_LIMIT)}`;
      const response = await sendForm(t, commentsUrl(), { author: 'Big', email: 'big@example.org', content, page: postPage() });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ message: expect.any(String) });
      expect(response.headers.location).toBeUndefined();
      expect(await storedComments(content)).toEqual([]);
    });
  });

  describe('contact form', () => {
    it('stores a message sent from /cv, answers 303 to /cv#contact, and the next /cv (only) says Message Sent!', async () => {
      // /cv is in the page cache (a message changes no page): the visitor's page must not come from it.
      expect((await page('/cv')).headers['cache-control']).toMatch(/^public/);
      const typed = { name: 'Zawadi', email: 'zawadi@example.org', subject: 'Clubs', message: 'Could we partner in Nairobi?' };
      const cookie = expectBackTo(await sendForm(t, '/api/contact', { ...typed, page: '/cv' }), '/cv#contact', typed);
      expect(await storedMessages(typed.message)).toMatchObject([{ name: 'Zawadi', subject: 'Clubs' }]);
      const shown = await page('/cv', cookie);
      expect(shown.headers['cache-control']).toBe('private, no-store');
      const form = contactForm(shown.body);
      expect(notice(form)).toEqual({
        role: 'status',
        text: "Message Sent!Thank you for your message. I'll get back to you soon!",
      });
      // A success gives nothing back: the fields are empty.
      expect(fieldValue(form, 'message')).toBe('');
      const again = await page('/cv');
      expect(notice(contactForm(again.body))).toBeUndefined();
      // Another page does not take /cv's outcome (the cookie is kept for /cv alone).
      expect(notice(contactForm((await page('/', cookie)).body))).toBeUndefined();
    });

    it('answers 303 for a missing message; the page says Required Fields and keeps what was typed', async () => {
      const typed = { name: 'Tendai', email: 'tendai@example.org', subject: 'Hello there', message: ' ' };
      const cookie = expectBackTo(await sendForm(t, '/api/contact', { ...typed, page: '/' }), '/#contact', typed);
      expect(await t.db.select().from(contactMessages).where(eq(contactMessages.email, typed.email))).toEqual([]);
      const form = contactForm((await page('/', cookie)).body);
      expect(notice(form)).toEqual({ role: 'alert', text: 'Required Fields' + 'Please fill in all required fields.' });
      expect(fieldValue(form, 'name')).toBe(typed.name);
      expect(fieldValue(form, 'email')).toBe(typed.email);
      expect(fieldValue(form, 'subject')).toBe(typed.subject);
    });

    it('drops a filled honeypot and answers exactly as a success', async () => {
      const typed = { name: 'Bot', email: 'bot@example.org', message: 'Buy followers now' };
      const cookie = expectBackTo(
        await sendForm(t, '/api/contact', { ...typed, website: 'https://spam.example', page: '/cv' }),
        '/cv#contact',
        typed,
      );
      expect(await storedMessages(typed.message)).toEqual([]);
      expect(notice(contactForm((await page('/cv', cookie)).body))).toEqual({
        role: 'status',
        text: "Message Sent!Thank you for your message. I'll get back to you soon!",
      });
    });

    it('applies the write limit: the third send answers 303 with the failure text and keeps the text', async () => {
      const address = freshAddress();
      const typed = (n: number) => ({ name: 'Busy', email: 'busy@example.org', message: `Limited form message ${n}` });
      for (const n of [1, 2])
        expectBackTo(
          await sendForm(t, '/api/contact', { ...typed(n), page: '/cv' }, { remoteAddress: address }),
          '/cv#contact',
          typed(n),
        );
      const cookie = expectBackTo(
        await sendForm(t, '/api/contact', { ...typed(3), page: '/cv' }, { remoteAddress: address }),
        '/cv#contact',
        typed(3),
      );
      expect(await storedMessages(typed(3).message)).toEqual([]);
      const form = contactForm((await page('/cv', cookie)).body);
      expect(notice(form)).toEqual({ role: 'alert', text: 'Error' + 'Failed to send message. Please try again.' });
      expect(fieldValue(form, 'message')).toBe(typed(3).message);
    });

    it('answers 413 JSON to a form body over the cap', async () => {
      const message = `Oversized ${'x'.repeat(BODY_LIMIT)}`;
      const response = await sendForm(t, '/api/contact', { name: 'Big', email: 'big@example.org', message, page: '/' });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ message: expect.any(String) });
      expect(await storedMessages(message)).toEqual([]);
    });

    it("goes back to the home page when the form names a page that is not one of the site's", async () => {
      for (const named of ['//evil.example/x', 'https://evil.example/', '/admin', '/cv?x=1', '/nowhere', '/\\evil.example']) {
        const typed = { name: 'Away', email: 'away@example.org', message: `From ${named}` };
        expectBackTo(await sendForm(t, '/api/contact', { ...typed, page: named }), '/#contact', typed);
      }
    });
  });

  it('gives back a long message typed in full', async () => {
    const message = Array.from({ length: 120 }, (_, n) => `Sentence ${n} about coding clubs in Kampala.`)
      .join(' ')
      .slice(0, 5000);
    const typed = { name: '', email: 'long@example.org', subject: '', message };
    const cookie = expectBackTo(await sendForm(t, '/api/contact', { ...typed, page: '/cv' }), '/cv#contact', typed);
    expect(cookie.length).toBeLessThan(4000);
    expect(fieldValue(contactForm((await page('/cv', cookie)).body), 'message')).toBe(message);
  });

  it('shows nothing for an outcome cookie this site did not sign, and keeps the page cacheable', async () => {
    const forged = `${COOKIE}=${Buffer.from('{"form":"contact","page":"/cv","result":"sent"}').toString('base64url')}`;
    const response = await page('/cv', forged);
    expect(response.headers['cache-control']).toMatch(/^public/);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(notice(contactForm(response.body))).toBeUndefined();
  });

  it("refuses a form sent from another site's page (403), as it could not send the JSON", async () => {
    const typed = { name: 'Relay', email: 'relay@example.org', message: 'Sent from elsewhere' };
    const response = await sendForm(t, '/api/contact', { ...typed, page: '/' }, { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: expect.any(String) });
    expect(await storedMessages(typed.message)).toEqual([]);
    const own = await sendForm(t, '/api/contact', { ...typed, page: '/' }, { headers: { 'sec-fetch-site': 'same-origin' } });
    expect(own.statusCode).toBe(303);
  });

  it('keeps the JSON answers for JSON requests', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: commentsUrl(),
      remoteAddress: freshAddress(),
      payload: { author: 'Json', email: 'json@example.org', content: 'Sent with script' },
    });
    expect(json.statusCode).toBe(201);
    expect(json.cookies).toEqual([]);
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: freshAddress(),
      payload: { name: 'Json', email: 'nope', message: 'x' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({ message: expect.stringMatching(/^Invalid email: /) });
  });
});
