import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOGIN_MAX_FAILURES } from '../../shared/constants.ts';
import { SoftAuthenticator } from '../../../tests/support/soft-authenticator.ts';
import { ADMIN_PASSWORD, adminCookie, createTestApp, tables, type TestApp } from '../../../tests/support/test-app.ts';

const SITE = 'https://folio.example';
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({ SITE_URL: SITE });
  cookie = await adminCookie(t.app);
});
afterAll(() => t?.close());
beforeEach(async () => {
  // Each test starts with no passkey, no code, no requirement and no failed attempt.
  await t.db.delete(tables.passkeys);
  await t.db.delete(tables.recoveryCodes);
  await t.db.delete(tables.webauthnChallenges);
  await t.db.delete(tables.rateLimits);
  await t.db.update(tables.users).set({ requirePasskey: false });
});

const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie } });
const gate = (url: string, payload?: object) => t.app.inject({ method: 'POST', url, payload });
const sessionCookieOf = (response: { cookies: Array<{ name: string; value: string }> }) =>
  response.cookies.find((c) => c.name.endsWith('admin_session') && c.value !== '');

/** Adds a passkey made by `authenticator` under `name`, as the security screen does. */
async function addPasskey(authenticator: SoftAuthenticator, name = 'Laptop') {
  const options = (await admin('POST', '/api/admin/security/passkeys/options')).json();
  const added = await admin('POST', '/api/admin/security/passkeys', { name, response: authenticator.register(options) });
  expect(added.statusCode, added.body).toBe(201);
  return added.json() as { id: string; name: string };
}

/** Signs in at the gate with the passkey at `index`; the answer of the last step. */
async function signIn(authenticator: SoftAuthenticator, answer?: (options: { challenge: string }) => object) {
  const options = (await gate('/api/admin/passkey/options')).json();
  return gate('/api/admin/passkey/verify', { response: answer ? answer(options) : authenticator.authenticate(options) });
}

