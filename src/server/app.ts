import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import path from 'node:path';
import proxyAddr from '@fastify/proxy-addr';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Database } from './db/client.ts';
import type { Config } from './env.ts';
import { registerErrorHandler } from './errors.ts';
import { adminRoutes } from './routes/admin.ts';
import { securityRoutes } from './routes/security.ts';
import { PasskeyService, relyingPartyOf } from './services/auth/index.ts';
import { backOfficeRoutes } from './routes/back-office.ts';
import { commentRoutes } from './routes/comments.ts';
import { contactRoutes } from './routes/contact.ts';
import { feedRoutes } from './routes/feeds.ts';
import { importRoutes } from './routes/import.ts';
import { pageRoutes } from './routes/pages.ts';
import { postRoutes } from './routes/posts.ts';
import { uploadRoutes } from './routes/uploads.ts';
import { siteDataRoutes } from './routes/site-data.ts';
import { siteRoutes } from './routes/site.ts';
import type { Mailer } from './adapters/mailer.ts';
import { MarkdownRenderer, type MarkdownRendererOptions } from './services/markdown/index.ts';
import { checkAdminPassword } from './services/auth/index.ts';
import { CommentService } from './services/comments/index.ts';
import { DashboardService } from './services/dashboard/index.ts';
import { MessageService } from './services/inbox/index.ts';
import { PostReader } from './services/posts/index.ts';
import { PostService } from './services/posts/index.ts';
import { PreviewLinks } from './services/posts/index.ts';
import { RevisionService } from './services/posts/index.ts';
import { RateLimiter } from './services/auth/index.ts';
import type { PageRenderer } from './pages/renderer.ts';
import type { ObjectStorage } from './adapters/storage.ts';
import { CacheFastPath } from './http/cache-fast-path.ts';
import { registerCacheHeaders } from './http/cache-headers.ts';
import { registerRequestGuard } from './http/request-guard.ts';
import { registerSessions } from './http/session.ts';
import { SessionStore } from './services/auth/index.ts';
import { OldAddresses, SiteDataService } from './services/site-data/index.ts';
import { SiteService } from './services/site/index.ts';
import { UploadService } from './services/uploads/index.ts';
import { ViewCounter, type ViewCounterOptions } from './services/posts/index.ts';
import { PageCache, type PageCacheOptions } from './pages/page-cache.ts';
import { pagePath, serviceWorkerPath } from '../shared/routes.ts';
import { NewsletterSender, SubscriberAdmin, SubscriberService } from './services/newsletter/index.ts';
import { subscriberRoutes } from './routes/subscribers.ts';
import { newsletterRoutes } from './routes/newsletter.ts';
import { MAX_UPLOAD_BYTES } from '../shared/constants.ts';
import { createGuardedFetcher } from './adapters/guarded-fetch.ts';
import { visitorWriteGuard } from './http/visitor-guard.ts';

declare module 'fastify' {
  interface FastifyReply {
    /** Nonce of this response's Content-Security-Policy, for the SSR data script. */
    scriptNonce: string;
  }
  interface FastifyInstance {
    /** Reads queued for counting; `flush()` writes them now (tests, shutdown). */
    viewCounter: ViewCounter;
    /** Rendered pages and feeds kept for visitors. */
    pageCache: PageCache;
    cacheFastPath: CacheFastPath;
    /** The newsletter's sender, when the site sends one (SMTP); tests run its rounds themselves. */
    newsletterSender?: NewsletterSender;
  }
}

/**
 * Every schema is zod's. Given to Fastify as its compilers' factories (not only set after), it
 * never loads its default JSON Schema compilers (ajv, fast-json-stringify): half a megabyte of
 * source held for the process's life, never used. Fastify types these factories for ajv alone.
 */
const ZOD_COMPILERS = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as NonNullable<FastifyServerOptions['schemaController']>['compilersFactory'];

