import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redirect, sendHtml, startFixtureServer, type FixtureServer } from '../../../tests/support/url-import/http-fixture.ts';
import { createGuardedFetcher, FETCH_LIMITS, GuardedFetchError, isPublicAddress, type PageFetcher } from './guarded-fetch.ts';

const PAGE = '<!doctype html><html><head><title>Fixture</title></head><body><p>Hello</p></body></html>';

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fixture');
    const to = url.searchParams.get('to');
    if (url.pathname === '/page') return sendHtml(response, PAGE);
    if (url.pathname === '/redirect' && to) return redirect(response, to);
    const chain = /^\/chain\/(\d+)$/.exec(url.pathname);
    if (chain)
      return Number(chain[1]) === 0 ? sendHtml(response, PAGE) : redirect(response, `/chain/${Number(chain[1]) - 1}`, 301);
    if (url.pathname === '/xhtml') {
      response.writeHead(200, { 'content-type': 'application/xhtml+xml' });
      return response.end(PAGE);
    }
    if (url.pathname === '/json') {
      response.writeHead(200, { 'content-type': 'application/json' });
      return response.end('{"title":"not a page"}');
    }
    if (url.pathname === '/latin1') {
      response.writeHead(200, { 'content-type': 'text/html; charset=iso-8859-1' });
      return response.end(Buffer.from('<p>Caf\xe9 cr\xe8me</p>', 'latin1'));
    }
    if (url.pathname === '/huge') {
      // Chunked, with no Content-Length: only counting while streaming can stop it.
      response.writeHead(200, { 'content-type': 'text/html' });
      const chunk = Buffer.alloc(64 * 1024, 'a');
      for (let sent = 0; sent <= FETCH_LIMITS.maxBytes; sent += chunk.length) response.write(chunk);
      return response.end();
    }
    if (url.pathname === '/declared-huge') {
      response.writeHead(200, { 'content-type': 'text/html', 'content-length': String(FETCH_LIMITS.maxBytes + 1) });
      return response.write('<p>');
    }
    if (url.pathname === '/slow-headers') return; // never answers
    if (url.pathname === '/slow-body') {
      response.writeHead(200, { 'content-type': 'text/html' });
      return response.write('<p>first bytes, then nothing');
    }
    if (url.pathname === '/missing') return sendHtml(response, '<h1>Not found</h1>', 404);
    if (url.pathname === '/broken') return sendHtml(response, '<h1>Oops</h1>', 500);
    sendHtml(response, 'unexpected path', 418);
  });
});
afterAll(() => server.close());

const allowLoopback = (options = {}) => createGuardedFetcher({ allowHosts: ['127.0.0.1'], ...options });

async function failure(fetcher: PageFetcher, url: string): Promise<GuardedFetchError> {
  const error = await fetcher.fetchPage(url).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GuardedFetchError);
  return error as GuardedFetchError;
}