describe('passkeys for the author', () => {
  it('answers 401 on every security route without the session', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/security'],
      ['POST', '/api/admin/security/passkeys/options'],
      ['POST', '/api/admin/security/passkeys'],
      ['DELETE', '/api/admin/security/passkeys/00000000-0000-4000-8000-000000000000'],
      ['PUT', '/api/admin/security/require'],
      ['POST', '/api/admin/security/recovery-codes'],
    ] as const) {
      const response = await t.app.inject({ method, url, payload: method === 'GET' ? undefined : {} });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('adds a passkey, requires it, refuses the password alone, signs in with it, and removes it', async () => {
    const authenticator = new SoftAuthenticator(SITE);
    const added = await addPasskey(authenticator, 'Work laptop');
    let overview = (await admin('GET', '/api/admin/security')).json();
    expect(overview).toMatchObject({ available: true, requirePasskey: false });
    expect(overview.passkeys).toEqual([{ id: added.id, name: 'Work laptop', createdAt: expect.any(String), lastUsedAt: null }]);

    expect((await admin('PUT', '/api/admin/security/require', { required: true })).json().requirePasskey).toBe(true);
    const passwordAlone = await gate('/api/admin/verify', { password: ADMIN_PASSWORD });
    expect(passwordAlone.statusCode).toBe(401);
    expect(passwordAlone.json().message).toBe('A passkey is required for this site.');
    expect(sessionCookieOf(passwordAlone)).toBeUndefined();

    const signedIn = await signIn(authenticator);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(sessionCookieOf(signedIn)).toBeDefined();
    overview = (await admin('GET', '/api/admin/security')).json();
    expect(overview.passkeys[0].lastUsedAt).toEqual(expect.any(String));

    // Removing the last passkey turns the requirement off: nothing else could meet it.
    expect((await admin('DELETE', `/api/admin/security/passkeys/${added.id}`)).statusCode).toBe(204);
    overview = (await admin('GET', '/api/admin/security')).json();
    expect(overview).toMatchObject({ requirePasskey: false, passkeys: [] });
    expect((await gate('/api/admin/verify', { password: ADMIN_PASSWORD })).statusCode).toBe(200);
  });

  it('ends every other session when the requirement starts, and keeps the one that turned it on', async () => {
    const authenticator = new SoftAuthenticator(SITE);
    await addPasskey(authenticator);
    // Another browser got in with the password alone while that was still enough.
    const other = sessionCookieOf(await gate('/api/admin/verify', { password: ADMIN_PASSWORD }))!;
    const otherCookie = `${other.name}=${other.value}`;
    const sessionOf = async (c: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/admin/session', headers: { cookie: c } })).json().authenticated;
    expect(await sessionOf(otherCookie)).toBe(true);

    expect((await admin('PUT', '/api/admin/security/require', { required: true })).statusCode).toBe(200);
    expect(await sessionOf(otherCookie)).toBe(false);
    expect(await sessionOf(cookie)).toBe(true);
    // Turning it off ends nobody's session.
    const third = sessionCookieOf(await signIn(authenticator))!;
    expect((await admin('PUT', '/api/admin/security/require', { required: false })).statusCode).toBe(200);
    expect(await sessionOf(`${third.name}=${third.value}`)).toBe(true);
  });

  it('will not require a passkey before one exists', async () => {
    const response = await admin('PUT', '/api/admin/security/require', { required: true });
    expect(response.statusCode).toBe(409);
    expect((await admin('GET', '/api/admin/security')).json().requirePasskey).toBe(false);
  });

  it('refuses a replayed answer, an answer for another origin and an expired challenge', async () => {
    const authenticator = new SoftAuthenticator(SITE);
    await addPasskey(authenticator);
    const options = (await gate('/api/admin/passkey/options')).json();
    const answer = authenticator.authenticate(options);
    expect((await gate('/api/admin/passkey/verify', { response: answer })).statusCode).toBe(200);
    expect((await gate('/api/admin/passkey/verify', { response: answer })).statusCode).toBe(401);

    expect(
      (await signIn(authenticator, (o) => authenticator.authenticate(o, { origin: 'https://folio.example.evil.test' })))
        .statusCode,
    ).toBe(401);

    const stale = (await gate('/api/admin/passkey/options')).json();
    await t.db
      .update(tables.webauthnChallenges)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(tables.webauthnChallenges.challenge, stale.challenge));
    expect((await gate('/api/admin/passkey/verify', { response: authenticator.authenticate(stale) })).statusCode).toBe(401);
    // A fresh one still works: the refusals above took nothing from the passkey.
    expect((await signIn(authenticator)).statusCode).toBe(200);
  });

  it('refuses a removed passkey, and one this site never saw', async () => {
    const kept = new SoftAuthenticator(SITE);
    const removed = new SoftAuthenticator(SITE);
    await addPasskey(kept, 'Phone');
    const gone = await addPasskey(removed, 'Old key');
    expect((await admin('DELETE', `/api/admin/security/passkeys/${gone.id}`)).statusCode).toBe(204);
    expect((await signIn(removed)).statusCode).toBe(401);

    const stranger = new SoftAuthenticator(SITE);
    stranger.register({ challenge: 'never-issued' });
    expect((await signIn(stranger)).statusCode).toBe(401);
    expect((await signIn(kept)).statusCode).toBe(200);
  });

  it('opens the session with the password and an unused recovery code, once per code; a new set voids the old', async () => {
    await addPasskey(new SoftAuthenticator(SITE));
    await admin('PUT', '/api/admin/security/require', { required: true });
    const { codes } = (await admin('POST', '/api/admin/security/recovery-codes')).json();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect((await admin('GET', '/api/admin/security')).json().recoveryCodes).toEqual({ remaining: 10, total: 10 });

    // Typed as people type them: lower case, spaces.
    const typed = codes[0].toLowerCase().replaceAll('-', ' ');
    const first = await gate('/api/admin/verify', { password: ADMIN_PASSWORD, recoveryCode: typed });
    expect(first.statusCode, first.body).toBe(200);
    expect(sessionCookieOf(first)).toBeDefined();
    expect((await gate('/api/admin/verify', { password: ADMIN_PASSWORD, recoveryCode: codes[0] })).statusCode).toBe(401);
    // A code without the password opens nothing.
    expect((await gate('/api/admin/verify', { password: 'wrong', recoveryCode: codes[1] })).statusCode).toBe(401);
    expect((await admin('GET', '/api/admin/security')).json().recoveryCodes).toEqual({ remaining: 9, total: 10 });

    const renewed = (await admin('POST', '/api/admin/security/recovery-codes')).json().codes;
    expect((await gate('/api/admin/verify', { password: ADMIN_PASSWORD, recoveryCode: codes[2] })).statusCode).toBe(401);
    expect((await gate('/api/admin/verify', { password: ADMIN_PASSWORD, recoveryCode: renewed[0] })).statusCode).toBe(200);
  });

  it('counts failed passkey sign-ins with the wrong passwords: the limit answers 429', async () => {
    const authenticator = new SoftAuthenticator(SITE);
    await addPasskey(authenticator);
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      const failed = await signIn(authenticator, (o) => authenticator.authenticate(o, { origin: 'https://elsewhere.test' }));
      expect(failed.statusCode).toBe(401);
    }
    expect((await signIn(authenticator)).statusCode).toBe(429);
    expect((await gate('/api/admin/verify', { password: ADMIN_PASSWORD })).statusCode).toBe(429);
  });

  it('does not count the right password followed by a passkey as a failure', async () => {
    const authenticator = new SoftAuthenticator(SITE);
    await addPasskey(authenticator);
    expect((await admin('PUT', '/api/admin/security/require', { required: true })).statusCode).toBe(200);
    // More two-step sign-ins than the failure limit, in one window: every one opens the session.
    for (let i = 0; i <= LOGIN_MAX_FAILURES; i++) {
      const first = await gate('/api/admin/verify', { password: ADMIN_PASSWORD });
      expect(first.statusCode).toBe(401);
      expect(first.json().passkeyRequired).toBe(true);
      const second = await signIn(authenticator);
      expect(second.statusCode, second.body).toBe(200);
    }
    // A wrong recovery code is a guess, and counts.
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      expect((await gate('/api/admin/verify', { password: ADMIN_PASSWORD, recoveryCode: 'AAAA-AAAA-AAAA' })).statusCode).toBe(
        401,
      );
    }
    expect((await gate('/api/admin/verify', { password: ADMIN_PASSWORD })).statusCode).toBe(429);
  });
});

