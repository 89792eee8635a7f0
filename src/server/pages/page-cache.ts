import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gunzipSync, gzip } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Database } from '../db/client.ts';
import { blogPosts, pageCacheGeneration } from '../db/schema.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What a page (or feed) is before the cache compresses it. */
export interface RenderedResponse {
  status: number;
  body: string;
  contentType: string;
  /** Weak ETag value of these exact bytes. */
  etag: string;
  /** The page's script nonce, which its Content-Security-Policy must name. */
  nonce?: string;
  /** The published post this page shows: each read of it counts as a view. */
  postId?: string;
  /**
   * False for a page that is another address's page (a page number past the last shows the last
   * one): rendered, never kept, so that no address of a visitor's choosing takes a place in the cache.
   */
  keep?: boolean;
}

/**
 * A kept answer: its bytes in each encoding a browser asks for, not the text itself. The text is
 * four to eight times their size, and a client that accepts neither encoding is rare enough to
 * get it unzipped at each request (identityOf).
 */
export interface CachedResponse extends RenderedResponse {
  gzip: Buffer;
  br: Buffer;
  /** Bytes of the text itself: a HEAD without an encoding is answered its length, nothing unzipped. */
  identityBytes: number;
  storedAt: number;
}

/** The uncompressed bytes of a kept answer, for a client that accepts neither br nor gzip. */
export const identityOf = (entry: CachedResponse): Buffer => gunzipSync(entry.gzip);

/**
 * Where a page is kept: answers whose addresses anyone can make up (a view of /blog with `q`, an
 * API list with a search, limit or offset) have their own room, `searches`, so a flood of new
 * terms pushes out other searches, never a page.
 */
export type PagePool = 'pages' | 'searches';

export interface PageCacheOptions {
  /** Bytes of pages kept, both encodings together (default 32 MB: ~2,500 post pages). */
  maxBytes?: number;
  /** Searches kept at most (default 500, about 6 MB of search pages), on top of the pages' bytes. */
  maxSearches?: number;
  /**
   * Bytes of searches kept at most (default 8 MB): an API list with a search can be a hundred
   * times a search page, and anyone can ask for 500 different ones.
   */
  maxSearchBytes?: number;
  /** A page older than this is rendered again, so the view counts it shows stay recent. */
  maxAgeMs?: number;
  /** How often the shared generation is read: a write elsewhere shows here within this (300 ms,
   * a third of DESIGN.md's second, so a busy event loop still keeps the promise). */
  pollMs?: number;
  now?: () => number;
  log?: FastifyBaseLogger;
}

const isCompressed = (response: RenderedResponse | CachedResponse): response is CachedResponse => 'gzip' in response;

/** Only real pages are kept: any path can be a 404, and each would cost a compression and a place. */
const keepable = (rendered: RenderedResponse) => rendered.status === 200 && rendered.keep !== false;

interface CompressionLevel {
  brotli: number;
  gzip: number;
}
/** Fast enough to wait for before an answer: a few milliseconds for a 40 KB page. */
const QUICK: CompressionLevel = { brotli: 5, gzip: 6 };
/** The smallest bytes, for pages sent thousands of times: ~30 ms for a 40 KB page, on the thread pool. */
const SMALLEST: CompressionLevel = { brotli: 11, gzip: 9 };

/** Brotli's window for `bytes` of input: the smallest that holds it, within brotli's 10-24 bits. */
const windowBits = (bytes: number) =>
  Math.min(zlib.BROTLI_MAX_WINDOW_BITS, Math.max(zlib.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(bytes + 1))));

async function encode(identity: Buffer, level: CompressionLevel): Promise<{ br: Buffer; gzip: Buffer }> {
  const [br, gzip] = await Promise.all([
    brotli(identity, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: level.brotli,
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_SIZE_HINT]: identity.byteLength,
        // A window no larger than the page: the same bytes out, without the 16-32 MB a default
        // window's tables take at quality 10-11 (kept by the allocator of the thread that ran it).
        [zlib.BROTLI_PARAM_LGWIN]: windowBits(identity.byteLength),
      },
    }),
    gzipAsync(identity, { level: level.gzip }),
  ]);
  return { br: exact(br), gzip: exact(gzip) };
}