export interface AppOptions {
  config: Config;
  db: Database;
  storage: ObjectStorage;
  sessionSecret: string;
  mailer?: Mailer;
  /** Server-side renderer of the pages; without it (no build yet) only the API answers. */
  renderer?: PageRenderer;
  /** Built client assets (`dist/client`), served under /assets with immutable caching. */
  clientDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** Limits of markdown rendering (tests shorten the time limit). */
  markdown?: MarkdownRendererOptions;
  /**
   * Time source of the view counter's days, of when a scheduled post goes out, of preview links'
   * expiry and of the page cache (tests move it forward).
   */
  clock?: () => Date;
  /** How often queued reads are written (tests flush them through `app.viewCounter`). */
  views?: Pick<ViewCounterOptions, 'flushMs'>;
  /** Size, age and polling of the rendered pages kept for visitors. */
  pageCache?: Pick<PageCacheOptions, 'maxBytes' | 'maxAgeMs' | 'pollMs' | 'now'>;
  /** How often the newsletter's sender looks for work; 0: never by itself (tests call `tick`). */
  newsletterPollMs?: number;
}

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** A connection that sends or reads nothing for 30 s is closed (a stalled or idle client). */
const CONNECTION_TIMEOUT_MS = 30_000;
/**
 * The whole request must arrive within an hour: the import takes a 500 MB file, which needs
 * ~1.2 Mbit/s to arrive in time; ordinary bodies (1 MB at most) are bounded by the idle limit.
 */
const REQUEST_TIMEOUT_MS = 60 * 60 * 1000;
/** Longer than the usual proxy's idle limit (60 s), so the proxy, not us, closes a kept-alive link. */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;

