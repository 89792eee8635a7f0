import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sourceRenderer } from '../../../tests/support/fuzz.ts';
import { mailParts, startSmtpPeer, waitFor, type Refusal, type SmtpPeer } from '../../../tests/support/smtp.ts';
import { adminCookie, createTestApp, postPayload, tables, type TestApp } from '../../../tests/support/test-app.ts';
import * as entry from '../../client/entry-server.tsx';
import { buildApp } from '../app.ts';
import { SmtpMailer } from '../adapters/mailer.ts';
import { loadConfig } from '../env.ts';
import { LocalStorage } from '../adapters/storage.ts';

/**
 * Issue 23, the newsletter over a real SMTP peer on loopback: double opt-in confirmed only by a
 * POST, unconfirmed addresses never mailed and forgotten after 7 days, one message per post and
 * confirmed subscriber (across a later save and two instances), 5xx bounces, 4xx retries, the
 * rate cap, and RFC 8058's one-click unsubscribe.
 */

const SITE_URL = 'https://folio.example';
const renderer = sourceRenderer(entry, readFileSync('index.html', 'utf8'), SITE_URL);

let smtp: SmtpPeer;
/** What the peer answers each recipient (a bounce, a greylisting), set by the tests. */
const refusals = new Map<string, Refusal>();
// Posts are dated by the database's clock: the test's starts at the real time, and moves on.
let now = new Date();
let t: TestApp;
let cookie: string;

const env = (rate = 120) => ({
  SMTP_URL: smtp.url,
  CONTACT_TO: 'author@folio.example',
  NEWSLETTER_FROM: 'news@folio.example',
  NEWSLETTER_RATE: String(rate),
  SITE_URL,
  // Many subscriptions from one address in a few seconds: the tests', not a flood.
  VISITOR_WRITE_LIMIT: '1000',
});

beforeAll(async () => {
  smtp = await startSmtpPeer({ refuse: (address) => refusals.get(address) });
  t = await createTestApp(env(), {
    mailer: new SmtpMailer({ url: smtp.url, to: 'author@folio.example' }),
    renderer,
    clock: () => now,
    newsletterPollMs: 0,
  });
  cookie = await adminCookie(t.app);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});
beforeEach(async () => {
  refusals.clear();
  // Each test starts with no subscriber and no newsletter; posts stay, sent once each.
  await t.db.delete(tables.subscribers);
  smtp.received.length = 0;
});

const subscribe = (email: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/newsletter/subscribe', payload: { email }, headers });

/** Mail the peer was given for `address`, parsed. */
const mailTo = (address: string) =>
  smtp.received.filter((mail) => mail.envelope.rcptTo.some((to) => to.address === address)).map((mail) => mailParts(mail.raw));

/** The confirmation link sent to `address`, once it has come. */
async function confirmLink(address: string): Promise<string> {
  const mail = await waitFor(async () => mailTo(address).at(-1), `the confirmation e-mail to ${address}`);
  const link = /https:\/\/folio\.example(\/newsletter\/confirm\/[A-Za-z0-9_-]+)/.exec(mail.text ?? '')?.[1];
  if (!link) throw new Error(`no confirmation link in ${mail.text}`);
  return link;
}

const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
const post = (url: string, payload = '', contentType = 'application/x-www-form-urlencoded') =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType } });

async function confirmed(address: string): Promise<void> {
  expect((await subscribe(address)).statusCode).toBe(202);
  const link = await confirmLink(address);
  expect((await post(link)).statusCode).toBe(303);
}

let posts = 0;
/** A post saved published with `Send to subscribers` on (unless told otherwise). */
async function publish(overrides: Record<string, unknown> = {}) {
  posts++;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/blog-posts',
    headers: { cookie },
    payload: postPayload({
      title: `Letter ${posts}`,
      content: `Body of letter ${posts}, with [a link](/cv) and ![a picture](/objects/uploads/00000000-0000-4000-8000-000000000001).`,
      metadata: { sendToSubscribers: true },
      ...overrides,
    }),
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string; slug: string; title: string }>();
}

/** Rounds of the sender until it has nothing due. */
const send = () => t.app.newsletterSender!.tick();

