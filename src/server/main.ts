import path from 'node:path';
import { buildApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { ConfigError, loadConfig } from './env.ts';
import { ensureAdminAccount } from './services/admin-account.ts';
import { SmtpMailer } from './adapters/mailer.ts';
import { RateLimiter } from './services/rate-limiter.ts';
import { loadBuiltRenderer } from './services/renderer.ts';
import { resolveSessionSecret } from './services/secrets.ts';
import { SessionStore } from './services/sessions.ts';
import { createStorage } from './adapters/storage.ts';

const distDir = path.resolve(import.meta.dirname, '../../dist');

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

  const database = openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const { generatedPassword } = await ensureAdminAccount(database.db, config.adminPassword);
  if (generatedPassword) {
    console.log(`\n  Admin password (shown once; set ADMIN_PASSWORD to choose your own): ${generatedPassword}\n`);
  }

  const renderer = await loadBuiltRenderer(distDir, config.siteUrl);
  if (!renderer) console.warn('No build found in dist/: serving the API only. Run `npm run build`.');

  const app = await buildApp({
    config,
    db: database.db,
    storage: createStorage({ dataDir: config.dataDir, s3: config.s3 }),
    mailer: config.smtp ? new SmtpMailer(config.smtp) : undefined,
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

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  console.log(`Site running at ${config.siteUrl} (listening on ${config.host}:${config.port})`);
}

await main();
