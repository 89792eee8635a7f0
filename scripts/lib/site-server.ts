// Starts the production server on a free port with a throwaway data directory (or a given one),
// for measuring scripts (lighthouse, bench). The caller stops it with `stop()`.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildIsStale } from '../build-state.ts';

export interface SiteServer {
  origin: string;
  password: string;
  /** Process id of the node process serving the site. */
  pid: number;
  /** Settles when the server process has exited (after `stop()`, or on a crash), with how it ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(): void;
}

export interface SiteServerOptions {
  /** Serve this data directory and keep it on stop; by default a throwaway one is made and removed. */
  dataDir?: string;
  /** False: serve `dist/` as it is, never rebuilt here (the bench checks it once per run). */
  build?: boolean;
}

/** The admin password of servers started here; one value, so a restart never re-hashes a new one. */
export const MEASURE_ADMIN_PASSWORD = 'measure-admin-password';

/** Builds `dist/` when it is missing or older than its sources. */
export function ensureBuilt(): void {
  if (buildIsStale()) {
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
}

/** A TCP port nothing listens on now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export async function startSiteServer(options: SiteServerOptions = {}): Promise<SiteServer> {
  if (options.build !== false) ensureBuilt();
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'folio-measure-'));
  const origin = `http://127.0.0.1:${port}`;
  const password = MEASURE_ADMIN_PASSWORD;
  const child = spawn('node', ['src/server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: password,
      SITE_URL: origin,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<Awaited<SiteServer['exited']>>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const stop = () => {
    child.kill('SIGTERM');
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  for (let attempt = 0; attempt < 150; attempt++) {
    try {
      if ((await fetch(`${origin}/api/admin/session`)).ok) return { origin, password, pid: child.pid!, exited, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  stop();
  throw new Error('the server did not start within 30 s');
}

/** Logs in through the API and returns the session cookie. */
export async function adminSession(origin: string, password: string): Promise<string> {
  const response = await fetch(`${origin}/api/admin/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password }),
  });
  if (!response.ok) throw new Error(`admin login failed: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