describe('hostile input on the passkey routes', () => {
  const passkeyCount = async () => (await t.db.select().from(tables.passkeys)).length;
  /** `{"a":{"a":...}}`, written out: building it as an object and stringifying it would overflow here. */
  const nested = (depth: number) => `${'{"a":'.repeat(depth)}{}${'}'.repeat(depth)}`;

  it('answers a 4xx with a message, and stores nothing, for NUL, oversize, deep and malformed bodies', async () => {
    const authenticator = new SoftAuthenticator(SITE);
    const options = (await admin('POST', '/api/admin/security/passkeys/options')).json();
    const good = authenticator.register(options);
    const cases: Array<[string, 'POST', string, unknown]> = [
      ['NUL in the name', 'POST', '/api/admin/security/passkeys', { name: 'Lap\u0000top', response: good }],
      ['an empty name', 'POST', '/api/admin/security/passkeys', { name: '   ', response: good }],
      ['a name of 101 characters', 'POST', '/api/admin/security/passkeys', { name: 'x'.repeat(101), response: good }],
      [
        'a field that is not base64url',
        'POST',
        '/api/admin/security/passkeys',
        { name: 'Laptop', response: { ...good, id: 'a b/c' } },
      ],
      [
        '10 MB',
        'POST',
        '/api/admin/security/passkeys',
        { name: 'Laptop', response: { ...good, pad: 'x'.repeat(10 * 1024 * 1024) } },
      ],
      ['nesting 5,000 deep', 'POST', '/api/admin/security/passkeys', `{"name":"Laptop","response":${nested(5_000)}}`],
      ['an array', 'POST', '/api/admin/security/passkeys', [good]],
      ['10 MB at the gate', 'POST', '/api/admin/passkey/verify', { response: { pad: 'x'.repeat(10 * 1024 * 1024) } }],
      ['NUL at the gate', 'POST', '/api/admin/passkey/verify', { response: { ...good, id: '\u0000' } }],
    ];
    for (const [label, method, url, payload] of cases) {
      const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
      const response = await t.app.inject({
        method,
        url,
        payload: body,
        headers: { cookie, 'content-type': 'application/json' },
      });
      expect(response.statusCode, `${label}: ${response.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, label).toBeLessThan(500);
      expect(typeof response.json().message, label).toBe('string');
    }
    expect(await passkeyCount()).toBe(0);
    // The same answer, whole, is still accepted: nothing above used up its challenge.
    const added = await admin('POST', '/api/admin/security/passkeys', { name: 'Laptop', response: good });
    expect(added.statusCode, added.body).toBe(201);
    expect(await passkeyCount()).toBe(1);
  });

  it('refuses a passkey id that is not one, and the requirement as anything but a boolean', async () => {
    expect((await admin('DELETE', '/api/admin/security/passkeys/not-a-uuid')).statusCode).toBe(400);
    expect((await admin('DELETE', '/api/admin/security/passkeys/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    for (const required of ['true', 1, null]) {
      expect((await admin('PUT', '/api/admin/security/require', { required })).statusCode, String(required)).toBe(400);
    }
  });
});

describe('a site on an IP address', () => {
  it('says passkeys need a domain name instead of offering them', async () => {
    const onIp = await createTestApp({ SITE_URL: 'http://192.0.2.10:3000' });
    try {
      const ipCookie = await adminCookie(onIp.app);
      const overview = (
        await onIp.app.inject({ method: 'GET', url: '/api/admin/security', headers: { cookie: ipCookie } })
      ).json();
      expect(overview.available).toBe(false);
      const options = await onIp.app.inject({
        method: 'POST',
        url: '/api/admin/security/passkeys/options',
        headers: { cookie: ipCookie },
      });
      expect(options.statusCode).toBe(400);
      expect(options.json().message).toMatch(/domain name/);
    } finally {
      await onIp.close();
    }
  });
});
