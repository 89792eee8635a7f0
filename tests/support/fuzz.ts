/**
 * The route fuzzer: runs the cases of fuzz-arbitraries.ts against the real app with `app.inject`
 * and checks what every answer must hold (no 5xx, errors as JSON `{ message }`, admin routes
 * closed to anyone else, drafts hidden) and that the feeds, lists and pages still answer after
 * what a case stored. Shared by src/server/fuzz.test.ts (fixed seed, in `npm test`) and
 * scripts/fuzz.ts (`npm run fuzz`), so plain Node loads it: nothing from vitest. What is thrown
 * is in fuzz-arbitraries.ts, how failures are grouped and printed in fuzz-report.ts.
 */
import { isIP } from 'node:net';
import { brotliDecompressSync, gunzipSync, gzipSync, inflateSync } from 'node:zlib';
import { and, eq, inArray, notInArray, or, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import sharp from 'sharp';
import type { Database } from '../../src/server/db/client.ts';
import { adminSessions, blogPosts, comments, rateLimits, uploads } from '../../src/server/db/schema.ts';
import { gifBomb, pngBomb } from '../../src/server/adapters/__fixtures__/image-bombs.ts';
import { isPublicAddress } from '../../src/server/adapters/guarded-fetch.ts';
import { composeRenderer, type ServerEntry } from '../../src/server/pages/renderer.ts';
import {
  fuzzCase,
  percentEncode,
  toJsonText,
  type Body,
  type FuzzRequest,
  type ImageFormat,
  type Session,
} from './fuzz-arbitraries.ts';
import {
  ADMIN_ONLY,
  FuzzFailure,
  isErrorBody,
  jsLiteral,
  routeOf,
  signatureOf,
  type CaseOutcome,
  type Exchange,
  type FuzzStats,
  type Problem,
  type ProblemKind,
  type SentRequest,
  type ServerErrorLog,
} from './fuzz-report.ts';

/** Longer than any route may take (the importer gives up after 10 s): past it, the request hangs. */
const REQUEST_TIMEOUT_MS = 30_000;
const VISITOR_AGENT = 'Mozilla/5.0 (route fuzzer)';

// ---- pages ------------------------------------------------------------------------------------

/** The SSR entry (src/client/entry-server.tsx), however it was loaded: vitest imports it, Vite's ssrLoadModule in scripts. */
export type { ServerEntry };

/** The pages rendered from the sources: the production composition around the unbuilt entry. */
export const sourceRenderer = composeRenderer;

/** Public hosts are never fetched: the importer gets only private addresses and names that resolve nowhere. */
function isUnreachableHost(hostname: string): boolean {
  const bare = hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (isIP(bare)) return !isPublicAddress(bare);
  return /(^|\.)(invalid|example|test|localhost)$/i.test(bare);
}

function decompressed(payload: Buffer, encoding: string | undefined): Buffer {
  try {
    if (encoding === 'gzip') return gunzipSync(payload, { maxOutputLength: 16 << 20 });
    if (encoding === 'br') return brotliDecompressSync(payload, { maxOutputLength: 16 << 20 });
    if (encoding === 'deflate') return inflateSync(payload, { maxOutputLength: 16 << 20 });
  } catch {
    // Left as it came: the checks then see what a client would.
  }
  return payload;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Whether an address, as app.inject sends it (`..` resolved, the fragment dropped), holds in its
 * path or in a query name or value, once decoded, a NUL, a lone surrogate or bytes that are not UTF-8.
 */
function holdsNotText(url: string): boolean {
  const { pathname, search } = new URL(url.startsWith('//') ? `http://localhost${url}` : url, 'http://localhost');
  return [pathname, ...search.slice(1).split(/[&=]/)].some((part) => {
    const bytes = part
      .split(/(%[0-9a-f]{2})/i)
      .map((piece) => (/^%[0-9a-f]{2}$/i.test(piece) ? Buffer.from([parseInt(piece.slice(1), 16)]) : Buffer.from(piece)));
    try {
      return strictUtf8.decode(Buffer.concat(bytes)).includes('\u0000');
    } catch {
      return true;
    }
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

// ---- images -----------------------------------------------------------------------------------

/** Small images to upload, and bombs: headers declaring more pixels than the server may decode. */
async function sampleImages(): Promise<Record<ImageFormat, Buffer>> {
  const base = () => sharp({ create: { width: 8, height: 6, channels: 3, background: { r: 217, g: 119, b: 6 } } });
  return {
    png: await base().png().toBuffer(),
    jpeg: await base().jpeg().toBuffer(),
    gif: await base().gif().toBuffer(),
    webp: await base().webp().toBuffer(),
    'png-bomb': pngBomb(100_000, 100_000),
    'png-bomb-turned': pngBomb(10_000, 10_000, { orientation: 6 }),
    'gif-bomb': gifBomb(4_000, 4_000, 50),
  };
}

// ---- the fuzzer -------------------------------------------------------------------------------

export interface FuzzTarget {
  app: FastifyInstance;
  db: Database;
  adminPassword: string;
  errors: ServerErrorLog;
  /** The app renders pages: their answers are checked too. */
  pages: boolean;
}

interface Baseline {
  posts: (typeof blogPosts.$inferSelect)[];
  sessions: (typeof adminSessions.$inferSelect)[];
  comments: (typeof comments.$inferSelect)[];
  uploads: (typeof uploads.$inferSelect)[];
  published: { id: string; slug: string };
  draft: { id: string; slug: string };
  upload: string;
}

export class Fuzzer {
  readonly stats: FuzzStats = {
    executions: 0,
    requests: 0,
    fuzzRequests: 0,
    checkRequests: 0,
    statuses: new Map(),
    statusesByKind: new Map(),
    slowest: [],
  };
  private readonly target: FuzzTarget;
  /** Cookies of the admin: a live session, one logged out, one expired. */
  private cookies = { admin: '', loggedOut: '', expired: '' };
  private images = {} as Record<ImageFormat, Buffer>;
  private baseline = {} as Baseline;
  private created: { id: string; slug: string } | undefined;

  private constructor(target: FuzzTarget) {
    this.target = target;
  }

  /** Logs in and stores the starting data through the API. */
  static async start(target: FuzzTarget): Promise<Fuzzer> {
    const fuzzer = new Fuzzer(target);
    await fuzzer.prepare();
    return fuzzer;
  }

  /** A set-up request that must succeed with `status`. */
  private async inject(options: InjectOptions, status: number) {
    this.stats.requests++;
    this.stats.checkRequests++;
    const response = await this.target.app.inject(options);
    if (response.statusCode !== status) {
      const logged = this.target.errors.take().join('; ');
      throw new Error(
        `fuzzer set-up: ${options.method} ${options.url} answered ${response.statusCode} ${response.body} ${logged}`,
      );
    }
    return response;
  }

  private async prepare(): Promise<void> {
    this.images = await sampleImages();
    this.cookies.admin = await this.login();
    this.cookies.loggedOut = await this.login();
    await this.inject({ method: 'POST', url: '/api/admin/logout', headers: { cookie: this.cookies.loggedOut } }, 200);
    const { db } = this.target;
    const live = (await db.select({ id: adminSessions.id }).from(adminSessions)).map((s) => s.id);
    this.cookies.expired = await this.login();
    await db
      .update(adminSessions)
      .set({ expiresAt: sql`now() - interval '1 hour'` })
      .where(notInArray(adminSessions.id, live));
    const admin = { cookie: this.cookies.admin };

    const signed = await this.signedUploadUrl();
    await this.inject({ method: 'PUT', url: signed, payload: this.images.png, headers: { 'content-type': 'image/png' } }, 200);
    const upload = /upload\/([0-9a-f-]{36})/.exec(signed)![1]!;

    const post = async (title: string, published: boolean, content: string) => {
      const payload = { title, content, published, tags: ['Future Leaders'] };
      return (await this.inject({ method: 'POST', url: '/api/blog-posts', headers: admin, payload }, 201)).json<{
        id: string;
        slug: string;
      }>();
    };
    const published = await post(
      'Coding Clubs in Kampala',
      true,
      `# Clubs\n\nStudents build apps.\n\n![club](/objects/uploads/${upload})`,
    );
    await post('Digital Literacy', true, 'Reading *and* writing.');
    const draft = await post('An Unfinished Draft', false, 'Not yet.');
    const comment = { author: 'Reader', email: 'reader@example.com', content: 'Great post!' };
    await this.inject({ method: 'POST', url: `/api/blog-posts/${published.id}/comments`, payload: comment }, 201);

    this.baseline = {
      posts: await db.select().from(blogPosts),
      sessions: await db.select().from(adminSessions),
      comments: await db.select().from(comments),
      uploads: await db.select().from(uploads),
      published: { id: published.id, slug: published.slug },
      draft: { id: draft.id, slug: draft.slug },
      upload,
    };
  }

  /** The Cookie header of a new admin session. */
  private async login(): Promise<string> {
    const response = await this.inject(
      { method: 'POST', url: '/api/admin/verify', payload: { password: this.target.adminPassword } },
      200,
    );
    const cookie = response.cookies.find((c) => c.name.endsWith('admin_session'));
    if (!cookie) throw new Error('fuzzer set-up: the admin login set no session cookie');
    return `${cookie.name}=${cookie.value}`;
  }

  /** The fuzzer's own request, so it must work even after a case logged the admin out. */
  private async signedUploadUrl(): Promise<string> {
    if (this.baseline.sessions) await this.restoreSessions();
    const response = await this.inject(
      { method: 'POST', url: '/api/objects/upload', headers: { cookie: this.cookies.admin } },
      200,
    );
    return response.json<{ uploadURL: string }>().uploadURL;
  }

  /** Back to the starting data, so that every case (and every shrunk replay of it) runs alone. */
  private async reset(): Promise<void> {
    const { db } = this.target;
    const { posts, comments: baselineComments, uploads: baselineUploads } = this.baseline;
    // Posts go with their comments and views; a case may have changed or deleted any of them.
    await db.delete(blogPosts).where(sql`true`);
    await db.insert(blogPosts).values(posts);
    await db.insert(comments).values(baselineComments);
    await db.delete(uploads).where(
      notInArray(
        uploads.id,
        baselineUploads.map((u) => u.id),
      ),
    );
    await db.insert(uploads).values(baselineUploads).onConflictDoNothing();
    await db.delete(rateLimits).where(sql`true`);
    await this.restoreSessions();
    this.created = undefined;
  }

  /** A case may have logged the admin out (or in again): the checks after it read as the admin. */
  private async restoreSessions(): Promise<void> {
    const { db } = this.target;
    await db.delete(adminSessions).where(sql`true`);
    await db.insert(adminSessions).values(this.baseline.sessions);
  }

  private placeholders(): Record<string, string> {
    const { published, draft, upload } = this.baseline;
    const created = this.created ?? published;
    return {
      post: published.id,
      'post-upper': published.id.toUpperCase(),
      slug: published.slug,
      draft: draft.id,
      'draft-slug': draft.slug,
      created: created.id,
      'created-slug': created.slug,
      upload,
      'upload-upper': upload.toUpperCase(),
      'admin-password': this.target.adminPassword,
    };
  }

  private fill(text: string): string {
    const values = this.placeholders();
    return text.replace(/\{([a-z-]+)\}/g, (whole, name: string) => values[name] ?? whole);
  }

  private payloadOf(body: Body): string | Buffer {
    switch (body.kind) {
      case 'json':
        return this.fill(toJsonText(body.value));
      case 'text':
        return this.fill(body.text);
      case 'bytes':
        return Buffer.from(body.bytes);
      case 'repeat': {
        const text = body.head + body.unit.repeat(body.times) + body.tail;
        return body.gzip ? gzipSync(text) : text;
      }
      case 'image': {
        const bytes = Buffer.from(this.images[body.format]);
        for (const [at, value] of body.edits) bytes[at % bytes.length] = value;
        return body.truncate === null ? bytes : bytes.subarray(0, body.truncate);
      }
    }
  }

  private async resolve(request: FuzzRequest): Promise<SentRequest> {
    let url = this.fill(request.path);
    if (url.includes('{signed}')) url = url.replace('{signed}', await this.signedUploadUrl());
    if (request.query) url += url.includes('?') ? `&${request.query.slice(1)}` : request.query;
    const headers = { ...request.headers };
    const cookie = this.sessionCookie(request.session);
    if (cookie) headers.cookie = headers.cookie ? `${cookie}; ${headers.cookie}` : cookie;
    if (request.body?.kind === 'repeat' && request.body.gzip) headers['content-encoding'] = 'gzip';
    const sent: SentRequest = {
      label: request.label,
      template: request.path,
      method: request.method,
      url,
      session: request.session,
      headers,
      body: request.body,
      payload: undefined,
    };
    if (request.body) sent.payload = this.payloadOf(request.body);
    return unreachableImport(sent);
  }

  private sessionCookie(session: Session): string | undefined {
    const { admin, loggedOut, expired } = this.cookies;
    const [name, value = ''] = admin.split('=');
    switch (session) {
      case 'none':
        return undefined;
      case 'admin':
        return admin;
      case 'forged':
        return `${name}=${value.replace(/\..*$/, '')}.c2lnbmF0dXJlLW9mLXNvbWVvbmUtZWxzZS1rZXk`;
      case 'unsigned':
        return `${name}=${value.replace(/\..*$/, '')}`;
      case 'tampered':
        return admin.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
      case 'logged-out':
        return loggedOut;
      case 'expired':
        return expired;
      case 'signed-unknown':
        return `${name}=${this.target.app.signCookie('a-token-no-session-has')}`;
    }
  }

  private async exchange(sent: SentRequest, counted: 'fuzz' | 'check'): Promise<Exchange> {
    const { app, errors } = this.target;
    errors.take();
    this.stats.requests++;
    if (counted === 'fuzz') this.stats.fuzzRequests++;
    else this.stats.checkRequests++;
    let exchange: Exchange;
    const started = performance.now();
    try {
      const response = await withTimeout(
        app.inject({
          method: sent.method as InjectOptions['method'],
          url: sent.url,
          headers: sent.headers,
          payload: sent.payload,
        }),
        REQUEST_TIMEOUT_MS,
      );
      const body = decompressed(response.rawPayload, response.headers['content-encoding'] as string | undefined);
      exchange = {
        request: sent,
        status: response.statusCode,
        contentType: String(response.headers['content-type'] ?? ''),
        body: body.toString('utf8'),
        serverErrors: [],
        ms: 0,
      };
    } catch (error) {
      exchange = { request: sent, status: 0, contentType: '', body: String(error), serverErrors: [], ms: 0 };
    }
    exchange.ms = performance.now() - started;
    exchange.serverErrors = errors.take();
    if (counted === 'fuzz') this.count(exchange);
    return exchange;
  }

  private count(exchange: Exchange): void {
    const { statuses, statusesByKind, slowest } = this.stats;
    const kind = exchange.request.label.replace(/ \(.*\)$/, '');
    const ofKind = statusesByKind.get(kind) ?? statusesByKind.set(kind, new Map()).get(kind)!;
    for (const counts of [statuses, ofKind]) counts.set(exchange.status, (counts.get(exchange.status) ?? 0) + 1);
    if (slowest.length < 5 || exchange.ms > slowest.at(-1)!.ms) {
      const { label, method, url } = exchange.request;
      const { payload } = exchange.request;
      const body = typeof payload === 'string' ? jsLiteral(payload, 160) : undefined;
      slowest.push({ ms: exchange.ms, what: `${label}: ${method} ${routeOf(url)} → ${exchange.status}`, body });
      slowest.sort((a, b) => b.ms - a.ms).splice(5);
    }
  }

  /**
   * Runs one case from the starting data. It stops at the first problem not in `known` (so that a
   * shrunk case ends with the request that failed); the site is checked after the last request.
   */
  async runCase(requests: FuzzRequest[], known: ReadonlySet<string> = new Set()): Promise<CaseOutcome> {
    await this.reset();
    this.stats.executions++;
    const exchanges: Exchange[] = [];
    const problems: Problem[] = [];
    for (const request of requests) {
      const exchange = await this.exchange(await this.resolve(request), 'fuzz');
      exchanges.push(exchange);
      this.remember(exchange);
      const kind = await this.problemOf(exchange);
      if (!kind) continue;
      const problem: Problem = { kind, signature: signatureOf(kind, exchange), exchange, afterCase: false };
      problems.push(problem);
      if (!known.has(problem.signature)) return { exchanges, problems };
    }
    problems.push(...(await this.checkSite()));
    return { exchanges, problems };
  }

  /** The post this case created last: {created} in later requests. */
  private remember(exchange: Exchange): void {
    if (exchange.status >= 300 || !/^\/api\/blog-posts(\/|$)/.test(exchange.request.url)) return;
    try {
      const post = JSON.parse(exchange.body) as { id?: unknown; slug?: unknown };
      if (typeof post.id !== 'string' || typeof post.slug !== 'string') return;
      if (exchange.request.method === 'POST' || post.id === this.created?.id) this.created = { id: post.id, slug: post.slug };
    } catch {
      // Not a post.
    }
  }

  private async problemOf(exchange: Exchange): Promise<ProblemKind | undefined> {
    const { status, request } = exchange;
    const route = routeOf(request.url);
    if (status === 0) return 'no-answer';
    const gatewayError = route === '/api/import-content' && request.method === 'POST' && (status === 502 || status === 504);
    if (status >= 500 && !gatewayError) return 'server-error';
    // Unknown pages answer the site's 404 page (DESIGN.md); everything else answers JSON.
    const notFoundPage =
      this.target.pages &&
      status === 404 &&
      request.method === 'GET' &&
      !request.url.startsWith('/api/') &&
      exchange.contentType.startsWith('text/html');
    if (status >= 400 && request.method !== 'HEAD' && !notFoundPage && !isErrorBody(exchange)) return 'error-shape';
    if (status < 400 && holdsNotText(request.url)) return 'not-text-accepted';
    if (status < 400 && request.session !== 'admin' && ADMIN_ONLY.has(`${request.method} ${route}`)) return 'auth-bypass';
    if (status < 300 && request.session !== 'admin' && /\{draft(-slug)?\}/.test(request.template)) {
      const [draft] = await this.target.db
        .select({ published: blogPosts.published })
        .from(blogPosts)
        .where(eq(blogPosts.id, this.baseline.draft.id));
      if (draft && !draft.published) return 'draft-leak';
    }
    return undefined;
  }

  private check(label: string, url: string, session: Session = 'none'): Promise<Exchange> {
    const headers: Record<string, string> = { 'user-agent': VISITOR_AGENT };
    const cookie = this.sessionCookie(session);
    if (cookie) headers.cookie = cookie;
    return this.exchange({ label, template: url, method: 'GET', url, session, headers, body: null, payload: undefined }, 'check');
  }

  /**
   * After a case: the feeds, lists and pages answer 200, and so does every post the case wrote or
   * commented on, read as visitors and the admin read it (stored values are read back here).
   */
  private async checkSite(): Promise<Problem[]> {
    await this.restoreSessions();
    const pages = this.target.pages ? ['/', '/blog'] : [];
    const exchanges: Exchange[] = [];
    for (const url of ['/rss.xml', '/sitemap.xml', '/robots.txt', '/api/blog-posts', ...pages])
      exchanges.push(await this.check('site', url));
    exchanges.push(await this.check('site', '/api/blog-posts?published=false', 'admin'));
    for (const post of await this.touchedPosts()) {
      exchanges.push(await this.check('post', `/api/blog-posts/${post.id}`, 'admin'));
      if (!post.published) continue;
      const slug = percentEncode(post.slug);
      exchanges.push(await this.check('post', `/api/blog-posts/${slug}`));
      exchanges.push(await this.check('post', `/api/blog-posts/${post.id}/comments`));
      if (this.target.pages) exchanges.push(await this.check('post', `/blog/${slug}`));
    }
    return exchanges
      .filter((e) => e.status !== 200)
      .map((exchange) => ({
        kind: 'site-down' as const,
        signature: signatureOf('site-down', exchange),
        exchange,
        afterCase: true,
      }));
  }

  /** Posts this case created, changed or commented on. */
  private async touchedPosts(): Promise<{ id: string; slug: string; published: boolean }[]> {
    const { db } = this.target;
    const { posts, comments: baselineComments } = this.baseline;
    const commented = db
      .select({ id: comments.postId })
      .from(comments)
      .where(
        notInArray(
          comments.id,
          baselineComments.map((c) => c.id),
        ),
      );
    const changed = or(
      notInArray(
        blogPosts.id,
        posts.map((p) => p.id),
      ),
      inArray(blogPosts.id, commented),
      ...posts.map((p) => and(eq(blogPosts.id, p.id), sql`${blogPosts.updatedAt} <> ${p.updatedAt.toISOString()}::timestamptz`)),
    );
    return db.select({ id: blogPosts.id, slug: blogPosts.slug, published: blogPosts.published }).from(blogPosts).where(changed);
  }
}

/** An import request whose URL names a host that might be public gets one that resolves nowhere. */
function unreachableImport(sent: SentRequest): SentRequest {
  if (!/import-content/i.test(sent.url) || sent.payload === undefined) return sent;
  const raw = typeof sent.payload === 'string' ? Buffer.from(sent.payload) : sent.payload;
  let body: unknown;
  try {
    body = JSON.parse(decompressed(raw, sent.headers['content-encoding']).toString('utf8'));
  } catch {
    return sent;
  }
  if (!body || typeof body !== 'object' || typeof (body as { url?: unknown }).url !== 'string') return sent;
  let url: URL;
  try {
    url = new URL((body as { url: string }).url);
  } catch {
    return sent;
  }
  if (!/^https?:$/.test(url.protocol) || isUnreachableHost(url.hostname)) return sent;
  const safe = `${url.protocol}//unreachable.invalid${url.pathname}`;
  const { 'content-encoding': _dropped, ...headers } = sent.headers;
  return { ...sent, label: `${sent.label} (URL made unreachable)`, headers, payload: JSON.stringify({ ...body, url: safe }) };
}

/** The fuzz property: a case fails on any problem whose class is not in `known`. */
function fuzzProperty(fuzzer: Fuzzer, known: ReadonlySet<string> = new Set()) {
  return fc.asyncProperty(fuzzCase, async (requests) => {
    const outcome = await fuzzer.runCase(requests, known);
    const problem = outcome.problems.find((p) => !known.has(p.signature));
    if (problem) throw new FuzzFailure(problem, outcome);
  });
}

/**
 * fast-check shrinks a list by dropping its first items: this drops the later requests that the
 * failure does not need either, so that the case printed is the least one that fails.
 */
async function withoutNeedlessRequests(
  fuzzer: Fuzzer,
  requests: FuzzRequest[],
  failure: FuzzFailure,
  known: ReadonlySet<string>,
): Promise<FuzzFailure> {
  let kept = requests;
  let least = failure;
  for (let i = kept.length - 1; i >= 0 && kept.length > 1; i--) {
    const fewer = kept.filter((_, j) => j !== i);
    const outcome = await fuzzer.runCase(fewer, known);
    const problem = outcome.problems.find((p) => p.signature === failure.problem.signature);
    if (!problem) continue;
    kept = fewer;
    least = new FuzzFailure(problem, outcome);
  }
  return least;
}

/** Runs the fuzz property; a failure (of a class not in `known`) comes back shrunk and trimmed. */
export async function runFuzz(
  fuzzer: Fuzzer,
  parameters: fc.Parameters<[FuzzRequest[]]>,
  known: ReadonlySet<string> = new Set(),
): Promise<{ details: fc.RunDetails<[FuzzRequest[]]>; failure?: FuzzFailure }> {
  const details = await fc.check(fuzzProperty(fuzzer, known), parameters);
  const error = details.errorInstance;
  if (!details.failed || !(error instanceof FuzzFailure) || !details.counterexample) return { details };
  return { details, failure: await withoutNeedlessRequests(fuzzer, details.counterexample[0], error, known) };
}
