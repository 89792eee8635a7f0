// `npm run db:migrate`: apply the committed migrations to the configured database and exit.
// The server also does this at start-up; this is for deploy pipelines that migrate first.
import { openDatabase } from '../src/server/db/client.ts';
import { loadConfig } from '../src/server/env.ts';

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
await database.close();
console.log(`Migrations applied to ${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}.`);
