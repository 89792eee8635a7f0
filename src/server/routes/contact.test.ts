import { createServer, type AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMail, startSmtpPeer, waitFor, type SmtpPeer } from '../../../tests/support/smtp.ts';
import { createTestApp, type TestApp, tables } from '../../../tests/support/test-app.ts';
import { SmtpMailer } from '../adapters/mailer.ts';

const { contactMessages } = tables;

let nextAddress = 1;
const freshAddress = () => `10.2.0.${nextAddress++}`;

function contact(t: TestApp, payload: unknown, remoteAddress = freshAddress()) {
  return t.app.inject({ method: 'POST', url: '/api/contact', payload: payload as Record<string, unknown>, remoteAddress });
}

function rowsFor(t: TestApp, email: string) {
  return t.db.select().from(contactMessages).where(eq(contactMessages.email, email));
}

describe('POST /api/contact', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('stores the message and answers 201', async () => {
    const response = await contact(t, {
      name: 'Amara Okafor',
      email: 'amara@example.org',
      subject: 'Partnership',
      message: 'Could we run a coding club together in Lagos?',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: expect.any(String) });

    const rows = await rowsFor(t, 'amara@example.org');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Amara Okafor',
      email: 'amara@example.org',
      subject: 'Partnership',
      message: 'Could we run a coding club together in Lagos?',
      notifiedAt: null,
      notifyError: null,
    });
    expect(rows[0]!.createdAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it("does not echo the visitor's data back", async () => {
    const response = await contact(t, { name: 'Echo Check', email: 'echo@example.org', message: 'secret-ish text' });
    expect(response.statusCode).toBe(201);
    expect(response.body).not.toContain('echo@example.org');
    expect(response.body).not.toContain('secret-ish text');
  });

  it('treats the subject as optional (missing or empty is stored as null)', async () => {
    expect((await contact(t, { name: 'No Subject', email: 'nosubject@example.org', message: 'Hello' })).statusCode).toBe(201);
    expect(
      (await contact(t, { name: 'Empty Subject', email: 'emptysubject@example.org', subject: '  ', message: 'Hello' }))
        .statusCode,
    ).toBe(201);
    expect((await rowsFor(t, 'nosubject@example.org'))[0]!.subject).toBeNull();
    expect((await rowsFor(t, 'emptysubject@example.org'))[0]!.subject).toBeNull();
  });

  it('trims the fields before storing them', async () => {
    const response = await contact(t, {
      name: '  Kwame  ',
      email: 'trim@example.org',
      subject: ' Hi ',
      message: '\n Hello there \n',
    });
    expect(response.statusCode).toBe(201);
    expect((await rowsFor(t, 'trim@example.org'))[0]).toMatchObject({ name: 'Kwame', subject: 'Hi', message: 'Hello there' });
  });

  it('answers 400 JSON { message } when name, email or message is missing or blank, and stores nothing', async () => {
    const valid = { name: 'Valid Name', email: 'missing@example.org', message: 'Valid message' };
    const invalid: Array<Record<string, unknown>> = [
      { ...valid, name: undefined },
      { ...valid, email: undefined },
      { ...valid, message: undefined },
      { ...valid, name: '' },
      { ...valid, name: '   ' },
      { ...valid, message: '  \n ' },
      { ...valid, email: '' },
      { ...valid, email: 'not-an-email' },
      {},
    ];
    for (const payload of invalid) {
      const response = await contact(t, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual({ message: expect.any(String) });
    }
    expect(await rowsFor(t, 'missing@example.org')).toHaveLength(0);
  });

  it('answers 400 JSON for over-long fields and accepts them at the limit', async () => {
    const valid = { name: 'Long Fields', email: 'long@example.org', subject: 'S', message: 'M' };
    const tooLong = [
      { ...valid, name: 'n'.repeat(101) },
      { ...valid, subject: 's'.repeat(201) },
      { ...valid, message: 'm'.repeat(5_001) },
      { ...valid, email: `${'e'.repeat(250)}@example.org` },
      { ...valid, website: `https://${'w'.repeat(2_100)}.example` },
    ];
    for (const payload of tooLong) {
      const response = await contact(t, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: expect.any(String) });
    }
    expect(await rowsFor(t, 'long@example.org')).toHaveLength(0);

    const atLimit = { ...valid, name: 'n'.repeat(100), subject: 's'.repeat(200), message: 'm'.repeat(5_000) };
    expect((await contact(t, atLimit)).statusCode).toBe(201);
    expect((await rowsFor(t, 'long@example.org'))[0]!.message).toHaveLength(5_000);
  });

  it('answers 201 but stores nothing when the honeypot field is filled', async () => {
    const response = await contact(t, {
      name: 'Spam Bot',
      email: 'bot@example.org',
      message: 'Buy cheap followers',
      website: 'https://spam.example',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: expect.any(String) });
    expect(await rowsFor(t, 'bot@example.org')).toHaveLength(0);
  });

  it('stores the message when the honeypot is present but empty', async () => {
    const response = await contact(t, { name: 'Person', email: 'human@example.org', message: 'Hi', website: '' });
    expect(response.statusCode).toBe(201);
    expect(await rowsFor(t, 'human@example.org')).toHaveLength(1);
  });

  it('stores HTML as plain text, unchanged', async () => {
    const message = '<script>alert("x")</script> & <b>bold</b>';
    expect((await contact(t, { name: 'Html', email: 'html@example.org', message })).statusCode).toBe(201);
    expect((await rowsFor(t, 'html@example.org'))[0]!.message).toBe(message);
  });
});

