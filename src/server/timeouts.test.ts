import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the server without timeouts', () => {
  it('closes idle connections, bounds how long a request may take to arrive, and keeps links alive past a proxy', () => {
    expect(t.app.server.timeout).toBe(30_000);
    expect(t.app.server.requestTimeout).toBe(60 * 60 * 1000);
    expect(t.app.server.keepAliveTimeout).toBe(72_000);
  });
});
