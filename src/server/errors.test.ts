import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, adminCookie, createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { HttpError, registerErrorHandler, tooManyRequests } from './errors.ts';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await adminCookie(t.app);
});
afterAll(() => t.close());

let nextAddress = 1;
const freshAddress = () => `10.3.0.${nextAddress++}`;

function expectJsonMessage(response: { headers: Record<string, unknown>; json(): unknown }) {
  expect(String(response.headers['content-type'])).toMatch(/^application\/json/);
  const body = response.json() as { message: unknown };
  expect(body).toEqual({ message: expect.any(String) });
  expect((body.message as string).length).toBeGreaterThan(0);
}

describe('error answers through the real app', () => {
  it('answers 400 JSON { message } for malformed JSON', async () => {
    for (const url of ['/api/contact', '/api/admin/verify', '/api/import-content']) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', cookie },
        payload: '{"name": "Ada", "email": ',
        remoteAddress: freshAddress(),
      });
      expect(response.statusCode, url).toBe(400);
      expectJsonMessage(response);
    }
  });

  it('answers 400 JSON { message } for fields of the wrong type, naming the field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 123, email: 'typed@example.org', message: 'Hello' },
      remoteAddress: freshAddress(),
    });
    expect(response.statusCode).toBe(400);
    expectJsonMessage(response);
    expect(response.json().message).toContain('name');

    for (const payload of [
      [],
      'just a string',
      { name: 'A', email: ['a@b.co'], message: 'x' },
      { name: 'A', email: 'a@b.co', message: { text: 'x' } },
    ]) {
      const wrong = await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
        remoteAddress: freshAddress(),
      });
      expect(wrong.statusCode, JSON.stringify(payload)).toBe(400);
      expectJsonMessage(wrong);
    }
  });

  it('answers 415 JSON for a form-encoded body where no form posts (only the visitor forms take one)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/verify',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'password=whatever',
      remoteAddress: freshAddress(),
    });
    expect(response.statusCode).toBe(415);
    expectJsonMessage(response);
  });

  it('never reads a text/plain body as JSON (a cross-site form cannot forge a JSON request)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/verify',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ password: ADMIN_PASSWORD }),
      remoteAddress: freshAddress(),
    });
    expect(response.statusCode).toBe(400);
    expectJsonMessage(response);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('answers 413 JSON for a JSON body over 1 MB', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Big', email: 'big@example.org', message: 'x'.repeat(1024 * 1024 + 1) },
      remoteAddress: freshAddress(),
    });
    expect(response.statusCode).toBe(413);
    expectJsonMessage(response);
  });

  it('answers 404 JSON for an unknown API route', async () => {
    const response = await t.app.inject({ url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expectJsonMessage(response);
  });
});

describe('POST /api/import-content', () => {
  const importContent = (payload: unknown, withCookie = true) =>
    t.app.inject({
      method: 'POST',
      url: '/api/import-content',
      headers: withCookie ? { cookie } : {},
      payload: payload as Record<string, unknown>,
    });

  it('answers 401 JSON without an admin session', async () => {
    const response = await importContent({ url: 'https://example.org/article' }, false);
    expect(response.statusCode).toBe(401);
    expectJsonMessage(response);
  });

  it('answers 400 JSON for a missing URL or one that is not http(s)', async () => {
    for (const url of [
      'ftp://x',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'data:text/html,hi',
      'not a url',
      '',
      undefined,
      42,
    ]) {
      const response = await importContent({ url });
      expect(response.statusCode, String(url)).toBe(400);
      expectJsonMessage(response);
    }
  });

  it('answers 400 JSON for a URL over the length cap', async () => {
    const response = await importContent({ url: `https://example.org/${'a'.repeat(2_100)}` });
    expect(response.statusCode).toBe(400);
    expectJsonMessage(response);
  });
});

describe('registerErrorHandler', () => {
  const app = Fastify();
  registerErrorHandler(app);
  app.get('/http-error', async () => {
    throw tooManyRequests(2.2, 'Slow down');
  });
  app.get('/teapot', async () => {
    throw new HttpError(418, 'I am a teapot');
  });
  app.get('/bug', async () => {
    throw new Error('connection string postgres://user:secret@db/prod leaked');
  });
  afterAll(() => app.close());

  it('answers an HttpError with its status, message and headers', async () => {
    const limited = await app.inject({ url: '/http-error' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'Slow down' });
    // Rounded up to whole seconds.
    expect(limited.headers['retry-after']).toBe('3');
    const teapot = await app.inject({ url: '/teapot' });
    expect(teapot.statusCode).toBe(418);
    expect(teapot.json()).toEqual({ message: 'I am a teapot' });
  });

  it('answers an unexpected error with 500 and a generic message that leaks nothing', async () => {
    const response = await app.inject({ url: '/bug' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Internal Server Error' });
    expect(response.body).not.toContain('secret');
  });
});