describe('POST /api/contact rate limit (VISITOR_WRITE_LIMIT=2)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ VISITOR_WRITE_LIMIT: '2' });
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After for the third message from one address, and does not store it', async () => {
    const address = freshAddress();
    const send = (n: number) =>
      contact(t, { name: `Visitor ${n}`, email: `limited${n}@example.org`, message: `Message ${n}` }, address);
    expect((await send(1)).statusCode).toBe(201);
    expect((await send(2)).statusCode).toBe(201);
    const third = await send(3);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ message: expect.any(String) });
    const retryAfter = Number(third.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(10 * 60);
    expect(await rowsFor(t, 'limited3@example.org')).toHaveLength(0);
    expect((await send(4)).statusCode).toBe(429);
  });

  it('counts per address: another visitor can still write', async () => {
    const busy = freshAddress();
    for (let n = 0; n < 3; n++) await contact(t, { name: 'Busy', email: 'busy@example.org', message: 'again' }, busy);
    const other = await contact(t, { name: 'Other', email: 'other@example.org', message: 'Hello' }, freshAddress());
    expect(other.statusCode).toBe(201);
  });

  it('does not count invalid (400) messages against the budget', async () => {
    const address = freshAddress();
    for (let n = 0; n < 3; n++)
      expect((await contact(t, { name: 'Typo', email: 'not-an-email', message: 'x' }, address)).statusCode).toBe(400);
    expect((await contact(t, { name: 'Typo', email: 'fixed@example.org', message: 'x' }, address)).statusCode).toBe(201);
  });
});

