import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, adminCookie, createTestApp, type TestApp, tables } from '../../../tests/support/test-app.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../env.ts';
import { ensureAdminAccount } from '../services/auth/admin-account.ts';
import { LocalStorage } from '../adapters/storage.ts';

const { adminSessions } = tables;

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
    // Signed: "<random token>.<signature>", and the signature checks out with the app's secret.
    const [token, signature] = cookie.value.split('.');
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(signature).toMatch(/\S{20,}/);
    expect(t.app.unsignCookie(cookie.value)).toEqual({ valid: true, renew: false, value: token });

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
      for (let attempt = 1; attempt <= 5; attempt++)
        expect((await login(`guess-${attempt}`, '203.0.113.7')).statusCode).toBe(401);
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
    const [token, signature] = value.split('.') as [string, string];
    const flipped = signature.slice(0, -1) + (signature.endsWith('A') ? 'B' : 'A');
    const otherToken = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    const tampered = [
      `admin_session=${otherToken}.${signature}`,
      `admin_session=${token}.${flipped}`,
      `admin_session=${token}`,
      'admin_session=.',
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
    const cookie = await adminCookie(t.app);
    const id = createHash('sha256')
      .update(t.app.unsignCookie(cookie.slice('admin_session='.length)).value!)
      .digest('base64url');
    const expiresAt = await t.db
      .select({ expiresAt: adminSessions.expiresAt, createdAt: adminSessions.createdAt })
      .from(adminSessions)
      .where(eq(adminSessions.id, id));
    expect(expiresAt[0]!.expiresAt.getTime() - expiresAt[0]!.createdAt.getTime()).toBe(FOUR_HOURS_MS);

    await t.db
      .update(adminSessions)
      .set({ expiresAt: sql`now() + interval '1 minute'` })
      .where(eq(adminSessions.id, id));
    expect((await adminOnly(cookie)).statusCode).toBe(200);
    await t.db
      .update(adminSessions)
      .set({ expiresAt: sql`now() - interval '1 millisecond'` })
      .where(eq(adminSessions.id, id));
    expect((await adminOnly(cookie)).statusCode).toBe(401);
    expect(await sessionState(cookie)).toBe(false);
  });

  it('is refused when correctly signed but never issued (a leaked secret alone opens nothing)', async () => {
    const forged = `admin_session=${t.app.signCookie(randomBytes(32).toString('base64url'))}`;
    expect((await adminOnly(forged)).statusCode).toBe(401);
    expect(await sessionState(forged)).toBe(false);
  });

  it('carries the Secure flag when SITE_URL is https', async () => {
    const secure = await createTestApp({ SITE_URL: 'https://blog.example.org' });
    try {
      const response = await secure.app.inject({
        method: 'POST',
        url: '/api/admin/verify',
        payload: { password: ADMIN_PASSWORD },
      });
      expect(response.statusCode).toBe(200);
      // __Host-: browsers keep it only when Secure, for path / and without a Domain.
      const cookie = response.cookies.find((c) => c.name === '__Host-admin_session');
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict', path: '/' });
      expect(cookie!.domain).toBeUndefined();
      const sessionCookie = `__Host-admin_session=${cookie!.value}`;
      const state = await secure.app.inject({ url: '/api/admin/session', headers: { cookie: sessionCookie } });
      expect(state.json()).toEqual({ authenticated: true });
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

describe('sessions end everywhere (security review)', () => {
  /** A second instance of the app on the same database and secret, as behind a load balancer. */
  async function secondInstance() {
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', DATA_DIR: t.dataDir }),
      db: t.db,
      storage: new LocalStorage(t.dataDir),
      sessionSecret: 'test-secret-that-is-long-enough-for-signing-cookies',
    });
    await app.ready();
    return app;
  }

  it('logout does not end the session: fixed, the old cookie reads nothing afterwards, on any instance', async () => {
    const other = await secondInstance();
    try {
      const cookie = await adminCookie(t.app);
      const draftsOn = (app: typeof t.app) => app.inject({ url: '/api/blog-posts?published=false', headers: { cookie } });
      expect((await draftsOn(other)).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { cookie } })).statusCode).toBe(200);
      // A copy of the cookie kept after logout (another tab, a stolen copy) is dead on both instances.
      expect((await draftsOn(t.app)).statusCode).toBe(401);
      expect((await draftsOn(other)).statusCode).toBe(401);
      expect(await sessionState(cookie)).toBe(false);
    } finally {
      await other.close();
    }
  });

  it('logging out ends only that session: another device stays logged in', async () => {
    const laptop = await adminCookie(t.app);
    const phone = await adminCookie(t.app);
    await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { cookie: phone } });
    expect(await sessionState(phone)).toBe(false);
    expect(await sessionState(laptop)).toBe(true);
  });

  it('a password change ends every session opened with the old password', async () => {
    const cookie = await adminCookie(t.app);
    expect(await sessionState(cookie)).toBe(true);
    await ensureAdminAccount(t.db, 'a brand new admin password');
    try {
      expect(await sessionState(cookie)).toBe(false);
      expect((await adminOnly(cookie)).statusCode).toBe(401);
    } finally {
      await ensureAdminAccount(t.db, ADMIN_PASSWORD);
    }
  });
});

describe('login limit under a burst (security review)', () => {
  it('login limit races: 50 wrong passwords in parallel from one address, only 5 are checked', async () => {
    const address = freshAddress();
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => verify(`parallel-guess-${i}`, address)));
    const statuses = answers.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(45);
  });

  it('TRUST_PROXY=1 trusts the leftmost X-Forwarded-For: fixed, the address the proxy appended counts', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: '1' });
    try {
      // The client writes its own X-Forwarded-For; the proxy appends the address it saw.
      const statuses: number[] = [];
      for (let i = 1; i <= 10; i++) {
        const response = await proxied.app.inject({
          method: 'POST',
          url: '/api/admin/verify',
          payload: { password: `guess-${i}` },
          remoteAddress: '10.9.0.1',
          headers: { 'x-forwarded-for': `203.0.113.${i}, 198.51.100.20` },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
    } finally {
      await proxied.close();
    }
  });

  it("TRUST_PROXY as the proxies' addresses: only their X-Forwarded-For is believed", async () => {
    const proxied = await createTestApp({ TRUST_PROXY: '10.9.0.0/16' });
    try {
      const ipSeen = async (remoteAddress: string, forwardedFor: string) => {
        const response = await proxied.app.inject({
          method: 'POST',
          url: '/api/admin/verify',
          payload: { password: 'wrong' },
          remoteAddress,
          headers: { 'x-forwarded-for': forwardedFor },
        });
        return response.statusCode;
      };
      // Through the trusted proxy, five guesses as 198.51.100.30 lock that client out...
      for (let i = 0; i < 5; i++) expect(await ipSeen('10.9.0.1', `203.0.113.${i}, 198.51.100.30`)).toBe(401);
      expect(await ipSeen('10.9.0.1', '198.51.100.30')).toBe(429);
      // ...while a direct connection's own X-Forwarded-For is ignored.
      for (let i = 0; i < 5; i++) expect(await ipSeen('192.0.2.1', `198.51.100.${40 + i}`)).toBe(401);
      expect(await ipSeen('192.0.2.1', '198.51.100.99')).toBe(429);
    } finally {
      await proxied.close();
    }
  });
});
