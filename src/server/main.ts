// The production server: configuration, database, app, listen. Every restart (a deploy, a crash,
// a reboot) waits on this file, so it imports only the process set-up up front; the rest comes
// once the module loader is tuned, and what the first page needs loads side by side.
import { flushCompileCache } from 'node:module';
import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { execWithServerFlags, holdOptimisingCompilers, keepWebAssemblyOnBaselineCompiler, tuneModuleLoading } from './runtime.ts';

execWithServerFlags();
const optimiseWhenBusy = holdOptimisingCompilers();
tuneModuleLoading();

const distDir = path.resolve(import.meta.dirname, '../../dist');
const { ConfigError, loadConfig } = await import('./env.ts');

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // The database opens (WebAssembly compiles on other threads) while the app's modules and the
  // SSR bundle load; the admin password is checked on the thread pool meanwhile.
  const { openDatabase } = await import('./db/client.ts');
  if (!config.databaseUrl) keepWebAssemblyOnBaselineCompiler();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  const databaseReady = (async () => {
    await database.migrate();
    const { ensureAdminAccount } = await import('./services/auth/index.ts');
    return ensureAdminAccount(database.db, config.adminPassword);
  })();
  // Awaited below; a failure (a migration) is thrown from there, not reported as unhandled first.
  databaseReady.catch(() => {});
  const smtp = config.smtp;
  const [{ buildApp }, { createStorage }, { resolveSessionSecret, RateLimiter, SessionStore }, renderer, mailer] =
    await Promise.all([
      import('./app.ts'),
      import('./adapters/storage.ts'),
      import('./services/auth/index.ts'),
      import('./pages/renderer.ts').then(({ loadBuiltRenderer }) => loadBuiltRenderer(distDir, config.siteUrl)),
      smtp ? import('./adapters/mailer.ts').then(({ SmtpMailer }) => new SmtpMailer(smtp)) : undefined,
    ]);
  if (!renderer) console.warn('No build found in dist/: serving the API only. Run `npm run build`.');
  const { generatedPassword } = await databaseReady;
  if (generatedPassword) {
    console.log(`\n  Admin password (shown once; set ADMIN_PASSWORD to choose your own): ${generatedPassword}\n`);
  }

  const app = await buildApp({
    config,
    db: database.db,
    storage: createStorage({ dataDir: config.dataDir, s3: config.s3 }),
    mailer,
    sessionSecret: resolveSessionSecret(config.sessionSecret, config.dataDir),
    renderer,
    clientDir: renderer ? path.join(distDir, 'client') : undefined,
    logger: { level: config.production ? 'info' : 'debug' },
  });

  const limiter = new RateLimiter(database.db);
  const sessions = new SessionStore(database.db);
  const prune = () =>
    Promise.all([limiter.prune(), sessions.prune()]).catch((err) => app.log.warn({ err }, 'pruning expired rows failed'));
  const pruneTimer = setInterval(() => void prune(), 60 * 60 * 1000);
  pruneTimer.unref();

  // SIGINT/SIGTERM (or a crash) closes the app, then the database; a second signal, or 10 s
  // without finishing, ends the process at once.
  closeWithGrace({ delay: 10_000, logger: app.log }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
  });

  await app.listen({ port: config.port, host: config.host });
  optimiseWhenBusy();
  // Node writes its compile cache when the process exits: a first start after a deploy that is
  // then killed (kill -9, out of memory) would leave none, and the next start would strip and
  // compile every module again (17 MB more resident, a slower start). Written once it is up.
  flushCompileCache();
  console.log(`Site running at ${config.siteUrl} (listening on ${config.host}:${config.port})`);
}

await main();