describe('POST /api/contact with a real SMTP peer', () => {
  let smtp: SmtpPeer;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    const { url } = smtp;
    t = await createTestApp(
      { SMTP_URL: url, CONTACT_TO: 'author@example.com' },
      { mailer: new SmtpMailer({ url, to: 'author@example.com' }) },
    );
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const mailFrom = (visitorEmail: string) =>
    waitFor(async () => smtp.received.find((m) => m.raw.includes(visitorEmail)), `a mail mentioning ${visitorEmail}`);

  it("sends the author a mail with the visitor's text and Reply-To, and records notified_at", async () => {
    const response = await contact(t, {
      name: 'Zawadi Mwangi',
      email: 'zawadi@example.org',
      subject: 'Mentoring in Nairobi',
      message: 'I would love to mentor students in your next cohort.',
    });
    expect(response.statusCode).toBe(201);

    const mail = await mailFrom('zawadi@example.org');
    expect(mail.envelope.rcptTo.map((r) => r.address)).toEqual(['author@example.com']);
    const { headers, text } = parseMail(mail.raw);
    expect(headers.get('to')).toContain('author@example.com');
    expect(headers.get('reply-to')).toContain('zawadi@example.org');
    expect(headers.get('reply-to')).toContain('Zawadi Mwangi');
    expect(headers.get('subject')).toContain('Mentoring in Nairobi');
    expect(text).toContain('I would love to mentor students in your next cohort.');
    expect(text).toContain('zawadi@example.org');

    const row = await waitFor(async () => {
      const [stored] = await rowsFor(t, 'zawadi@example.org');
      return stored?.notifiedAt ? stored : undefined;
    }, 'notified_at');
    expect(row.notifiedAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(row.notifyError).toBeNull();
  });

  it('names the visitor in the subject when there is none', async () => {
    expect((await contact(t, { name: 'Chidi Eze', email: 'chidi@example.org', message: 'Hello from Enugu' })).statusCode).toBe(
      201,
    );
    const { headers, text } = parseMail((await mailFrom('chidi@example.org')).raw);
    expect(headers.get('subject')).toContain('Chidi Eze');
    expect(text).toContain('Hello from Enugu');
  });

  it('does not let a visitor inject headers or recipients through the subject or name', async () => {
    const response = await contact(t, {
      name: 'Mallory\r\nBcc: victim@evil.example',
      email: 'mallory@example.org',
      subject: 'Hi\r\nBcc: victim2@evil.example\r\nX-Injected: yes',
      message: 'Injected?',
    });
    expect(response.statusCode).toBe(201);
    const mail = await mailFrom('mallory@example.org');
    expect(mail.envelope.rcptTo.map((r) => r.address)).toEqual(['author@example.com']);
    const { headers, headerLines } = parseMail(mail.raw);
    expect(headers.has('bcc')).toBe(false);
    expect(headers.has('x-injected')).toBe(false);
    expect(headerLines.some((line) => /^(bcc|x-injected):/i.test(line))).toBe(false);
  });

  it('sends nothing for a honeypot submission', async () => {
    const before = smtp.received.length;
    const response = await contact(t, { name: 'Bot', email: 'honeybot@example.org', message: 'spam', website: 'x' });
    expect(response.statusCode).toBe(201);
    // Give a (wrongly) sent mail the time to arrive, then check that none did.
    expect((await contact(t, { name: 'Marker', email: 'marker@example.org', message: 'after the bot' })).statusCode).toBe(201);
    await mailFrom('marker@example.org');
    expect(smtp.received.slice(before).some((m) => m.raw.includes('honeybot@example.org'))).toBe(false);
  });
});

describe('POST /api/contact when the SMTP server is down', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A port that was free a moment ago and has nothing listening on it now.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const url = `smtp://127.0.0.1:${port}`;
    t = await createTestApp(
      { SMTP_URL: url, CONTACT_TO: 'author@example.com' },
      { mailer: new SmtpMailer({ url, to: 'author@example.com' }) },
    );
  });
  afterAll(() => t.close());

  it('still answers 201, keeps the message and records notify_error', async () => {
    const response = await contact(t, { name: 'Nia', email: 'nia@example.org', subject: 'Hello', message: 'Is anyone there?' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: expect.any(String) });

    const row = await waitFor(async () => {
      const [stored] = await rowsFor(t, 'nia@example.org');
      return stored?.notifyError ? stored : undefined;
    }, 'notify_error');
    expect(row).toMatchObject({ name: 'Nia', subject: 'Hello', message: 'Is anyone there?', notifiedAt: null });
    expect(row.notifyError!.length).toBeGreaterThan(0);
    expect(row.notifyError!.length).toBeLessThanOrEqual(500);
  });
});
