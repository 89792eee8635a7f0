import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, adminCookie, createTestApp, type TestApp } from '../../../tests/support/test-app.ts';

const FOUR_HOURS_MS = 4 * 3600 * 1000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Each test logs in from its own address, so the per-address failure counter never leaks between tests. */
let nextAddress = 1;
const freshAddress = () => `10.1.0.${nextAddress++}`;

function verify(password: unknown, remoteAddress = freshAddress(), headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: '/api/admin/verify', payload: { password }, remoteAddress, headers });
}

/** An endpoint that only answers 200 (here: an upload URL) for an admin session. */
function adminOnly(cookie?: string) {
  return t.app.inject({ method: 'POST', url: '/api/objects/upload', headers: cookie ? { cookie } : {} });
}

async function sessionState(cookie?: string): Promise<boolean> {
  const response = await t.app.inject({ url: '/api/admin/session', headers: cookie ? { cookie } : {} });
  expect(response.statusCode).toBe(200);
  return response.json<{ authenticated: boolean }>().authenticated;
}

describe('POST /api/admin/verify', () => {
  it('answers 200 with a signed, HttpOnly, SameSite=Strict session cookie for the right password', async () => {
    const response = await verify(ADMIN_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ authenticated: true });

    const header = response.headers['set-cookie'];
    const raw = (Array.isArray(header) ? header : [header]).find((c) => c?.startsWith('admin_session='));
    expect(raw).toBeDefined();
    const attributes = raw!.split(';').map((part) => part.trim().toLowerCase());
    expect(attributes).toContain('httponly');
    expect(attributes).toContain('samesite=strict');
    expect(attributes).toContain('path=/');
    expect(attributes).toContain('max-age=14400');
    // Plain http site: no Secure flag, or browsers would drop the cookie on http://localhost.
    expect(attributes).not.toContain('secure');

    const cookie = response.cookies.find((c) => c.name === 'admin_session')!;
    // Signed: "<issued-at ms>.<signature>", and the signature checks out with the app's secret.
    const [issuedAt, signature] = cookie.value.split('.');
    expect(Number(issuedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(Number(issuedAt)).toBeLessThanOrEqual(Date.now());
    expect(signature).toMatch(/\S{20,}/);
    expect(t.app.unsignCookie(cookie.value)).toEqual({ valid: true, renew: false, value: issuedAt });

    const sessionCookie = `admin_session=${cookie.value}`;
    expect(await sessionState(sessionCookie)).toBe(true);
    expect((await adminOnly(sessionCookie)).statusCode).toBe(200);
  });

  it('answers 401 JSON { message } for a wrong password and sets no cookie', async () => {
    const response = await verify('not the password');
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ message: expect.any(String) });
    expect(response.json().message.length).toBeGreaterThan(0);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('does not accept a password that only differs in case or by a trailing space', async () => {
    expect((await verify(ADMIN_PASSWORD.toUpperCase())).statusCode).toBe(401);
    expect((await verify(`${ADMIN_PASSWORD} `)).statusCode).toBe(401);
  });

  it('answers 400 JSON { message } for a missing, empty or non-string password', async () => {
    for (const payload of [{}, { password: '' }, { password: 12345 }, { password: null }]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/admin/verify', payload, remoteAddress: freshAddress() });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual({ message: expect.any(String) });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it('locks an address out after 5 wrong passwords: the 6th attempt answers 429 with Retry-After, even with the right password', async () => {
    const address = freshAddress();
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await verify(`wrong-${attempt}`, address)).statusCode, `attempt ${attempt}`).toBe(401);
    }
    const locked = await verify(ADMIN_PASSWORD, address);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ message: expect.any(String) });
    const retryAfter = Number(locked.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(locked.headers['set-cookie']).toBeUndefined();

    // Still locked: wrong guesses are not even checked any more.
    expect((await verify('wrong-again', address)).statusCode).toBe(429);
  });

  it('keeps the lock-out per address: another address can still log in', async () => {
    const attacker = freshAddress();
    for (let attempt = 1; attempt <= 5; attempt++) await verify(`guess-${attempt}`, attacker);
    expect((await verify(ADMIN_PASSWORD, attacker)).statusCode).toBe(429);

    const author = freshAddress();
    const response = await verify(ADMIN_PASSWORD, author);
    expect(response.statusCode).toBe(200);
    expect(response.cookies.some((c) => c.name === 'admin_session')).toBe(true);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY is on, so a client cannot dodge the lock-out by spoofing it', async () => {
    const attacker = freshAddress();
    for (let attempt = 1; attempt <= 5; attempt++) {
      await verify(`guess-${attempt}`, attacker, { 'x-forwarded-for': `198.51.100.${attempt}` });
    }
    const spoofed = await verify(ADMIN_PASSWORD, attacker, { 'x-forwarded-for': '198.51.100.99' });
    expect(spoofed.statusCode).toBe(429);
  });

  it('with TRUST_PROXY on, follows the client address the proxy puts in X-Forwarded-For', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: '1' });
    try {
      const login = (password: string, client: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/admin/verify',
          payload: { password },
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': client },
        });
      for (let attempt = 1; attempt <= 5; attempt++) expect((await login(`guess-${attempt}`, '203.0.113.7')).statusCode).toBe(401);
      expect((await login(ADMIN_PASSWORD, '203.0.113.7')).statusCode).toBe(429);
      // Another visitor behind the same proxy is not locked out.
      expect((await login(ADMIN_PASSWORD, '203.0.113.8')).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('counts only wrong passwords: 4 wrong, a right one and another wrong one are still allowed', async () => {
    const address = freshAddress();
    for (let attempt = 1; attempt <= 4; attempt++) expect((await verify(`wrong-${attempt}`, address)).statusCode).toBe(401);
    expect((await verify(ADMIN_PASSWORD, address)).statusCode).toBe(200);
    expect((await verify('wrong-5', address)).statusCode).toBe(401);
    expect((await verify(ADMIN_PASSWORD, address)).statusCode).toBe(429);
  });
});

