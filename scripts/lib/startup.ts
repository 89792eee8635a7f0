// Start-up measurements of the production server (scripts/bench.ts and the start-up regression
// test use them): time from spawning the process to the first 200 of a page, the same after a
// `kill -9`, and the resident memory of the server process itself.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { freePort } from './site-server.ts';

const root = path.resolve(import.meta.dirname, '../..');

export interface StartOptions {
  /** DATA_DIR of the server: its embedded database (unless `env.DATABASE_URL`), uploads, secret. */
  dataDir: string;
  /** Port to listen on; a free one when absent. */
  port?: number;
  /** More environment for the server (DATABASE_URL, ADMIN_PASSWORD...); `undefined` unsets one. */
  env?: Record<string, string | undefined>;
  /**
   * `start`: `node scripts/start.ts`, what `npm start` runs (the default; it builds first when
   * dist/ is stale, and that build is then timed too); `main`: `node src/server/main.ts`.
   */
  entry?: 'start' | 'main';
  /** Pages to wait for, in order; the first is the one the timings of measureColdStart report. Default `['/']`. */
  paths?: string[];
  /** Options for node itself, before the script (`--cpu-prof`, V8 flags). */
  nodeArgs?: string[];
  /** Longest wait for each page; default 60 s. */
  timeoutMs?: number;
}

export interface RunningServer {
  /** The server's own process (node runs the server itself; no npm or shell between). */
  pid: number;
  origin: string;
  /** Milliseconds from spawning the process to the first 200 of each of `paths`, in order. */
  readyMs: number[];
  /** SIGTERM, and waits for the process to end. */
  stop(): Promise<void>;
  /** SIGKILL (a crash, a power cut for the process), and waits for it to end. */
  kill(): Promise<void>;
}

const ENTRIES = { start: 'scripts/start.ts', main: 'src/server/main.ts' } as const;

/** Starts the production server and waits until each of `paths` answers 200. */
export async function startServer(options: StartOptions): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const origin = `http://127.0.0.1:${port}`;
  const paths = options.paths ?? ['/'];
  const timeoutMs = options.timeoutMs ?? 60_000;
  const started = performance.now();
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ENTRIES[options.entry ?? 'start']], {
    cwd: root,
    env: withoutUndefined({
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      SITE_URL: origin,
      DATA_DIR: options.dataDir,
      ...options.env,
    }),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-4000)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));

  const readyMs: number[] = [];
  try {
    for (const pagePath of paths) {
      const deadline = performance.now() + timeoutMs;
      while ((await statusOf(origin + pagePath)) !== 200) {
        if (exitCode !== undefined)
          throw new Error(`the server exited (code ${exitCode}) before ${pagePath} answered 200\n${stderr}`);
        if (performance.now() > deadline) throw new Error(`${pagePath} did not answer 200 within ${timeoutMs} ms\n${stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      readyMs.push(Math.round(performance.now() - started));
    }
  } catch (error) {
    await end(child, 'SIGKILL', exited);
    throw error;
  }
  return {
    pid: child.pid!,
    origin,
    readyMs,
    stop: () => end(child, 'SIGTERM', exited),
    kill: () => end(child, 'SIGKILL', exited),
  };
}

/** Milliseconds from spawning the server to the first 200 of `paths[0]` (default `/`); stops it after. */
export async function measureColdStart(options: StartOptions): Promise<number> {
  const server = await startServer(options);
  await server.stop();
  return server.readyMs[0]!;
}

/**
 * Starts the server, requests each of `paths` (a post page counts a view: the database is being
 * written to), kills it with SIGKILL, and returns the milliseconds the next start takes to answer
 * 200 on `paths[0]`. The database is left as the crash and the restart made it.
 */
export async function measureRestartAfterKill(options: StartOptions): Promise<number> {
  const first = await startServer(options);
  await first.kill();
  const second = await startServer(options);
  await second.stop();
  return second.readyMs[0]!;
}

/**
 * Resident memory of process `pid` in MB (VmRSS of /proc/<pid>/status, threads included), read
 * once `settleMs` (default 2 s) have passed without work asked of it.
 */
export async function measureIdleRss(pid: number, options: { settleMs?: number } = {}): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, options.settleMs ?? 2_000));
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kilobytes = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status)?.[1];
  if (!kilobytes) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Math.round(Number(kilobytes) / 1024);
}

/** Status of a GET, or 0 when nothing answers yet. node:http, not fetch: no agent to warm up. */
function statusOf(url: string): Promise<number> {
  return new Promise((resolve) => {
    const req = request(url, { agent: false }, (response) => {
      response.resume();
      response.once('end', () => resolve(response.statusCode ?? 0));
    });
    req.once('error', () => resolve(0));
    req.end();
  });
}

async function end(child: ChildProcess, signal: NodeJS.Signals, exited: Promise<unknown>): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

function withoutUndefined(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined));
}
