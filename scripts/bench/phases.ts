// The load phases: the app on the seeded database, then nginx serving the app's answers, then the
// minute-long mixes, each on a server of its own. They never run at once, so none shares the CPU.
import { gunzipSync } from 'node:zlib';
import { measureIdleRss } from '../lib/startup.ts';
import { type LoadRequest, type LoadSettings, measureLoad, probe, rotation } from './load.ts';
import { type StaticPage, startNginx } from './nginx.ts';
import { waitUntilIdle } from './proc.ts';
import type { MixFigures, TargetFigures } from './report.ts';
import { searchPath } from './search-terms.ts';
import { type BenchServer, startBenchServer } from './server.ts';
import type { FreshSearch, Target } from './targets.ts';

/** Registers a stop function to run whatever happens (error, Ctrl-C). */
export type OnCleanup = (stop: () => Promise<void>) => void;

export interface AppPhase {
  targets: TargetFigures[];
  /** The answers (decoded, and the gzip bytes as sent), for nginx to serve. */
  pages: StaticPage[];
  rssAfterLoadMb?: number;
}

/**
 * Loads compared with nginx ask for gzip, from the app and from nginx alike: nginx-light has no
 * brotli, and the same bytes on both sides make the ratio compare serving, not compressing (the
 * app keeps br and gzip of a cached page alike). The size a browser gets (br) is probed apart.
 */
const comparedHeaders = (headers: Record<string, string>) => ({ ...headers, 'accept-encoding': 'gzip' });

async function startAppServer(dataDir: string, onCleanup: OnCleanup): Promise<BenchServer> {
  const server = await startBenchServer(dataDir);
  onCleanup(server.stop);
  return server;
}

/** The answer to `headers` (gzip asked) as nginx will serve it: decoded, and gzip as sent. */
async function staticPage(origin: string, path: string, headers: Record<string, string>): Promise<StaticPage> {
  const answer = await probe(`${origin}${path}`, headers);
  if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
  const { contentType } = answer;
  if (answer.encoding === 'gzip') return { url: path, body: gunzipSync(answer.body), gzip: answer.body, contentType };
  if (answer.encoding === 'identity') return { url: path, body: answer.body, contentType };
  throw new Error(`${path} answered ${answer.encoding} to accept-encoding: gzip`);
}

async function measureTarget(server: BenchServer, target: Target, settings: LoadSettings) {
  const url = `${server.origin}${target.paths[0]}`;
  const transferred = await probe(url, target.headers);
  if (transferred.status !== 200) throw new Error(`${target.paths[0]} answered ${transferred.status}`);
  const headers = comparedHeaders(target.headers);
  // One path is built once; a rotation is built per request (the nginx run does the same).
  const next = target.paths.length > 1 ? rotation(target.paths) : undefined;
  console.log(`${target.name}: measuring ${target.path} ...`);
  // Each run ends once the server has answered what the load left queued.
  const appSettings = { ...settings, settle: () => waitUntilIdle(server.pid) };
  const app = await measureLoad(url, headers, appSettings, next);
  const appSingle = target.search ? await measureLoad(url, headers, { ...appSettings, connections: 1 }, next) : undefined;
  // Taken after the load, from the page cache: the bytes the app was sending are what nginx serves.
  const pages: StaticPage[] = [];
  for (const path of target.paths) pages.push(await staticPage(server.origin, path, headers));
  const figures: TargetFigures = {
    name: target.name,
    path: target.path,
    bytes: {
      encoding: transferred.encoding,
      transferred: transferred.bytes,
      gzip: pages[0]!.gzip?.length ?? pages[0]!.body.length,
    },
    app,
    ...(appSingle ? { appSingle } : {}),
  };
  return { figures, pages };
}

/** A search never asked before at each request, one connection: its latency is the goal. */
async function measureFreshSearch(server: BenchServer, search: FreshSearch, newTerm: () => string, settings: LoadSettings) {
  const next = () => ({ path: searchPath(newTerm()) });
  const first = await probe(`${server.origin}${next().path}`, search.headers);
  if (first.status !== 200) throw new Error(`${search.path} answered ${first.status}`);
  console.log(`${search.name}: measuring ${search.path} at 1 connection ...`);
  const appSingle = await measureLoad(
    `${server.origin}/`,
    search.headers,
    { ...settings, connections: 1, settle: () => waitUntilIdle(server.pid) },
    next,
  );
  const figures: TargetFigures = { name: search.name, path: search.path, appSingle };
  return { figures, pages: [] };
}

