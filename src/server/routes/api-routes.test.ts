import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { apiRoutes } from '../../shared/routes.ts';
import { SmtpMailer } from '../adapters/mailer.ts';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

describe('the API route table (shared/routes.ts)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // With mail set up, as the newsletter's routes are registered only then; nothing is sent.
    const smtp = { url: 'smtp://127.0.0.1:9', to: 'author@example.com' };
    t = await createTestApp({ SMTP_URL: smtp.url, CONTACT_TO: smtp.to }, { mailer: new SmtpMailer(smtp), newsletterPollMs: 0 });
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