/** A port on loopback that nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('isPublicAddress', () => {
  it.each([
    ['10.0.0.1', 'private 10/8'],
    ['172.16.5.4', 'private 172.16/12'],
    ['172.31.255.255', 'private 172.16/12, last address'],
    ['192.168.1.1', 'private 192.168/16'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback 127/8'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['0.0.0.0', 'unspecified'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['198.18.0.1', 'benchmarking'],
    ['192.0.2.10', 'documentation'],
    ['224.0.0.1', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    ['::1', 'IPv6 loopback'],
    ['::', 'IPv6 unspecified'],
    ['fc00::1', 'IPv6 unique local fc00::/7'],
    ['fd12:3456::1', 'IPv6 unique local fd00::/8'],
    ['fe80::1', 'IPv6 link-local'],
    ['fe80::1%eth0', 'IPv6 link-local with a zone'],
    ['ff02::1', 'IPv6 multicast'],
    ['2001:db8::1', 'IPv6 documentation'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex form'],
    ['::ffff:10.1.2.3', 'IPv4-mapped private'],
    ['::ffff:169.254.169.254', 'IPv4-mapped link-local'],
    ['64:ff9b::a00:1', 'NAT64 of 10.0.0.1'],
    ['not-an-address', 'not an address at all'],
  ])('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.215.14', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808'])(
    'accepts the public address %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});

describe('createGuardedFetcher', () => {
  it('fetches an HTML page from an allowed host and reports where it ended up after redirects', async () => {
    const page = await allowLoopback().fetchPage(`${server.origin}/chain/2`);
    expect(page).toEqual({ url: `${server.origin}/chain/0`, html: PAGE });
  });

  it('accepts application/xhtml+xml and decodes the declared charset', async () => {
    expect((await allowLoopback().fetchPage(`${server.origin}/xhtml`)).html).toBe(PAGE);
    expect((await allowLoopback().fetchPage(`${server.origin}/latin1`)).html).toBe('<p>Café crème</p>');
  });

  it('refuses loopback addresses without the allow list, before connecting', async () => {
    const fetcher = createGuardedFetcher();
    const before = server.connections();
    for (const url of [
      `${server.origin}/page`,
      `http://[::1]:${server.port}/page`,
      `http://[::ffff:127.0.0.1]:${server.port}/page`,
    ]) {
      const error = await failure(fetcher, url);
      expect(error.reason).toBe('refused');
      expect(error.message).toMatch(/is a private or local address/);
    }
    expect(server.connections()).toBe(before);
  });

  it('refuses a host name that resolves to loopback, even when the loopback address is allowed', async () => {
    const before = server.connections();
    const error = await failure(allowLoopback(), `http://localhost:${server.port}/page`);
    expect(error.reason).toBe('refused');
    expect(error.message).toMatch(
      /^The site's server cannot fetch localhost \((127\.0\.0\.1|::1)\): it is a private or local address/,
    );
    expect(server.connections()).toBe(before);
  });

  it('fetches a host name that is itself on the allow list', async () => {
    const page = await createGuardedFetcher({ allowHosts: ['LOCALHOST'] }).fetchPage(`http://localhost:${server.port}/page`);
    expect(page.html).toBe(PAGE);
  });

  it.each([
    ['a host name resolving to loopback', (port: number) => `http://localhost:${port}/page`],
    ['a private address', () => 'http://10.0.0.1/'],
    ['the cloud metadata address', () => 'http://169.254.169.254/latest/meta-data/'],
    ['an IPv6 loopback address', (port: number) => `http://[::1]:${port}/page`],
  ])('re-checks every redirect: an allowed host redirecting to %s is refused', async (_what, target) => {
    const location = target(server.port);
    const before = server.connections();
    const error = await failure(allowLoopback(), `${server.origin}/redirect?to=${encodeURIComponent(location)}`);
    expect(error.reason).toBe('refused');
    expect(error.message).toMatch(/is a private or local address/);
    expect(server.connections()).toBe(before + 1); // the allowed first hop only
  });

  it.each(['file:///etc/passwd', 'ftp://example.com/article.html', 'gopher://example.com/'])(
    'refuses the non-http address %s and a redirect to it',
    async (target) => {
      const direct = await failure(allowLoopback(), target);
      expect(direct.reason).toBe('refused');
      expect(direct.message).toMatch(/only http and https are allowed/);
      const redirected = await failure(allowLoopback(), `${server.origin}/redirect?to=${encodeURIComponent(target)}`);
      expect(redirected.reason).toBe('refused');
      expect(redirected.message).toMatch(/^The page redirected to a \w+: address: only http and https are allowed$/);
    },
  );

  it('refuses addresses carrying credentials', async () => {
    const error = await failure(allowLoopback(), `http://user:secret@127.0.0.1:${server.port}/page`);
    expect(error.reason).toBe('refused');
    expect(error.message).toMatch(/user name or password/);
  });

  it('follows at most 5 redirects', async () => {
    expect((await allowLoopback().fetchPage(`${server.origin}/chain/5`)).url).toBe(`${server.origin}/chain/0`);
    const error = await failure(allowLoopback(), `${server.origin}/chain/6`);
    expect(error.reason).toBe('too-many-redirects');
    expect(error.message).toBe('The page redirected more than 5 times');
  });

  it('stops reading a body beyond 5 MB, declared or streamed', async () => {
    for (const path of ['/huge', '/declared-huge']) {
      const error = await failure(allowLoopback(), `${server.origin}${path}`);
      expect(error.reason).toBe('too-large');
      expect(error.message).toBe('The page is larger than 5 MB');
    }
  });

  it.each(['/slow-headers', '/slow-body'])('gives up on %s after the time limit', async (path) => {
    const started = Date.now();
    const error = await failure(allowLoopback({ timeoutMs: 400 }), `${server.origin}${path}`);
    expect(error.reason).toBe('timeout');
    expect(error.message).toBe(`127.0.0.1:${server.port} took longer than 0.4 seconds to answer`);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('refuses what is not HTML', async () => {
    const error = await failure(allowLoopback(), `${server.origin}/json`);
    expect(error.reason).toBe('not-html');
    expect(error.message).toBe('The address answered with application/json, not an HTML page');
  });

  it('reports the status of a page that answers an error', async () => {
    const missing = await failure(allowLoopback(), `${server.origin}/missing`);
    expect([missing.reason, missing.upstreamStatus, missing.message]).toEqual([
      'upstream-status',
      404,
      'The page answered HTTP 404 Not Found',
    ]);
    const broken = await failure(allowLoopback(), `${server.origin}/broken`);
    expect(broken.upstreamStatus).toBe(500);
  });

  it('explains unreachable hosts', async () => {
    const port = await closedPort();
    const refused = await failure(allowLoopback(), `http://127.0.0.1:${port}/`);
    expect([refused.reason, refused.message]).toEqual([
      'unreachable',
      `127.0.0.1:${port} cannot be reached from the site's server: it refused the connection.`,
    ]);
    const unknown = await failure(allowLoopback(), 'http://no-such-host.invalid/');
    expect([unknown.reason, unknown.message]).toEqual([
      'unreachable',
      "The site's server could not find no-such-host.invalid: check the address, or try again if the name is new.",
    ]);
  });
});