describe('admin session cookie', () => {
  it('is refused without a cookie: admin endpoints answer 401 JSON and the session reads false', async () => {
    const response = await adminOnly();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: expect.any(String) });
    expect(await sessionState()).toBe(false);
  });

  it('is refused when tampered with (value changed, signature changed, or unsigned)', async () => {
    const cookie = await adminCookie(t.app);
    const value = cookie.slice('admin_session='.length);
    const [issuedAt, signature] = value.split('.') as [string, string];
    const flipped = signature.slice(0, -1) + (signature.endsWith('A') ? 'B' : 'A');
    const tampered = [
      `admin_session=${Number(issuedAt) + 1}.${signature}`,
      `admin_session=${issuedAt}.${flipped}`,
      `admin_session=${issuedAt}`,
      `admin_session=${Date.now()}.`,
      'admin_session=',
      'admin_session=garbage',
    ];
    for (const bad of tampered) {
      const response = await adminOnly(bad);
      expect(response.statusCode, bad).toBe(401);
      expect(response.json()).toEqual({ message: expect.any(String) });
      expect(await sessionState(bad), bad).toBe(false);
    }
    // The untouched cookie still works, so the 401s above come from the tampering.
    expect((await adminOnly(cookie)).statusCode).toBe(200);
  });

  it('is refused when signed with another secret', async () => {
    const other = await createTestApp({}, { sessionSecret: 'another-secret-that-is-also-long-enough-to-sign' });
    try {
      const foreign = await adminCookie(other.app);
      expect((await adminOnly(foreign)).statusCode).toBe(401);
      expect(await sessionState(foreign)).toBe(false);
    } finally {
      await other.close();
    }
  });

  it('is refused once older than 4 hours, and accepted just before', async () => {
    const expired = `admin_session=${t.app.signCookie(String(Date.now() - FOUR_HOURS_MS - 1))}`;
    expect((await adminOnly(expired)).statusCode).toBe(401);
    expect(await sessionState(expired)).toBe(false);

    const almostExpired = `admin_session=${t.app.signCookie(String(Date.now() - FOUR_HOURS_MS + 60_000))}`;
    expect((await adminOnly(almostExpired)).statusCode).toBe(200);
    expect(await sessionState(almostExpired)).toBe(true);
  });

  it('is refused when its issue time lies in the future or is not a number', async () => {
    const future = `admin_session=${t.app.signCookie(String(Date.now() + 3600_000))}`;
    expect((await adminOnly(future)).statusCode).toBe(401);
    const notANumber = `admin_session=${t.app.signCookie('forever')}`;
    expect((await adminOnly(notANumber)).statusCode).toBe(401);
  });

  it('carries the Secure flag when SITE_URL is https', async () => {
    const secure = await createTestApp({ SITE_URL: 'https://blog.example.org' });
    try {
      const response = await secure.app.inject({ method: 'POST', url: '/api/admin/verify', payload: { password: ADMIN_PASSWORD } });
      expect(response.statusCode).toBe(200);
      const cookie = response.cookies.find((c) => c.name === 'admin_session');
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict' });
    } finally {
      await secure.close();
    }
  });
});

describe('GET /api/admin/session and POST /api/admin/logout', () => {
  it('reflects logging in and out', async () => {
    expect(await sessionState()).toBe(false);
    const cookie = await adminCookie(t.app);
    expect(await sessionState(cookie)).toBe(true);

    const logout = await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ authenticated: false });
    const cleared = logout.cookies.find((c) => c.name === 'admin_session');
    expect(cleared).toBeDefined();
    expect(cleared!.value).toBe('');
    // Cleared: expired in the past (and/or Max-Age=0), same path and flags as when set.
    const expiresInPast = cleared!.expires !== undefined && cleared!.expires.getTime() <= Date.now();
    expect(expiresInPast || cleared!.maxAge === 0).toBe(true);
    expect(cleared).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Strict' });

    // The browser now sends no cookie: locked again.
    expect(await sessionState()).toBe(false);
    expect((await adminOnly()).statusCode).toBe(401);
  });

  it('logout without a session still answers 200 and clears the cookie', async () => {
    const logout = await t.app.inject({ method: 'POST', url: '/api/admin/logout' });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ authenticated: false });
    expect(logout.cookies.find((c) => c.name === 'admin_session')?.value).toBe('');
  });
});
