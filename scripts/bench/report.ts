// The figures of one run, the reading-speed goals checked against them, and their printing.
import { type LoadResult, SLOW_MS } from './load.ts';

export interface TargetFigures {
  name: string;
  path: string;
  /** Body bytes of one answer as a browser gets it (`br, gzip` offered), and with gzip only. */
  bytes?: { encoding: string; transferred: number; gzip: number };
  app?: LoadResult;
  /** Why there are no figures (the server died under the load). */
  error?: string;
  /** The same target at one connection (searches only), for the latency goal. */
  appSingle?: LoadResult;
  nginx?: LoadResult & { gzip: number };
}

/** A minute-long mix of requests on a server of its own, with its memory. */
export interface MixFigures {
  name: string;
  connections: number;
  seconds: number;
  /** What was requested, in turn. */
  paths: string[];
  load?: LoadResult;
  /** Resident memory idle after start, the highest read each second under the load, and as it ended. */
  rssBeforeMb?: number;
  rssPeakMb?: number;
  rssEndMb?: number;
  /** Why there are no figures (the server died under the load). */
  error?: string;
}

interface StartupFigures {
  coldStartMs: number;
  restartAfterKillMs: number;
  idleRssMb: number;
}

export interface BenchFigures {
  node: string;
  cpus: number;
  loadAverage: { start: number[]; end?: number[] };
  dataset: { posts: number; published: number; drafts: number; comments: number; dataDir: string; reused: boolean };
  settings: { connections: number; seconds: number; warmupSeconds: number; sustainSeconds: number };
  /** `measured`, `skipped: <why>` or `failed: <why>`. */
  nginx: string;
  startup?: StartupFigures;
  /** Resident memory of the benchmarked server once the load is over. */
  rssAfterLoadMb?: number;
  targets: TargetFigures[];
  /** A minute at 50 connections over every target, for the memory goal. */
  sustained?: MixFigures;
  /** A minute of a reader's visits at 100 connections, for the no-slow-answer goal. */
  readMix?: MixFigures;
  goals: Goal[];
}

export interface Goal {
  goal: string;
  measured: string;
  /** Undefined when the figure was not measured in this run. */
  met?: boolean;
}

const KB = 1024;
const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '-');
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const mb = (value: number | undefined) => (value === undefined ? '-' : `${value.toFixed(0)} MB`);

const failed = (figures: { error?: string }) => ({ measured: figures.error ?? 'no figures', met: false });

/** DESIGN.md "readers on metered data": at least half of nginx serving the same bytes, nothing failed. */
function ratioGoal(t: TargetFigures, label: string, connections: number): Goal {
  const goal = `${label} >= 0.5x nginx req/s at ${connections} connections, no failed request`;
  if (!t.app) return { goal, ...failed(t) };
  const { failures } = t.app;
  const appFailed = failures > 0 ? `, ${failures} failed` : '';
  if (!t.nginx) return { goal, measured: `no nginx reference${appFailed}`, ...(failures > 0 ? { met: false } : {}) };
  const ratio = t.app.requestsPerSecond / t.nginx.requestsPerSecond;
  const nginxFailed = t.nginx.failures > 0 ? `, nginx ${t.nginx.failures} failed` : '';
  return { goal, measured: `${ratio.toFixed(2)}x${appFailed}${nginxFailed}`, met: ratio >= 0.5 && failures === 0 };
}

/** Targets whose single-connection p95 is a goal, with the goal's wording. */
const LATENCY_GOALS: Record<string, (t: TargetFigures) => string> = {
  search: (t) => t.path,
  'search-api': (t) => t.path,
  'search-new': () => 'a search term never seen before',
};

