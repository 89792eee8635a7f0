import { createServer, type Server } from 'node:http';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureLoad, probe, rotation } from './load.ts';

const PAGE = '<!doctype html><title>Bench</title>' + '<p>Readers read this paragraph.</p>'.repeat(200);
let server: Server;
let origin: string;
let served = 0;
/** Path and `x-turn` header of each request, in order. */
const seen: Array<[string, string | undefined]> = [];

beforeAll(async () => {
  // /page: gzip when asked, like the app; /flaky: every third answer is a 500.
  server = createServer((request, response) => {
    served++;
    seen.push([request.url!, request.headers['x-turn'] as string | undefined]);
    if (request.url === '/slow') {
      setTimeout(() => response.writeHead(200).end('late'), 300);
    } else if (request.url === '/flaky' && served % 3 === 0) {
      response.writeHead(500).end('{"message":"boom"}');
    } else if (request.headers['accept-encoding']?.includes('gzip')) {
      response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(gzipSync(PAGE));
    } else {
      response.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('measureLoad', () => {
  it('counts answered requests per second and orders the percentiles', async () => {
    const result = await measureLoad(`${origin}/page`, {}, { connections: 4, seconds: 1, warmupSeconds: 0 });
    expect(result.requests).toBeGreaterThan(50);
    expect(result.failures).toBe(0);
    expect(result.requestsPerSecond).toBeGreaterThan(50);
    expect(result.p50).toBeGreaterThan(0);
    expect(result.p50).toBeLessThanOrEqual(result.p95);
    expect(result.p95).toBeLessThanOrEqual(result.p99);
  });

  it('counts error answers as failures, not as served requests', async () => {
    const result = await measureLoad(`${origin}/flaky`, {}, { connections: 2, seconds: 1, warmupSeconds: 0 });
    expect(result.failures).toBeGreaterThan(0);
    // About one answer in three fails; none of them counts towards req/s.
    expect(result.failures / (result.requests + result.failures)).toBeCloseTo(1 / 3, 1);
  });

  it('settles after the warm-up and after the run', async () => {
    let settled = 0;
    await measureLoad(`${origin}/page`, {}, { connections: 1, seconds: 1, warmupSeconds: 1, settle: async () => void settled++ });
    expect(settled).toBe(2);
  });
});

describe('measureLoad with a path per request', () => {
  it('spreads a rotation evenly over its paths, whichever connection sends them', async () => {
    seen.length = 0;
    const paths = ['/a', '/b', '/c', '/d'];
    await measureLoad(`${origin}/`, {}, { connections: 3, seconds: 1, warmupSeconds: 0 }, rotation(paths));
    const sizes = paths.map((path) => seen.filter(([url]) => url === path).length);
    expect(Math.min(...sizes)).toBeGreaterThan(0);
    // Requests built but unsent when the time is up (one per connection at most) make the difference.
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(3);
  });

  it("sends each request's own headers, and reports the slowest answer", async () => {
    seen.length = 0;
    let turn = 0;
    const next = () =>
      turn++ % 2 === 0 ? { path: '/page', headers: { 'x-turn': 'page' } } : { path: '/slow', headers: { 'x-turn': 'slow' } };
    const result = await measureLoad(
      `${origin}/`,
      { 'x-turn': 'default' },
      { connections: 2, seconds: 1, warmupSeconds: 0 },
      next,
    );
    // A request of the previous test may arrive late; it carries no x-turn.
    const sent = seen.filter(([, header]) => header !== undefined);
    expect(sent.length).toBeGreaterThan(2);
    expect(sent.every(([url, header]) => url === `/${header}`)).toBe(true);
    expect(result.max).toBeGreaterThanOrEqual(300);
    expect(result.slow).toBe(0);
  });
});

describe('probe', () => {
  it('reports the bytes as transferred, compressed when the server compressed them', async () => {
    const compressed = await probe(`${origin}/page`, { 'accept-encoding': 'br, gzip' });
    expect(compressed).toMatchObject({ status: 200, encoding: 'gzip', bytes: gzipSync(PAGE).length });
    const plain = await probe(`${origin}/page`, { 'accept-encoding': 'identity' });
    expect(plain).toMatchObject({ status: 200, encoding: 'identity', bytes: Buffer.byteLength(PAGE) });
    expect(plain.body.toString()).toBe(PAGE);
  });
});
