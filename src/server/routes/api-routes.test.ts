import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { apiRoutes } from '../../shared/routes.ts';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

describe('the API route table (shared/routes.ts)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  // The browser builds its calls from apiRoutes: a route renamed on one side only would 404.
  it('names only routes the server registers', () => {
    const missing = Object.entries(apiRoutes)
      .filter(([, url]) => !METHODS.some((method) => t.app.hasRoute({ method, url })))
      .map(([name, url]) => `${name}: ${url}`);
    expect(missing).toEqual([]);
  });
});