describe('subscribing', () => {
  it('answers the same for a new, a pending and a confirmed address, and mails only what is needed', async () => {
    const first = await subscribe('ama@example.com');
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ message: 'Check your inbox to confirm your subscription.' });
    const link = await confirmLink('ama@example.com');
    // Again at once: the same answer, and no second e-mail for a few minutes.
    expect((await subscribe('AMA@example.com')).json()).toEqual(first.json());
    await post(link);
    expect((await subscribe('ama@example.com')).json()).toEqual(first.json());
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailTo('ama@example.com')).toHaveLength(1);
  });

  it('confirms only by the POST of the link’s page: a GET (a mail scanner) changes nothing', async () => {
    await subscribe('kojo@example.com');
    const link = await confirmLink('kojo@example.com');
    for (let i = 0; i < 2; i++) {
      const shown = await page(link);
      expect(shown.statusCode).toBe(200);
      expect(shown.body).toContain('Confirm subscription');
      expect(shown.headers['cache-control']).toMatch(/no-store/);
    }
    const [row] = await t.db.select().from(tables.subscribers);
    expect(row!.status).toBe('pending');
    const answer = await post(link);
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe(link);
    expect((await page(link)).body).toContain('You&#x27;re subscribed');
  });

  it('forgets an address not confirmed within 7 days: its link no longer works', async () => {
    await subscribe('esi@example.com');
    const link = await confirmLink('esi@example.com');
    now = new Date(now.getTime() + 7 * 24 * 60 * 60 * 1000 + 1000);
    const shown = await page(link);
    expect(shown.statusCode).toBe(404);
    expect(shown.body).toContain('This link no longer works');
    await post(link);
    const [row] = await t.db.select().from(tables.subscribers);
    expect(row!.status).toBe('pending');
  });

  it('drops what a bot puts in the honeypot, and refuses an address that is not one', async () => {
    const bot = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter/subscribe',
      payload: { email: 'bot@example.com', website: 'http://spam.example' },
    });
    expect(bot.statusCode).toBe(202);
    expect(await t.db.select().from(tables.subscribers)).toEqual([]);
    expect((await subscribe('not an address')).statusCode).toBe(400);
  });

  it('works without script: the form’s POST is answered 303 back to its page, which says to check the inbox', async () => {
    const answer = await post(
      '/api/newsletter/subscribe',
      'email=yaw%40example.com&page=%2Fcv',
      'application/x-www-form-urlencoded',
    );
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe('/cv#subscribe');
    await confirmLink('yaw@example.com');
    const cookies = answer.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const back = await t.app.inject({ method: 'GET', url: '/cv', headers: { accept: 'text/html', cookie: cookies } });
    expect(back.body).toMatch(/<section id="subscribe"[^>]*>[\s\S]*Check your inbox to confirm your subscription\./);
  });

  it('sits in the footer of every page, and at the end of a post, where the answer shows', async () => {
    const home = await page('/');
    expect(home.body).toContain('Get new posts by e-mail');
    expect(home.body).toMatch(/<section id="subscribe"/);
    const letter = await publish({ metadata: {} });
    const article = await page(`/blog/${letter.slug}`);
    // Two forms, one anchor: the post's own, after the article.
    expect(article.body.match(/Get new posts by e-mail/g)).toHaveLength(2);
    expect(article.body.match(/id="subscribe"/g)).toHaveLength(1);
    expect(article.body.indexOf('id="subscribe"')).toBeLessThan(article.body.indexOf('<footer'));
  });

  it('is nowhere without SMTP, and neither are its routes', async () => {
    const plain = await createTestApp({ SITE_URL }, { renderer });
    try {
      const home = await plain.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
      expect(home.body).not.toContain('Get new posts by e-mail');
      const answer = await plain.app.inject({
        method: 'POST',
        url: '/api/newsletter/subscribe',
        payload: { email: 'a@example.com' },
      });
      expect(answer.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('sending a post', () => {
  it('sends it once to each confirmed subscriber when it goes out, never to one who did not confirm', async () => {
    await confirmed('abena@example.com');
    await subscribe('pending@example.com');
    await confirmLink('pending@example.com');
    const letter = await publish();
    await send();
    const [mail, ...more] = mailTo('abena@example.com').filter((parts) => parts.headers.get('subject') === letter.title);
    expect(more).toEqual([]);
    expect(mailTo('pending@example.com')).toHaveLength(1); // its confirmation only
    // The e-mail: absolute links and images, the post's address, the one-click headers.
    expect(mail!.headers.get('from')).toMatch(/news@folio\.example/);
    expect(mail!.headers.get('list-unsubscribe')).toMatch(
      /^<https:\/\/folio\.example\/newsletter\/unsubscribe\/[A-Za-z0-9_-]{43}>$/,
    );
    expect(mail!.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail!.headers.get('message-id')).toMatch(new RegExp(`^<${letter.id}\\.[0-9a-f-]{36}@folio\\.example>$`));
    expect(mail!.html).toContain('href="https://folio.example/cv"');
    expect(mail!.html).toContain('src="https://folio.example/objects/uploads/00000000-0000-4000-8000-000000000001"');
    expect(mail!.text).toContain(`https://folio.example/blog/${letter.slug}`);

    // A later save, and more rounds: nothing more.
    await t.app.inject({
      method: 'PUT',
      url: `/api/blog-posts/${letter.id}`,
      headers: { cookie },
      payload: postPayload({ title: letter.title, content: 'Edited.', metadata: { sendToSubscribers: true } }),
    });
    await send();
    await send();
    expect(mailTo('abena@example.com').filter((parts) => parts.headers.get('subject') === letter.title)).toHaveLength(1);
  });

  it('sends a scheduled post when its time comes, and a post without the switch never', async () => {
    await confirmed('kwame@example.com');
    const later = await publish({ publishAt: new Date(now.getTime() + 60 * 60_000).toISOString() });
    await publish({ metadata: {} });
    await send();
    expect(mailTo('kwame@example.com')).toHaveLength(1); // the confirmation
    now = new Date(now.getTime() + 61 * 60_000);
    await send();
    expect(mailTo('kwame@example.com').map((parts) => parts.headers.get('subject'))).toContain(later.title);
    expect(mailTo('kwame@example.com')).toHaveLength(2);
  });

  it('marks an address its server refuses for good (5xx) bounced, never tried again; tries a 4xx again later', async () => {
    await confirmed('gone@example.com');
    await confirmed('busy@example.com');
    refusals.set('gone@example.com', { code: 550, message: 'No such mailbox' });
    refusals.set('busy@example.com', { code: 451, message: 'Try again later' });
    const letter = await publish();
    await send();
    const [gone] = await t.db.select().from(tables.subscribers).where(eqEmail('gone@example.com'));
    expect(gone!.status).toBe('bounced');
    refusals.delete('busy@example.com');
    await send();
    expect(mailTo('busy@example.com').filter((parts) => parts.headers.get('subject') === letter.title)).toHaveLength(0);
    // The first retry comes within a minute.
    now = new Date(now.getTime() + 60_000);
    await send();
    expect(mailTo('busy@example.com').filter((parts) => parts.headers.get('subject') === letter.title)).toHaveLength(1);
    refusals.delete('gone@example.com');
    now = new Date(now.getTime() + 60 * 60_000);
    await send();
    expect(mailTo('gone@example.com').filter((parts) => parts.headers.get('subject') === letter.title)).toHaveLength(0);
  });

  it('sends at most NEWSLETTER_RATE messages a minute', async () => {
    const slow = await buildSecondApp(2);
    try {
      for (const name of ['r1', 'r2', 'r3']) await confirmed(`${name}@example.com`);
      const letter = await publish();
      const sentOf = () => smtp.received.filter((mail) => mailParts(mail.raw).headers.get('subject') === letter.title).length;
      await slow.newsletterSender!.tick();
      expect(sentOf()).toBe(2);
      await slow.newsletterSender!.tick();
      expect(sentOf()).toBe(2);
      now = new Date(now.getTime() + 61_000);
      await slow.newsletterSender!.tick();
      expect(sentOf()).toBe(3);
    } finally {
      await slow.close();
    }
  });

  it('sends each message once when two instances work on one database', async () => {
    const other = await buildSecondApp(120);
    try {
      for (const name of ['i1', 'i2', 'i3', 'i4', 'i5']) await confirmed(`${name}@example.com`);
      const letter = await publish();
      await Promise.all([send(), other.newsletterSender!.tick(), send(), other.newsletterSender!.tick()]);
      for (const name of ['i1', 'i2', 'i3', 'i4', 'i5']) {
        expect(mailTo(`${name}@example.com`).filter((parts) => parts.headers.get('subject') === letter.title)).toHaveLength(1);
      }
    } finally {
      await other.close();
    }
  });
});

describe('unsubscribing', () => {
  it('takes one POST without cookie (RFC 8058); a GET shows the button and changes nothing', async () => {
    await confirmed('adjoa@example.com');
    await publish();
    await send();
    const letter = mailTo('adjoa@example.com').at(-1)!;
    const link = new URL(/<([^>]+)>/.exec(letter.headers.get('list-unsubscribe')!)![1]!).pathname;
    const shown = await page(link);
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('>Unsubscribe</button>');
    expect((await t.db.select().from(tables.subscribers).where(eqEmail('adjoa@example.com')))[0]!.status).toBe('confirmed');
    const oneClick = await post(link, 'List-Unsubscribe=One-Click');
    expect(oneClick.statusCode).toBe(200);
    expect((await t.db.select().from(tables.subscribers).where(eqEmail('adjoa@example.com')))[0]!.status).toBe('unsubscribed');
    expect((await page(link)).body).toContain('You&#x27;re unsubscribed');
    // Unsubscribed: the next post is not sent.
    const next = await publish();
    await send();
    expect(mailTo('adjoa@example.com').filter((parts) => parts.headers.get('subject') === next.title)).toEqual([]);
  });

  it('from the page’s own button, comes back to the page', async () => {
    await confirmed('efua@example.com');
    const [row] = await t.db.select().from(tables.subscribers).where(eqEmail('efua@example.com'));
    const link = `/newsletter/unsubscribe/${row!.unsubscribeToken}`;
    const answer = await post(link, 'from=page');
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe(link);
  });
});

const eqEmail = (email: string) => eq(tables.subscribers.emailKey, email);

/** Another instance on the same database and SMTP peer, at its own rate. */
async function buildSecondApp(rate: number) {
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', DATA_DIR: t.dataDir, ...env(rate) }),
    db: t.db,
    storage: new LocalStorage(t.dataDir),
    sessionSecret: 'test-secret-that-is-long-enough-for-signing-cookies',
    mailer: new SmtpMailer({ url: smtp.url, to: 'author@folio.example' }),
    clock: () => now,
    newsletterPollMs: 0,
  });
  await app.ready();
  return app;
}

describe('the author’s subscribers', () => {
  const admin = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: string, contentType = 'text/csv') =>
    t.app.inject({
      method,
      url,
      headers: { cookie, ...(payload !== undefined ? { 'content-type': contentType } : {}) },
      payload,
    });

  it('are the author’s only', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/subscribers'],
      ['GET', '/api/admin/subscribers.csv'],
      ['GET', '/api/admin/newsletters'],
      ['POST', '/api/admin/subscribers/import'],
      ['DELETE', '/api/admin/subscribers/00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const response = await t.app.inject({ method, url, payload: method === 'POST' ? 'email\na@example.com' : undefined });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('lists them with their counts, finds one by part of the address, and removes one', async () => {
    await confirmed('nana@example.com');
    await subscribe('pending-one@example.com');
    // Its confirmation goes out after the answer: waited for here, or it lands in the next test's mailbox.
    await confirmLink('pending-one@example.com');
    const list = (await admin('GET', '/api/admin/subscribers')).json();
    expect(list.enabled).toBe(true);
    expect(list.counts).toEqual({ confirmed: 1, pending: 1, unsubscribed: 0, bounced: 0 });
    const found = (await admin('GET', '/api/admin/subscribers?q=NANA')).json();
    expect(found.subscribers.map((row: { email: string }) => row.email)).toEqual(['nana@example.com']);
    expect((await admin('GET', '/api/admin/subscribers?status=pending')).json().total).toBe(1);
    expect((await admin('DELETE', `/api/admin/subscribers/${found.subscribers[0].id}`)).statusCode).toBe(204);
    expect((await admin('GET', '/api/admin/subscribers')).json().counts.confirmed).toBe(0);
    expect((await admin('DELETE', `/api/admin/subscribers/${found.subscribers[0].id}`)).statusCode).toBe(404);
  });

  it('round-trips a CSV: imported with consent as confirmed, without as pending, known addresses left alone', async () => {
    const csv = 'Name,Email\nAma,ama.csv@example.com\nKojo,KOJO.csv@example.com\nBad,not-an-address\n,\n';
    const first = (await admin('POST', '/api/admin/subscribers/import?consent=true', csv)).json();
    expect(first).toEqual({ added: 2, known: 0, invalid: 1, status: 'confirmed' });
    const again = (
      await admin('POST', '/api/admin/subscribers/import', `email\nama.csv@example.com\nnew.csv@example.com`)
    ).json();
    expect(again).toEqual({ added: 1, known: 1, invalid: 0, status: 'pending' });
    const exported = (await admin('GET', '/api/admin/subscribers.csv')).body;
    const lines = exported.trim().split('\n');
    expect(lines[0]).toBe('email,status,subscribed_at,confirmed_at');
    expect(
      lines
        .slice(1)
        .map((line) => line.split(',').slice(0, 2).join(','))
        .sort(),
    ).toEqual(['KOJO.csv@example.com,confirmed', 'ama.csv@example.com,confirmed', 'new.csv@example.com,pending']);
    // Exported and imported again: nothing new.
    expect((await admin('POST', '/api/admin/subscribers/import?consent=true', exported)).json()).toMatchObject({
      added: 0,
      known: 3,
    });
    // Sent nothing: imported addresses get no confirmation e-mail.
    expect(smtp.received).toEqual([]);
  });

  it('neutralises a formula on export, and refuses hostile files with a clear 4xx', async () => {
    // A formula is no e-mail address: left out. An address may start with + or -, which a
    // spreadsheet also reads as a formula: exported behind a '.
    const formulas = await admin(
      'POST',
      '/api/admin/subscribers/import?consent=true',
      'email\n"=cmd|\' /C calc\'!A0"\n+1+cmd@example.com\n',
    );
    expect(formulas.json()).toMatchObject({ added: 1, invalid: 1 });
    const exported = (await admin('GET', '/api/admin/subscribers.csv')).body;
    expect(exported).toContain("\n'+1+cmd@example.com,confirmed,");
    expect(exported).not.toMatch(/^[=+\-@]/m);

    const tooBig = await admin('POST', '/api/admin/subscribers/import', `email\n${'a'.repeat(10 * 1024 * 1024)}`);
    expect(tooBig.statusCode).toBe(413);
    const nul = await admin('POST', '/api/admin/subscribers/import', 'email\na@example.com\u0000\n');
    expect(nul.statusCode).toBe(400);
    const rows = `email\n${Array.from({ length: 100_001 }, (_, n) => `r${n}@x.example`).join('\n')}`;
    const many = await admin('POST', '/api/admin/subscribers/import', rows);
    expect(many.statusCode).toBe(413);
    expect(many.json().message).toMatch(/100,000 rows/);
    const noColumn = await admin('POST', '/api/admin/subscribers/import', 'name\nAma');
    expect(noColumn.statusCode).toBe(400);
    expect(noColumn.json().message).toMatch(/column named email/);
    // None of it came in.
    expect((await admin('GET', '/api/admin/subscribers')).json().counts).toEqual({
      confirmed: 1,
      pending: 0,
      unsubscribed: 0,
      bounced: 0,
    });
  });

  it('shows each sending as sent, failed and total', async () => {
    await confirmed('one@example.com');
    await confirmed('two@example.com');
    refusals.set('two@example.com', { code: 550, message: 'No such mailbox' });
    const letter = await publish();
    await send();
    const { enabled, sendings } = (await admin('GET', '/api/admin/newsletters')).json();
    expect(enabled).toBe(true);
    expect(sendings.find((sending: { postId: string }) => sending.postId === letter.id)).toMatchObject({
      title: letter.title,
      total: 2,
      sent: 1,
      failed: 1,
      state: 'done',
    });
  });
});

describe('the backup', () => {
  it('carries the subscribers and what was sent to them: restored, nothing goes out twice and old links still unsubscribe', async () => {
    await confirmed('backup@example.com');
    await publish();
    await send();
    const letter = mailTo('backup@example.com').at(-1)!;
    const unsubscribe = new URL(/<([^>]+)>/.exec(letter.headers.get('list-unsubscribe')!)![1]!).pathname;
    const archive = await t.app.inject({ method: 'GET', url: '/api/admin/export', headers: { cookie } });
    expect(archive.statusCode).toBe(200);

    const fresh = await createTestApp(env(), {
      mailer: new SmtpMailer({ url: smtp.url, to: 'author@folio.example' }),
      renderer,
      clock: () => now,
      newsletterPollMs: 0,
    });
    try {
      const freshCookie = await adminCookie(fresh.app);
      const restored = await fresh.app.inject({
        method: 'POST',
        url: '/api/admin/import',
        headers: { cookie: freshCookie, 'content-type': 'application/zip' },
        payload: archive.rawPayload,
      });
      expect(restored.statusCode).toBe(200);
      const list = (
        await fresh.app.inject({ method: 'GET', url: '/api/admin/subscribers', headers: { cookie: freshCookie } })
      ).json();
      expect(list.counts.confirmed).toBe(1);
      const before = smtp.received.length;
      await fresh.app.newsletterSender!.tick();
      expect(smtp.received.length).toBe(before);
      const oneClick = await fresh.app.inject({
        method: 'POST',
        url: unsubscribe,
        payload: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(oneClick.statusCode).toBe(200);
    } finally {
      await fresh.close();
    }
  });
});