/** The whole HTTP application, without listening: tests run it on a real database. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  // Cache hits are answered before Fastify once the page cache exists (docs/decisions/016).
  const early: { fastPath?: CacheFastPath } = {};
  const trust =
    typeof config.trustProxy === 'number'
      ? trustHops(config.trustProxy)
      : config.trustProxy === false
        ? () => false
        : proxyAddr.compile(config.trustProxy);
  const app = Fastify({
    serverFactory: (handler) => {
      const server = createServer((request, response) => {
        if (!early.fastPath?.serve(request, response)) handler(request, response);
      });
      // As Fastify sets them on a server of its own (the options below).
      server.setTimeout(CONNECTION_TIMEOUT_MS);
      server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
      server.requestTimeout = REQUEST_TIMEOUT_MS;
      return server;
    },
    logger: options.logger ?? false,
    // A hop count: the addresses that many proxies wrote, from the right, are believed.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 1024 * 1024,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    requestTimeout: REQUEST_TIMEOUT_MS,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    // Slugs may be 200 characters; the router's default cap (100) would answer 414 for them.
    routerOptions: { maxParamLength: 500 },
    // Router-level failures (bad percent-encoding, over-long parameters) keep the { message } shape.
    frameworkErrors: (error, _request, reply) => {
      void (reply as FastifyReply).code(error.statusCode ?? 400).send({ message: error.message });
    },
    schemaController: { compilersFactory: ZOD_COMPILERS },
  }).withTypeProvider();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  const secureCookies = config.siteUrl.startsWith('https:');

  app.decorateReply('scriptNonce', '');
  app.addHook('onRequest', async (_request, reply) => {
    // From the runtime's pool of random bytes (randomUUID draws them in batches): a call to
    // randomBytes on every request cost 2% of a cached page's time. 122 random bits, hex.
    reply.scriptNonce = randomUUID().replaceAll('-', '');
    // Helmet's directive callbacks (next hook) see only the raw response.
    (reply.raw as unknown as { scriptNonce: string }).scriptNonce = reply.scriptNonce;
  });
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as unknown as { scriptNonce?: string }).scriptNonce ?? ''}'`],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'"],
        // The offline reader's service worker (/sw.js), said outright: script-src may tighten.
        workerSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.siteUrl.startsWith('https:') ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // frame-ancestors 'none' above is the rule; an X-Frame-Options of SAMEORIGIN would contradict it.
    xFrameOptions: false,
    // HSTS means something only over https; over plain http browsers ignore it, so it is not sent.
    strictTransportSecurity: secureCookies ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  app.addHook('onRequest', async (_request, reply) => {
    // Nothing on this site uses the camera, microphone, location, payments or USB devices.
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()');
  });
  // Before the session lookup and every route: an address no database text can hold is a 400.
  registerRequestGuard(app);
  // Before compression: the ETag is that of the content, whatever the encoding.
  await registerCacheHeaders(app);
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifyCookie, { secret: options.sessionSecret });
  const sessions = new SessionStore(db);
  registerSessions(app, sessions, secureCookies);

  const markdown = new MarkdownRenderer(db, options.markdown);
  app.addHook('onClose', () => markdown.close());
  const clock = options.clock;
  const site = new SiteService(db, app.log);
  const posts = new PostService(db, markdown, clock, async () => (await site.get()).blog.categories);
  const revisions = new RevisionService(db);
  const previews = new PreviewLinks(options.sessionSecret, config.siteUrl, clock);
  const views = new ViewCounter(db, options.sessionSecret, { now: clock, log: app.log, ...options.views });
  const pageCache = new PageCache(db, {
    log: app.log,
    ...(clock ? { now: () => clock().getTime() } : {}),
    ...options.pageCache,
  });
  app.decorate('viewCounter', views);
  app.decorate('pageCache', pageCache);
  // A read from the fast path counts as the page route counts it: a visitor (no cookie), the
  // address Fastify's request.ip would give under the same proxy trust.
  const fastPath = new CacheFastPath(pageCache, (request, postId) =>
    views.record({ isAdmin: false, ip: proxyAddr(request, trust), userAgent: request.headers['user-agent'] ?? '' }, postId),
  );
  app.decorate('cacheFastPath', fastPath);
  early.fastPath = fastPath;
  // Pending reads are written before the database closes (main.ts closes the app first).
  app.addHook('onClose', async () => {
    pageCache.close();
    await views.close();
  });
  // A write answered here shows on this instance's next request, not only after the next poll.
  app.addHook('onSend', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) return;
    await pageCache.sync();
  });
  const reader = new PostReader(posts, views, markdown);
  const limiter = new RateLimiter(db);
  const writeGuard = visitorWriteGuard(limiter, config.visitorWriteLimit);
  const comments = new CommentService(
    db,
    posts,
    { moderation: config.commentModeration, blocklist: config.commentBlocklist },
    options.mailer ? { mailer: options.mailer, siteUrl: config.siteUrl, log: app.log } : undefined,
  );
  const messages = new MessageService(db, options.mailer, app.log);
  const dashboard = new DashboardService(db, comments, messages, views, options.clock);
  const uploads = new UploadService(db, options.storage, options.sessionSecret);

  const passkeys = new PasskeyService(db, relyingPartyOf(config.siteUrl));
  await app.register(adminRoutes, {
    checkPassword: (password) => checkAdminPassword(db, password),
    passkeys,
    limiter,
    sessions,
    secureCookies,
  });
  await app.register(securityRoutes, {
    passkeys,
    siteName: async () => (await site.get()).profile.name,
    sessions,
    secureCookies,
  });
  await app.register(postRoutes, { posts, reader, revisions, previews, cache: pageCache });
  await app.register(commentRoutes, { comments, writeGuard, secureCookies, cache: pageCache });
  await app.register(contactRoutes, { messages, writeGuard, secureCookies });
  await app.register(backOfficeRoutes, { comments, messages, dashboard });
  await app.register(uploadRoutes, { uploads });
  await app.register(siteRoutes, { site });
  await app.register(importRoutes, { allowHosts: config.importAllowHosts });
  // Images of an import come through the importer's guarded fetcher, at an upload's limit.
  const imageFetcher = createGuardedFetcher({ allowHosts: config.importAllowHosts, maxBytes: MAX_UPLOAD_BYTES });
  const siteData = new SiteDataService(db, options.storage, {
    tempDir: path.join(config.dataDir, 'imports'),
    clock,
    images: {
      fetchImage: (url) => imageFetcher.fetchImage(url),
      store: (bytes) => uploads.storeImported(bytes, app.log),
      remove: (ids) => uploads.removeImported(ids),
      importedFrom: (urls) => uploads.importedFrom(urls),
      rememberImported: (url, id) => uploads.rememberImported(url, id),
    },
  });
  // Before the server waits for requests in flight: an import in progress is stopped, not awaited.
  app.addHook('preClose', () => siteData.close());
  const oldAddresses = new OldAddresses(db, () => posts.visibleCondition());
  await app.register(siteDataRoutes, { siteData, oldAddresses });
  await app.register(feedRoutes, { posts, site, siteUrl: config.siteUrl, cache: pageCache });

  // The author's subscribers and sendings: listed with or without SMTP (a restored site has them).
  await app.register(subscriberRoutes, {
    admin: new SubscriberAdmin(db, clock),
    enabled: Boolean(config.newsletter && options.mailer),
  });
  // The mail server's kept connections end with the app (after the sender stops: preClose).
  app.addHook('onClose', async () => {
    await options.mailer?.close?.();
  });
  // The newsletter (DESIGN.md): only with SMTP; its sender runs in this process.
  const newsletter = config.newsletter && options.mailer ? { ...config.newsletter, mailer: options.mailer } : undefined;
  const subscribers = newsletter ? new SubscriberService(db, clock) : undefined;
  if (newsletter && subscribers) {
    const siteName = async () => (await site.get()).profile.name;
    await app.register(newsletterRoutes, {
      subscribers,
      mailer: newsletter.mailer,
      from: newsletter.from,
      siteUrl: config.siteUrl,
      siteName,
      writeGuard,
      secureCookies,
      log: app.log,
    });
    const sender = new NewsletterSender(db, {
      mailer: newsletter.mailer,
      from: newsletter.from,
      ratePerMinute: newsletter.ratePerMinute,
      siteUrl: config.siteUrl,
      siteName,
      findPost: (id) => posts.findById(id),
      render: (post) => reader.render(post),
      postPath: pagePath.post,
      unsubscribePath: pagePath.newsletterUnsubscribe,
      subscribers,
      ...(clock ? { clock } : {}),
      log: app.log,
    });
    app.decorate('newsletterSender', sender);
    const pollMs = options.newsletterPollMs ?? 2_000;
    app.addHook('onReady', async () => {
      if (pollMs > 0) sender.start(pollMs);
    });
    app.addHook('preClose', () => sender.stop());
  }

  if (options.clientDir) {
    await app.register(fastifyStatic, {
      root: path.join(options.clientDir, 'assets'),
      prefix: '/assets/',
      immutable: true,
      maxAge: '365d',
      index: false,
    });
    // Unhashed files of public/ (partner pictures, the default social image): cached for a day.
    await app.register(fastifyStatic, {
      root: path.join(options.clientDir, 'images'),
      prefix: '/images/',
      decorateReply: false,
      maxAge: '1d',
      index: false,
    });
    const clientDir = options.clientDir;
    app.get('/favicon.svg', (_request, reply) =>
      reply
        .header('cache-control', 'public, max-age=86400')
        .sendFile('favicon.svg', clientDir, { maxAge: 0, cacheControl: false }),
    );
    // Browsers look for a new version of the worker at each visit: `no-cache` makes that a 304.
    app.get(serviceWorkerPath, (_request, reply) =>
      reply.header('cache-control', 'no-cache').sendFile('sw.js', clientDir, { maxAge: 0, cacheControl: false }),
    );
  }
  if (options.renderer) {
    await app.register(pageRoutes, {
      renderer: options.renderer,
      posts,
      comments,
      reader,
      site,
      views,
      cache: pageCache,
      fastPath,
      previews,
      secret: options.sessionSecret,
      secureCookies,
      oldAddresses,
      ...(subscribers ? { subscribers } : {}),
    });
  }

  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found` }),
  );
  return app;
}