/**
 * Loads each target on the production server. A server that dies under the load (out of memory,
 * say) is recorded against that target and started again for the next ones.
 */
export async function measureApp(
  dataDir: string,
  targets: Array<Target | FreshSearch>,
  newTerm: () => string,
  settings: LoadSettings,
  onCleanup: OnCleanup,
): Promise<AppPhase> {
  const phase: AppPhase = { targets: [], pages: [] };
  let server = await startAppServer(dataDir, onCleanup);
  for (const target of targets) {
    try {
      const { figures, pages } =
        'paths' in target
          ? await measureTarget(server, target, settings)
          : await measureFreshSearch(server, target, newTerm, settings);
      if (await server.ended()) throw new Error('the server exited');
      phase.targets.push(figures);
      phase.pages.push(...pages);
    } catch (error) {
      const ended = await server.ended();
      if (!ended) throw error;
      const message = `the server exited (${ended}) under this load`;
      console.error(`${target.name}: ${message}; starting it again`);
      phase.targets.push({ name: target.name, path: target.path, error: message });
      server = await startAppServer(dataDir, onCleanup);
    }
  }
  await waitUntilIdle(server.pid);
  phase.rssAfterLoadMb = await measureIdleRss(server.pid);
  await server.stop();
  return phase;
}

/** Serves the app's answers from nginx and loads the same paths with the same settings and headers. */
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
      const target = targets.find((t) => t.name === figures.name);
      if (!target) continue;
      console.log(`${target.name}: measuring ${target.path} on nginx ...`);
      const headers = comparedHeaders(target.headers);
      const url = `${nginx.origin}${target.paths[0]}`;
      const answer = await probe(url, headers);
      if (answer.status !== 200) throw new Error(`nginx answered ${answer.status} for ${target.paths[0]}`);
      const stored = phase.pages.find((page) => page.url === target.paths[0])!;
      if (!answer.body.equals(stored.gzip ?? stored.body)) {
        throw new Error(`nginx did not send the app's own bytes for ${target.paths[0]} (${answer.encoding})`);
      }
      const next = target.paths.length > 1 ? rotation(target.paths) : undefined;
      figures.nginx = { ...(await measureLoad(url, headers, settings, next)), gzip: answer.bytes };
    }
  } finally {
    await nginx.stop();
  }
}

export interface Mix {
  name: string;
  connections: number;
  seconds: number;
  /** What to request, once the server runs (a post's id may have to be asked first). */
  prepare(origin: string): Promise<{ paths: string[]; next: () => LoadRequest }>;
}

const rssNow = (pid: number) => measureIdleRss(pid, { settleMs: 0 });

/**
 * A fresh server, its idle RSS, then `seconds` at `connections` with no warm-up (a cold cache is
 * part of the test), RSS read every second and right as the load ends, before anything settles.
 */
export async function measureMix(dataDir: string, mix: Mix, onCleanup: OnCleanup): Promise<MixFigures> {
  const figures: MixFigures = { name: mix.name, connections: mix.connections, seconds: mix.seconds, paths: [] };
  const server = await startAppServer(dataDir, onCleanup);
  const samples: number[] = [];
  let sampler: NodeJS.Timeout | undefined;
  try {
    const { paths, next } = await mix.prepare(server.origin);
    figures.paths = paths;
    figures.rssBeforeMb = await measureIdleRss(server.pid);
    sampler = setInterval(
      () =>
        void rssNow(server.pid).then(
          (mb) => samples.push(mb),
          () => {},
        ),
      1_000,
    );
    console.log(`${mix.name}: ${mix.connections} connections for ${mix.seconds} s over ${paths.join(', ')} ...`);
    const settings = { connections: mix.connections, seconds: mix.seconds, warmupSeconds: 0 };
    const load = await measureLoad(`${server.origin}/`, {}, settings, next);
    clearInterval(sampler);
    const ended = await server.ended();
    if (ended) {
      figures.error = `the server exited (${ended}) under this load`;
      return figures;
    }
    figures.rssEndMb = await rssNow(server.pid);
    figures.rssPeakMb = Math.max(figures.rssEndMb, ...samples);
    figures.load = load;
    return figures;
  } catch (error) {
    const ended = await server.ended();
    if (!ended) throw error;
    figures.error = `the server exited (${ended}) under this load`;
    return figures;
  } finally {
    clearInterval(sampler);
    await server.stop();
  }
}
