// The production server under load, on the seeded data directory: never rebuilt mid-run (bench.ts
// checks the build once, so one report never mixes two builds).
import { startSiteServer } from '../lib/site-server.ts';
import { isRunning } from './proc.ts';

export interface BenchServer {
  origin: string;
  /** The node process serving the site. */
  pid: number;
  /** How the process ended (`SIGABRT`, `code 1`), or undefined while it runs. */
  ended(): Promise<string | undefined>;
  /** SIGTERM, and waits for the process to end. */
  stop(): Promise<void>;
}

export async function startBenchServer(dataDir: string): Promise<BenchServer> {
  const server = await startSiteServer({ dataDir, build: false });
  return {
    origin: server.origin,
    pid: server.pid,
    async ended() {
      if (isRunning(server.pid)) return undefined;
      const { code, signal } = await server.exited;
      return signal ?? `code ${code}`;
    },
    async stop() {
      server.stop();
      await server.exited;
    },
  };
}
