// The two load phases: the app on the seeded database, then nginx serving the app's answers.
// They never run at once, so neither shares the CPU with the other.
import { type SiteServer, startSiteServer } from '../lib/site-server.ts';
import { type LoadSettings, measureLoad, probe } from './load.ts';
import { type StaticPage, startNginx } from './nginx.ts';
import { isRunning, waitUntilIdle } from './proc.ts';
import type { TargetFigures } from './report.ts';
import { measureIdleRss } from '../lib/startup.ts';
import type { Target } from './targets.ts';

/** Registers a stop function to run whatever happens (error, Ctrl-C). */
export type OnCleanup = (stop: () => Promise<void>) => void;

export interface AppPhase {
  targets: TargetFigures[];
  /** The decoded answers, for nginx to serve. */
  pages: StaticPage[];
  rssAfterLoadMb?: number;
}

async function startAppServer(dataDir: string, onCleanup: OnCleanup) {
  const server = await startSiteServer({ dataDir });
  const stop = async () => {
    server.stop();
    await server.exited;
  };
  onCleanup(stop);
  /** How the server ended, or undefined while it runs. */
  const ended = async () => {
    if (isRunning(server.pid)) return undefined;
    const { code, signal } = await server.exited;
    return signal ?? `code ${code}`;
  };
  return { server, stop, ended };
}

async function measureTarget(server: SiteServer, target: Target, settings: LoadSettings) {
  const url = `${server.origin}${target.path}`;
  const transferred = await probe(url, target.headers);
  if (transferred.status !== 200) throw new Error(`${target.path} answered ${transferred.status}`);
  const gzip = await probe(url, { ...target.headers, 'accept-encoding': 'gzip' });
  const plain = await probe(url, { ...target.headers, 'accept-encoding': 'identity' });
  console.log(`${target.name}: measuring ${target.path} ...`);
  // Each run ends once the server has answered what the load left queued.
  const appSettings = { ...settings, settle: () => waitUntilIdle(server.pid) };
  const app = await measureLoad(url, target.headers, appSettings);
  const appSingle = target.search ? await measureLoad(url, target.headers, { ...appSettings, connections: 1 }) : undefined;
  const figures: TargetFigures = {
    name: target.name,
    path: target.path,
    bytes: { encoding: transferred.encoding, transferred: transferred.bytes, gzip: gzip.bytes },
    app,
    ...(appSingle ? { appSingle } : {}),
  };
  return { figures, page: { url: target.path, body: plain.body, contentType: plain.contentType } };
}

/**
 * Loads each target on the production server. A server that dies under the load (out of memory,
 * say) is recorded against that target and started again for the next ones.
 */
export async function measureApp(
  dataDir: string,
  targets: Target[],
  settings: LoadSettings,
  onCleanup: OnCleanup,
): Promise<AppPhase> {
  const phase: AppPhase = { targets: [], pages: [] };
  let current = await startAppServer(dataDir, onCleanup);
  for (const target of targets) {
    try {
      const { figures, page } = await measureTarget(current.server, target, settings);
      if (await current.ended()) throw new Error('the server exited');
      phase.targets.push(figures);
      phase.pages.push(page);
    } catch (error) {
      const ended = await current.ended();
      if (!ended) throw error;
      const message = `the server exited (${ended}) under this load`;
      console.error(`${target.name}: ${message}; starting it again`);
      phase.targets.push({ name: target.name, path: target.path, error: message });
      current = await startAppServer(dataDir, onCleanup);
    }
  }
  await waitUntilIdle(current.server.pid);
  phase.rssAfterLoadMb = await measureIdleRss(current.server.pid);
  await current.stop();
  return phase;
}

/** Serves the app's answers from nginx and loads the same paths with the same settings. */
export async function measureNginx(
  binary: string,
  phase: AppPhase,
  targets: Target[],
  settings: LoadSettings,
  onCleanup: OnCleanup,
): Promise<void> {
  if (phase.pages.length === 0) return;
  const nginx = await startNginx(binary, phase.pages);
  onCleanup(nginx.stop);
  try {
    for (const figures of phase.targets.filter((t) => t.app)) {
      const target = targets.find((t) => t.name === figures.name)!;
      console.log(`${target.name}: measuring ${target.path} on nginx ...`);
      const url = `${nginx.origin}${target.path}`;
      const gzip = await probe(url, { ...target.headers, 'accept-encoding': 'gzip' });
      if (gzip.status !== 200) throw new Error(`nginx answered ${gzip.status} for ${target.path}`);
      figures.nginx = { ...(await measureLoad(url, target.headers, settings)), gzip: gzip.bytes };
    }
  } finally {
    await nginx.stop();
  }
}
