// The figures of one run, the reading-speed goals checked against them, and their printing.
import type { LoadResult } from './load.ts';

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
  settings: { connections: number; seconds: number; warmupSeconds: number };
  /** `measured`, `skipped: <why>` or `failed: <why>`. */
  nginx: string;
  startup?: StartupFigures;
  /** Resident memory of the benchmarked server once the load is over. */
  rssAfterLoadMb?: number;
  targets: TargetFigures[];
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

/** The goals of DESIGN.md "Reading at the speed of a static site", as far as this run measured them. */
export function checkGoals(figures: Omit<BenchFigures, 'goals'>): Goal[] {
  const goals: Goal[] = [];
  const target = (name: string) => figures.targets.find((t) => t.name === name);
  const failed = (t: TargetFigures) => ({ measured: t.error ?? 'no figures', met: false });
  const post = target('post');
  if (post) {
    const ratioGoal = `post page >= 0.5x nginx req/s at ${figures.settings.connections} connections`;
    const p99Goal = 'post page p99 < 50 ms, no failed request';
    if (!post.app) {
      goals.push({ goal: ratioGoal, ...failed(post) }, { goal: p99Goal, ...failed(post) });
    } else {
      const ratio = post.nginx ? post.app.requestsPerSecond / post.nginx.requestsPerSecond : undefined;
      goals.push({
        goal: ratioGoal,
        measured: ratio === undefined ? 'no nginx reference' : `${ratio.toFixed(2)}x`,
        ...(ratio === undefined ? {} : { met: ratio >= 0.5 }),
      });
      const { p99, failures } = post.app;
      goals.push({
        goal: p99Goal,
        measured: `${ms(p99)} ms${failures > 0 ? `, ${failures} failed` : ''}`,
        met: p99 < 50 && failures === 0,
      });
    }
  }
  const page50 = target('blog-page-50');
  if (page50) {
    const goal = '/blog?page=50 < 15 KB gzip';
    goals.push(
      page50.bytes ? { goal, measured: kb(page50.bytes.gzip), met: page50.bytes.gzip < 15 * KB } : { goal, ...failed(page50) },
    );
  }
  for (const search of figures.targets.filter((t) => t.name.startsWith('search'))) {
    const goal = `${search.path} p95 < 20 ms at 1 connection`;
    const single = search.appSingle;
    goals.push(
      single
        ? { goal, measured: `${ms(single.p95)} ms`, met: single.p95 < 20 && single.failures === 0 }
        : { goal, ...failed(search) },
    );
  }
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
    out.push(`\nLoad: ${connections} connections, ${seconds} s per target after a ${figures.settings.warmupSeconds} s warm-up`);
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