/**
 * zlib answers with a view of its 64 KB output buffer, however few bytes it wrote: kept as it is,
 * a 5 KB page held 128 KB (both encodings), and the cache's bytes counted a tenth of what it
 * held. A copy of the bytes alone is what the cache keeps (and counts).
 */
function exact(view: Buffer): Buffer {
  if (view.byteLength === view.buffer.byteLength) return view;
  const copy = Buffer.allocUnsafeSlow(view.byteLength);
  view.copy(copy);
  return copy;
}

const sizeOf = (entry: CachedResponse) => entry.gzip.byteLength + entry.br.byteLength;

/**
 * Rendered public pages and feeds, each compressed once (br and gzip), for visitors. Kept correct
 * on every instance by one number in the database that triggers bump on any change to posts or
 * comments (migration 0006): each instance reads it every `pollMs` and after its own writes, and
 * drops everything when it moved. A scheduled post going out is no write: with the number, each
 * poll reads when the next `publishAt` after the pages were emptied falls, and the first request
 * at or after that moment empties them again. A render that started before either is not kept.
 */
export class PageCache {
  private readonly db: Database;
  private readonly now: () => number;
  private readonly log?: FastifyBaseLogger;
  /** Least recently used out first once the bytes pass `maxBytes`; older than `maxAgeMs`: gone. */
  private readonly pools: Record<PagePool, LRUCache<string, CachedResponse>>;
  /** Renders under way, and rendered pages being compressed, each with the epoch it began in. */
  private readonly inFlight = new Map<string, { rendering: Promise<RenderedResponse | CachedResponse>; epoch: number }>();
  private generation: number | undefined;
  /** Bumped whenever the pages are emptied: a render begun in an older epoch is not kept. */
  private epoch = 0;
  /** When the pages were last emptied: what they show was true from then on. */
  private epochStart: number;
  /** The first `publishAt` after `epochStart`, when a page may have to show one more post. */
  private nextPublishAt: number | undefined;
  private syncing: Promise<void> | undefined;
  private readonly timer: NodeJS.Timeout;

  constructor(db: Database, options: PageCacheOptions = {}) {
    this.db = db;
    this.now = options.now ?? Date.now;
    const aging = {
      ttl: options.maxAgeMs ?? 60_000,
      // Ages are read from the cache's clock at each get (tests move it), never a cached one.
      ttlResolution: 0,
      perf: { now: () => this.now() },
    };
    this.pools = {
      pages: new LRUCache({ maxSize: options.maxBytes ?? 32 * 1024 * 1024, sizeCalculation: sizeOf, ...aging }),
      searches: new LRUCache({
        max: options.maxSearches ?? 500,
        maxSize: options.maxSearchBytes ?? 8 * 1024 * 1024,
        sizeCalculation: sizeOf,
        ...aging,
      }),
    };
    this.log = options.log;
    this.epochStart = this.now();
    this.timer = setInterval(() => void this.sync(), options.pollMs ?? 300);
    this.timer.unref();
    void this.sync();
  }

  /** The stored response for `key`, if it is still fresh. */
  get(key: string, pool: PagePool = 'pages'): CachedResponse | undefined {
    if (this.nextPublishAt !== undefined && this.now() >= this.nextPublishAt) {
      // A scheduled post has just gone out: every page may list it now.
      this.nextPublishAt = undefined;
      this.clear();
      void this.sync();
    }
    return this.pools[pool].get(key);
  }

