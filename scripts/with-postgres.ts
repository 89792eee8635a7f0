// Runs a command against a throwaway PostgreSQL cluster (`.ci/run`'s second pass):
//   node scripts/with-postgres.ts -- npm run test:integration
// The cluster listens on a port free at start (a fixed one fails when another server holds it)
// and is removed when the command ends; the command's exit code is this script's.
import { spawn } from 'node:child_process';
import { startPostgresServer } from '../tests/support/postgres-server.ts';

const separator = process.argv.indexOf('--');
const [command, ...args] = separator === -1 ? [] : process.argv.slice(separator + 1);
if (!command) {
  console.error('usage: node scripts/with-postgres.ts -- <command> [args...]');
  process.exit(2);
}

// A DATABASE_URL already set would be used as it is; this script always starts its own cluster.
delete process.env.DATABASE_URL;
const server = await startPostgresServer();
console.log(`--- PostgreSQL on ${new URL(server.url).port}`);
const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, DATABASE_URL: server.url } });
const forward = (signal: NodeJS.Signals) => child.kill(signal);
process.on('SIGINT', forward).on('SIGTERM', forward);
const code = await new Promise<number>((resolve) => child.on('exit', (exit, signal) => resolve(exit ?? (signal ? 1 : 0))));
await server.stop();
process.exit(code);
