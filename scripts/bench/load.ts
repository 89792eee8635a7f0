// Load generation with autocannon (closed loop: each connection sends its next request when the
// previous one is answered), plus a single-request probe for the bytes a browser would download.
import { request } from 'node:http';
import autocannon from 'autocannon';

/** What Chromium sends, so the server compresses and counts views as it does for readers. */
export const BROWSER_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
export const BROWSER_ACCEPT_ENCODING = 'br, gzip';

export interface LoadSettings {
  connections: number;
  seconds: number;
  /** Seconds of load before the measured run, discarded (JIT, caches, connection set-up). */
  warmupSeconds: number;
  /** Awaited after the warm-up and after the run, e.g. until the server has answered its backlog. */
  settle?: () => Promise<unknown>;
}

export interface LoadResult {
  connections: number;
  seconds: number;
  requestsPerSecond: number;
  /** Latencies in ms, from the request written to the last byte of the answer. */
  p50: number;
  p95: number;
  p99: number;
  max: number;
  requests: number;
  /** Answers other than 2xx plus connection errors and timeouts: a non-zero value spoils the figures. */
  failures: number;
  /** Requests unanswered after TIMEOUT_SECONDS (counted in `failures` too). */
  timeouts: number;
  /** Answers that took longer than SLOW_MS. */
  slow: number;
}

/** What one request asks; headers replace those of the load for this request. */
export interface LoadRequest {
  path: string;
  headers?: Record<string, string>;
}

/** The longest wait for an answer: past SLOW_MS, so a slow answer is measured rather than dropped. */
const TIMEOUT_SECONDS = 10;
/** DESIGN.md: no reader's request over 5 s. */
export const SLOW_MS = 5_000;

/** The paths in turn, one per request whichever connection sends it. */
export function rotation(paths: readonly string[]): () => LoadRequest {
  let i = 0;
  return () => ({ path: paths[i++ % paths.length]! });
}

function run(url: string, headers: Record<string, string>, connections: number, seconds: number, next?: () => LoadRequest) {
  const latencies: number[] = [];
  let failures = 0;
  // Each request is built anew from `next` (setupRequest); without it, one request is built once.
  const requests = next
    ? [{ setupRequest: (request: autocannon.Request): autocannon.Request => ({ ...request, ...next() }) }]
    : undefined;
  return new Promise<{ latencies: number[]; failures: number; timeouts: number; duration: number }>((resolve, reject) => {
    const options = { url, connections, duration: seconds, headers, timeout: TIMEOUT_SECONDS, ...(requests ? { requests } : {}) };
    const instance = autocannon(options, (error, result) => {
      if (error) reject(error instanceof Error ? error : new Error(String(error)));
      else resolve({ latencies, failures: failures + result.errors, timeouts: result.timeouts, duration: result.duration });
    });
    // autocannon's own histogram keeps whole milliseconds; record the exact times instead.
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
      else failures++;
    });
  });
}

function percentile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

/**
 * Warm-up, then `seconds` of load at `connections` against `url`, or, with `next`, against the
 * paths it gives on the origin of `url`. Requests still unanswered when the time is up are not counted.
 */
export async function measureLoad(
  url: string,
  headers: Record<string, string>,
  settings: LoadSettings,
  next?: () => LoadRequest,
): Promise<LoadResult> {
  if (settings.warmupSeconds > 0) {
    await run(url, headers, settings.connections, settings.warmupSeconds, next);
    await settings.settle?.();
  }
  const { latencies, failures, timeouts, duration } = await run(url, headers, settings.connections, settings.seconds, next);
  await settings.settle?.();
  const sorted = Float64Array.from(latencies).sort();
  return {
    connections: settings.connections,
    seconds: settings.seconds,
    requestsPerSecond: latencies.length / duration,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted.length > 0 ? sorted[sorted.length - 1]! : Number.NaN,
    requests: latencies.length,
    failures,
    timeouts,
    slow: latencies.filter((ms) => ms > SLOW_MS).length,
  };
}

export interface Probe {
  status: number;
  contentType: string;
  /** `br`, `gzip` or `identity`. */
  encoding: string;
  /** Body bytes as sent on the wire (compressed when `encoding` says so). */
  bytes: number;
  body: Buffer;
}

/** One GET, keeping the body exactly as transferred (fetch would decompress it). */
export function probe(url: string, headers: Record<string, string>): Promise<Probe> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({
          status: response.statusCode ?? 0,
          contentType: response.headers['content-type'] ?? '',
          encoding: response.headers['content-encoding'] ?? 'identity',
          bytes: body.length,
          body,
        });
      });
    });
    req.setTimeout(30_000, () => req.destroy(new Error(`${url}: no answer within 30 s`)));
    req.on('error', reject);
    req.end();
  });
}