/** The goals of DESIGN.md's reading-speed sections, as far as this run measured them. */
export function checkGoals(figures: Omit<BenchFigures, 'goals'>): Goal[] {
  const goals: Goal[] = [];
  const target = (name: string) => figures.targets.find((t) => t.name === name);
  const { connections } = figures.settings;
  const post = target('post');
  if (post) {
    goals.push(ratioGoal(post, 'post page', connections));
    const p99Goal = 'post page p99 < 50 ms, no failed request';
    if (!post.app) {
      goals.push({ goal: p99Goal, ...failed(post) });
    } else {
      const { p99, failures } = post.app;
      goals.push({
        goal: p99Goal,
        measured: `${ms(p99)} ms${failures > 0 ? `, ${failures} failed` : ''}`,
        met: p99 < 50 && failures === 0,
      });
    }
  }
  const blog = target('blog');
  if (blog) goals.push(ratioGoal(blog, '/blog', connections));
  const page50 = target('blog-page-50');
  if (page50) {
    const goal = '/blog?page=50 < 15 KB gzip';
    goals.push(
      page50.bytes ? { goal, measured: kb(page50.bytes.gzip), met: page50.bytes.gzip < 15 * KB } : { goal, ...failed(page50) },
    );
  }
  for (const search of figures.targets.filter((t) => LATENCY_GOALS[t.name])) {
    const goal = `${LATENCY_GOALS[search.name]!(search)} p95 < 20 ms at 1 connection`;
    const single = search.appSingle;
    goals.push(
      single
        ? { goal, measured: `${ms(single.p95)} ms`, met: single.p95 < 20 && single.failures === 0 }
        : { goal, ...failed(search) },
    );
  }
  const rotating = target('search-20');
  if (rotating) goals.push(ratioGoal(rotating, '20 search terms in rotation', connections));
  if (figures.startup) {
    const { coldStartMs, restartAfterKillMs, idleRssMb } = figures.startup;
    goals.push({
      goal: 'cold start to first page < 3 s',
      measured: `${(coldStartMs / 1000).toFixed(2)} s`,
      met: coldStartMs < 3000,
    });
    goals.push({
      goal: 'restart after kill -9 to first page < 3 s',
      measured: `${(restartAfterKillMs / 1000).toFixed(2)} s`,
      met: restartAfterKillMs < 3000,
    });
    goals.push({ goal: 'idle RSS < 150 MB', measured: `${idleRssMb.toFixed(0)} MB`, met: idleRssMb < 150 });
  }
  const { sustained, readMix } = figures;
  if (sustained) {
    const goal = `RSS < 300 MB after ${sustained.seconds} s at ${sustained.connections} connections`;
    const end = sustained.rssEndMb;
    goals.push(
      end === undefined
        ? { goal, ...failed(sustained) }
        : { goal, measured: `${end.toFixed(0)} MB (peak ${sustained.rssPeakMb?.toFixed(0) ?? '-'})`, met: end < 300 },
    );
  }
  if (readMix) {
    const goal = `read-only mix, ${readMix.connections} connections for ${readMix.seconds} s: no answer over ${SLOW_MS / 1000} s, no error`;
    const load = readMix.load;
    if (!load) {
      goals.push({ goal, ...failed(readMix) });
    } else {
      const timedOut = load.timeouts > 0 ? ` (${load.timeouts} timed out)` : '';
      goals.push({
        goal,
        measured: `max ${ms(load.max)} ms, ${load.slow} over ${SLOW_MS / 1000} s, ${load.failures} failed${timedOut}`,
        met: load.max < SLOW_MS && load.slow === 0 && load.failures === 0,
      });
    }
  }
  return goals;
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

export function formatReport(figures: BenchFigures): string {
  const out: string[] = [];
  const { connections, seconds } = figures.settings;
  if (figures.targets.length > 0) {
    out.push(
      `\nLoad: ${connections} connections, ${seconds} s per target after a ${figures.settings.warmupSeconds} s warm-up; ` +
        'app and nginx both asked for gzip (the same bytes); size: what a browser gets',
    );
    const measured = figures.targets.filter(
      (t): t is TargetFigures & Required<Pick<TargetFigures, 'app' | 'bytes'>> => !!t.app && !!t.bytes,
    );
    const rows = measured.map((t) => {
      const name = `${t.name} ${t.path.length > 40 ? `${t.path.slice(0, 37)}...` : t.path}`;
      const nginxFailed = t.nginx?.failures ? ` +${t.nginx.failures} nginx` : '';
      return [
        name,
        t.app.requestsPerSecond.toFixed(0),
        ms(t.app.p50),
        ms(t.app.p99),
        `${kb(t.bytes.transferred)} ${t.bytes.encoding}`,
        kb(t.bytes.gzip),
        t.nginx ? t.nginx.requestsPerSecond.toFixed(0) : '-',
        t.nginx ? ms(t.nginx.p99) : '-',
        t.nginx ? `${(t.app.requestsPerSecond / t.nginx.requestsPerSecond).toFixed(2)}x` : '-',
        `${t.app.failures}${nginxFailed}`,
      ];
    });
    out.push(
      table(['target', 'req/s', 'p50 ms', 'p99 ms', 'size', 'gzip', 'nginx req/s', 'nginx p99', 'app/nginx', 'failed'], rows),
    );
    for (const t of figures.targets.filter((t) => t.error)) out.push(`${t.name} ${t.path}: ${t.error}`);
    if (figures.nginx !== 'measured') out.push(`nginx reference ${figures.nginx}`);
    const single = figures.targets.filter((t) => t.appSingle);
    if (single.length > 0) {
      out.push(`\nSearch latency at 1 connection, ${seconds} s`);
      out.push(
        table(
          ['target', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms'],
          single.map((t) => [
            t.path,
            t.appSingle!.requestsPerSecond.toFixed(0),
            ms(t.appSingle!.p50),
            ms(t.appSingle!.p95),
            ms(t.appSingle!.p99),
          ]),
        ),
      );
    }
  }
  const mixes = [figures.sustained, figures.readMix].filter((mix): mix is MixFigures => mix !== undefined);
  if (mixes.length > 0) {
    out.push(`\nMixes on a fresh server, no warm-up (memory read each second and as the load ends)`);
    out.push(
      table(
        [
          'mix',
          'conns',
          's',
          'req/s',
          'p50 ms',
          'p99 ms',
          'max ms',
          `> ${SLOW_MS / 1000} s`,
          'failed',
          'RSS idle',
          'peak',
          'end',
        ],
        mixes.map((mix) => {
          const load = mix.load;
          return [
            mix.name,
            String(mix.connections),
            String(mix.seconds),
            load ? load.requestsPerSecond.toFixed(0) : '-',
            load ? ms(load.p50) : '-',
            load ? ms(load.p99) : '-',
            load ? ms(load.max) : '-',
            load ? String(load.slow) : '-',
            load ? `${load.failures}${load.timeouts > 0 ? ` (${load.timeouts} timeouts)` : ''}` : '-',
            mb(mix.rssBeforeMb),
            mb(mix.rssPeakMb),
            mb(mix.rssEndMb),
          ];
        }),
      ),
    );
    for (const mix of mixes) {
      out.push(`${mix.name}: ${mix.error ?? mix.paths.join(', ')}`);
    }
  }
  if (figures.startup || figures.rssAfterLoadMb !== undefined) {
    out.push('\nStart-up and memory');
    if (figures.startup) {
      out.push(`cold start to first page      ${(figures.startup.coldStartMs / 1000).toFixed(2)} s`);
      out.push(`restart after kill -9         ${(figures.startup.restartAfterKillMs / 1000).toFixed(2)} s`);
      out.push(`idle RSS after start          ${figures.startup.idleRssMb.toFixed(0)} MB`);
    }
    if (figures.rssAfterLoadMb !== undefined) out.push(`idle RSS after the load       ${figures.rssAfterLoadMb.toFixed(0)} MB`);
  }
  if (figures.goals.length > 0) {
    out.push('\nGoals');
    out.push(
      table(
        ['goal', 'measured', ''],
        figures.goals.map((g) => [g.goal, g.measured, g.met === undefined ? 'not measured' : g.met ? 'met' : 'MISSED']),
      ),
    );
  }
  out.push(`\nload average at end: ${figures.loadAverage.end?.map((n) => n.toFixed(2)).join(' ') ?? '-'}`);
  return out.join('\n');
}