  /**
   * The response for `key`: one render however many visitors ask at once (a viral post after an
   * edit renders once, not once per reader), kept for the next ones. It is compressed once,
   * quickly (brotli 5, gzip 6), before it is sent, kept at once, and sent in those bytes: every
   * visitor gets compressed bytes made once, never a compression of their own. A page, unlike a
   * search (most are asked once), is then compressed as small as it gets (brotli 11, gzip 9) in the
   * background, and those bytes replace the quick ones.
   */
  async render(key: string, produce: () => Promise<RenderedResponse>, pool: PagePool = 'pages'): Promise<RenderedResponse> {
    const running = this.inFlight.get(key);
    // One begun before the pages were last emptied may show what changed since: not shared.
    if (running && running.epoch === this.epoch) return running.rendering;
    // Unknown generation (the first poll has not answered): nothing is kept until it has.
    const known = this.generation !== undefined;
    const epoch = this.epoch;
    // The page's text, held only until its smallest bytes are made.
    let identity: Buffer | undefined;
    const rendering: Promise<RenderedResponse | CachedResponse> = produce().then((rendered) => {
      if (!known || !keepable(rendered)) return rendered;
      identity = Buffer.from(rendered.body);
      return this.compress(rendered, identity, QUICK).catch((err: unknown) => {
        // Sent as rendered (compressed on the way out) and not kept: a reader still gets the page.
        this.log?.warn({ err, key }, 'compressing a rendered page failed');
        return rendered;
      });
    });
    const flight = { rendering, epoch };
    this.inFlight.set(key, flight);
    try {
      const rendered = await rendering;
      if (isCompressed(rendered) && epoch === this.epoch) {
        this.pools[pool].set(key, rendered);
        if (pool === 'pages') void this.compressSmallest(key, rendered, identity!, epoch);
      }
      return rendered;
    } finally {
      if (this.inFlight.get(key) === flight) this.inFlight.delete(key);
    }
  }

  /** Reads the shared generation now; drops every page when it moved. */
  sync(): Promise<void> {
    this.syncing ??= this.readGeneration().finally(() => {
      this.syncing = undefined;
    });
    return this.syncing;
  }

  /** Stops polling and forgets every page. */
  close(): void {
    clearInterval(this.timer);
    this.clear();
  }

  /** Pages and searches kept. */
  get size(): number {
    return this.pools.pages.size + this.pools.searches.size;
  }

  /**
   * The shared number as last read (undefined until it is): anything derived from what the pages
   * show may be kept while it stays the same.
   */
  get currentGeneration(): number | undefined {
    return this.generation;
  }

  private async readGeneration(): Promise<void> {
    try {
      const since = new Date(this.epochStart).toISOString();
      const [row] = await this.db
        .select({
          generation: pageCacheGeneration.generation,
          // Drafts with a date count too: one needless emptying costs less than a filter here.
          nextPublishAt: sql<Date | null>`(select min(${blogPosts.publishAt}) from ${blogPosts}
            where ${blogPosts.publishAt} > ${since}::timestamptz)`.mapWith(blogPosts.publishAt),
        })
        .from(pageCacheGeneration)
        .where(eq(pageCacheGeneration.id, 1));
      const generation = row?.generation ?? 0;
      if (generation !== this.generation) this.clear();
      this.generation = generation;
      this.nextPublishAt = row?.nextPublishAt ? row.nextPublishAt.getTime() : undefined;
    } catch (err) {
      // Without the number the cache cannot know what changed: it keeps nothing until it can.
      this.clear();
      this.generation = undefined;
      this.log?.warn({ err }, 'reading the page cache generation failed; pages are rendered uncached');
    }
  }

  /** The response with its bytes (`identity`: its body) in each encoding, at `level`. */
  private async compress(rendered: RenderedResponse, identity: Buffer, level: CompressionLevel): Promise<CachedResponse> {
    const { br, gzip } = await encode(identity, level);
    // Neither the text nor its bytes are kept beside the compressed ones (identityOf).
    return { ...rendered, body: '', gzip, br, identityBytes: identity.byteLength, storedAt: this.now() };
  }

  /** Replaces a kept page's quick bytes with the smallest, unless it was dropped or replaced meanwhile. */
  private async compressSmallest(key: string, entry: CachedResponse, identity: Buffer, epoch: number): Promise<void> {
    try {
      const { br, gzip } = await encode(identity, SMALLEST);
      if (epoch === this.epoch && this.pools.pages.peek(key) === entry) {
        this.pools.pages.set(key, { ...entry, br, gzip }, { noUpdateTTL: true });
      }
    } catch (err) {
      this.log?.warn({ err, key }, 'compressing a kept page again failed; it keeps its first bytes');
    }
  }

  private clear(): void {
    this.pools.pages.clear();
    this.pools.searches.clear();
    this.epoch += 1;
    this.epochStart = this.now();
  }
}
