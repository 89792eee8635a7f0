import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { Negotiator } from '@fastify/accept-negotiator';
import { type CachedResponse, identityOf, type PageCache, type PagePool } from '../pages/page-cache.ts';
import { savesData } from '../pages/save-data.ts';

/** Addresses remembered at most: more are served by the full path, as before. */
const MAX_ROUTES = 10_000;

/** Headers of the full path's answer that belong to one encoding or one write: set here per answer. */
const PER_ANSWER = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'date', 'connection', 'keep-alive']);

const encodings = new Negotiator({ supportedValues: ['br', 'gzip'] });

interface Route {
  key: string;
  pool: PagePool;
  /**
   * The cached answer these headers were sent with. Another one of the same ETag is the same page
   * (its smallest bytes, made in the background, or the same render again) and takes its place; a
   * new ETag needs new headers.
   */
  entry: CachedResponse;
  headers: OutgoingHttpHeaders;
}

/**
 * Cache hits answered in the `http` server's handler, before Fastify (docs/decisions/016): for an
 * address the full path has already served from the page cache, the same bytes with the same
 * headers, which that answer left here. Anything else (a cookie, another method, an address not
 * seen, an entry gone or rendered into another page) goes through Fastify as before.
 */
export class CacheFastPath {
  private readonly routes = new Map<string, Route>();
  private readonly cache: PageCache;
  /** Counts a read of a post from the fast path, as the page route would (never awaited). */
  private readonly countRead: (request: IncomingMessage, postId: string) => void;
  /** Answers sent here, for tests and measurements. */
  served = 0;

  constructor(cache: PageCache, countRead: (request: IncomingMessage, postId: string) => void) {
    this.cache = cache;
    this.countRead = countRead;
  }

  /** Called by the full path after it sent `entry` for `url` from the cache, with its headers. */
  remember(
    url: string,
    saveData: boolean,
    key: string,
    pool: PagePool,
    entry: CachedResponse,
    headers: Record<string, string | number | string[] | undefined>,
  ): void {
    // An answer that set a cookie was for one visitor: never handed to others.
    if (Object.keys(headers).some((name) => name.toLowerCase() === 'set-cookie')) return;
    const kept: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(headers)) {
      if (value !== undefined && !PER_ANSWER.has(name.toLowerCase())) kept[name] = value;
    }
    const address = `${saveData ? 's' : '-'}${url}`;
    if (!this.routes.has(address) && this.routes.size >= MAX_ROUTES) this.routes.clear();
    this.routes.set(address, { key, pool, entry, headers: kept });
  }

  /** Answers `request` when it is a hit it may answer; false leaves it to Fastify. */
  serve(request: IncomingMessage, response: ServerResponse): boolean {
    const method = request.method;
    if ((method !== 'GET' && method !== 'HEAD') || request.headers.cookie !== undefined || request.url === undefined)
      return false;
    const saveData = savesData(request.headers['save-data']);
    const route = this.routes.get(`${saveData ? 's' : '-'}${request.url}`);
    if (!route) return false;
    const entry = this.cache.get(route.key, route.pool);
    if (!entry || entry.etag !== route.entry.etag) return false;
    route.entry = entry;

    const etag = `W/"${entry.etag}"`;
    const wanted = request.headers['if-none-match'];
    if (wanted !== undefined && wanted.split(',').some((tag) => tag.trim() === etag)) {
      response.writeHead(304, route.headers);
      response.end();
      this.served += 1;
      return true;
    }
    const accepted = request.headers['accept-encoding'];
    const encoding = typeof accepted === 'string' ? encodings.negotiate(accepted) : null;
    const head = method === 'HEAD';
    const body = encoding === 'br' ? entry.br : encoding === 'gzip' ? entry.gzip : head ? undefined : identityOf(entry);
    response.writeHead(entry.status, {
      ...route.headers,
      ...(encoding ? { 'content-encoding': encoding } : {}),
      'content-length': body?.byteLength ?? entry.identityBytes,
    });
    response.end(head ? undefined : body);
    if (entry.postId) this.countRead(request, entry.postId);
    this.served += 1;
    return true;
  }
}
