import { performance } from 'node:perf_hooks';
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie, createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { importResultSchema } from '../../shared/imports.ts';
import { articleHtml, sendHtml, startFixtureServer, type FixtureServer } from '../../../tests/support/url-import/http-fixture.ts';
import {
  backtickRuns,
  nestedDivs,
  nestedListItems,
  watchEventLoop,
} from '../../../tests/support/url-import/importer-hostile-pages.ts';

const hostilePages: Record<string, string> = {
  '/nested-divs': nestedDivs(),
  '/nested-list-items': nestedListItems(),
  '/backtick-runs': backtickRuns(),
};

let site: FixtureServer;
let t: TestApp;
let cookie: string;

beforeAll(async () => {
  site = await startFixtureServer((request, response) => {
    if (request.url === '/article') return sendHtml(response, articleHtml);
    const hostile = hostilePages[request.url ?? ''];
    if (hostile) return sendHtml(response, hostile);
    if (request.url === '/empty')
      return sendHtml(response, '<!doctype html><html><head><title>Empty</title></head><body></body></html>');
    if (request.url === '/feed.json') {
      response.writeHead(200, { 'content-type': 'application/json' });
      return response.end('{}');
    }
    if (request.url === '/down') return sendHtml(response, '<h1>Service unavailable</h1>', 503);
    sendHtml(response, '<h1>Not found</h1>', 404);
  });
  t = await createTestApp({ IMPORT_ALLOW_HOSTS: '127.0.0.1' });
  cookie = await adminCookie(t.app);
});
afterAll(async () => {
  await t.close();
  await site.close();
});

function importContent(app: TestApp['app'], payload: unknown, headers: Record<string, string> = { cookie }) {
  return app.inject({ method: 'POST', url: '/api/import-content', payload: payload as Record<string, unknown>, headers });
}

describe('POST /api/import-content', () => {
  it('answers 401 without an admin session, without fetching', async () => {
    const before = site.connections();
    const response = await importContent(t.app, { url: `${site.origin}/article` }, {});
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Admin session required' });
    expect(site.connections()).toBe(before);
  });

  it.each([
    ['a missing url', {}],
    ['something that is not an address', { url: 'not a url' }],
    ['a non-http address', { url: 'ftp://example.com/article' }],
  ])('answers 400 for %s', async (_what, payload) => {
    const response = await importContent(t.app, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/^Invalid url: /);
  });

  it('imports an article from an allowed host', async () => {
    const response = await importContent(t.app, { url: `${site.origin}/article` });
    expect(response.statusCode).toBe(200);
    const body = importResultSchema.strict().parse(response.json());
    expect(body).toMatchObject({
      title: 'Teaching Kids to Code in Kampala',
      excerpt: 'How after-school coding clubs in Kampala grow the next generation of builders, one laptop at a time.',
      featuredImage: `${site.origin}/media/og-cover.png`,
      sourceUrl: `${site.origin}/article`,
    });
    expect(body.content).toContain('| Year | Schools | Students |');
    expect(body.content).toContain('```typescript');
  });

  it('refuses a loopback target when the allow list does not name it', async () => {
    const closed = await createTestApp();
    try {
      const before = site.connections();
      const response = await importContent(
        closed.app,
        { url: `${site.origin}/article` },
        { cookie: await adminCookie(closed.app) },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message:
          "The site's server cannot fetch 127.0.0.1: it is a private or local address, not one on the public web. Import from a public address instead.",
      });
      expect(site.connections()).toBe(before);
    } finally {
      await closed.close();
    }
  });

  it.each([
    ['/missing', 422, 'The page answered HTTP 404 Not Found'],
    ['/down', 502, 'The page answered HTTP 503 Service Unavailable'],
    ['/feed.json', 422, 'The address answered with application/json, not an HTML page'],
    ['/empty', 422, 'No article found on that page'],
  ])('answers %s with %i and a message', async (path, status, message) => {
    const response = await importContent(t.app, { url: `${site.origin}${path}` });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ message });
  });

  it('answers 502 when the host refuses the connection', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));

    const response = await importContent(t.app, { url: `http://127.0.0.1:${port}/article` });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      message: `127.0.0.1:${port} cannot be reached from the site's server: it refused the connection.`,
    });
  });
});

describe('POST /api/import-content with pages that froze the server (security review)', () => {
  const deep = 'The page is nested too deeply to import: more than 500 levels of elements';
  it.each([
    ['a page of 100,000 nested divs', '/nested-divs', deep],
    ['a page of 20,000 nested <li>', '/nested-list-items', deep],
    ['a <pre> with 300,000 backtick runs', '/backtick-runs', /^The article is too long to import: /],
  ])('%s answers 422 without blocking other requests', async (_what, path, message) => {
    const loop = watchEventLoop();
    const before = performance.eventLoopUtilization();
    let imported = false;
    const importing = importContent(t.app, { url: `${site.origin}${path}` }).finally(() => (imported = true));

    // Other requests, one after another while the import runs: each is answered at once.
    let answered = 0;
    let slowestMs = 0;
    while (!imported) {
      const started = performance.now();
      const other = await t.app.inject({ method: 'GET', url: '/api/admin/session', headers: { cookie } });
      expect(other.statusCode).toBe(200);
      answered++;
      slowestMs = Math.max(slowestMs, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }

    const response = await importing;
    const { utilization } = performance.eventLoopUtilization(before);
    const { ticks, longestStallMs } = loop.stop();
    expect(response.statusCode).toBe(422);
    expect(response.json<{ message: string }>().message).toMatch(message);
    // Read on the main thread, the page kept it busy all along (and a request made meanwhile
    // waited minutes for the divs); a share of the time, not a number of milliseconds, so that a
    // busy machine does not fail the test.
    expect(answered).toBeGreaterThan(0);
    expect(
      utilization,
      `busy ${Math.round(utilization * 100)}% of the time; slowest answer ${Math.round(slowestMs)} ms, stalled ${Math.round(longestStallMs)} ms`,
    ).toBeLessThan(0.75);
    expect(ticks).toBeGreaterThan(0);
  });
});
