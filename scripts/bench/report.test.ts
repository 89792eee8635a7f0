import { describe, expect, it } from 'vitest';
import type { LoadResult } from './load.ts';
import { type BenchFigures, checkGoals, formatReport, type MixFigures, type TargetFigures } from './report.ts';

const load = (overrides: Partial<LoadResult> = {}): LoadResult => ({
  connections: 50,
  seconds: 10,
  requestsPerSecond: 1000,
  p50: 5,
  p95: 10,
  p99: 20,
  max: 80,
  requests: 10_000,
  failures: 0,
  timeouts: 0,
  slow: 0,
  ...overrides,
});
const bytes = { encoding: 'br', transferred: 6_000, gzip: 7_000 };

function figures(targets: TargetFigures[], extra: Partial<BenchFigures> = {}): Omit<BenchFigures, 'goals'> {
  return {
    node: 'v24.0.0',
    cpus: 2,
    loadAverage: { start: [0.1, 0.1, 0.1] },
    dataset: { posts: 100, published: 90, drafts: 10, comments: 300, dataDir: '/tmp/x', reused: true },
    settings: { connections: 50, seconds: 10, warmupSeconds: 2, sustainSeconds: 60 },
    nginx: 'measured',
    targets,
    ...extra,
  };
}
const verdict = (goals: ReturnType<typeof checkGoals>, start: string) => goals.find((g) => g.goal.startsWith(start))?.met;

describe('checkGoals', () => {
  it('wants the post page at half of nginx or better, with p99 under 50 ms and nothing failed', () => {
    const post = (app: LoadResult, nginxRps: number): TargetFigures => ({
      name: 'post',
      path: '/blog/a',
      bytes,
      app,
      nginx: { ...load({ requestsPerSecond: nginxRps }), gzip: 7_000 },
    });
    const fast = checkGoals(figures([post(load({ requestsPerSecond: 600 }), 1000)]));
    expect(verdict(fast, 'post page >= 0.5x')).toBe(true);
    expect(verdict(fast, 'post page p99')).toBe(true);

    const slow = checkGoals(figures([post(load({ requestsPerSecond: 400, p99: 49, failures: 3 }), 1000)]));
    expect(verdict(slow, 'post page >= 0.5x')).toBe(false);
    expect(verdict(slow, 'post page p99')).toBe(false);
  });

  it('leaves the ratio unjudged without nginx, and fails goals of a target whose server died', () => {
    const withoutNginx = checkGoals(figures([{ name: 'post', path: '/blog/a', bytes, app: load() }]));
    expect(verdict(withoutNginx, 'post page >= 0.5x')).toBeUndefined();

    const died = checkGoals(figures([{ name: 'search', path: '/blog?q=x', error: 'the server exited (SIGABRT)' }]));
    expect(died).toEqual([
      { goal: '/blog?q=x p95 < 20 ms at 1 connection', measured: 'the server exited (SIGABRT)', met: false },
    ]);
  });

  it('holds /blog?page=50 under 15 KB gzip and searches under 20 ms p95 at one connection', () => {
    const goals = checkGoals(
      figures([
        { name: 'blog-page-50', path: '/blog?page=50', bytes: { ...bytes, gzip: 15 * 1024 }, app: load() },
        { name: 'search', path: '/blog?q=x', bytes, app: load(), appSingle: load({ connections: 1, p95: 19.9 }) },
        { name: 'search-api', path: '/api/blog-posts?search=x', bytes, app: load(), appSingle: load({ p95: 25 }) },
      ]),
    );
    expect(verdict(goals, '/blog?page=50')).toBe(false);
    expect(verdict(goals, '/blog?q=x')).toBe(true);
    expect(verdict(goals, '/api/blog-posts?search=x')).toBe(false);
  });

  it('wants /blog and the 20 rotating searches at half of nginx, and fails a ratio met with failed requests', () => {
    const compared = (name: string, appRps: number, failures = 0): TargetFigures => ({
      name,
      path: `/${name}`,
      bytes,
      app: load({ requestsPerSecond: appRps, failures }),
      nginx: { ...load({ requestsPerSecond: 1000 }), gzip: 7_000 },
    });
    const goals = checkGoals(figures([compared('blog', 500), compared('search-20', 900, 1)]));
    expect(goals).toEqual([
      { goal: '/blog >= 0.5x nginx req/s at 50 connections, no failed request', measured: '0.50x', met: true },
      {
        goal: '20 search terms in rotation >= 0.5x nginx req/s at 50 connections, no failed request',
        measured: '0.90x, 1 failed',
        met: false,
      },
    ]);
    expect(verdict(checkGoals(figures([compared('blog', 499)])), '/blog >= 0.5x')).toBe(false);
  });

  it('wants a search term never seen before answered in p95 under 20 ms at one connection', () => {
    const fresh = (p95: number): TargetFigures => ({ name: 'search-new', path: '/blog?q=<new>', appSingle: load({ p95 }) });
    expect(checkGoals(figures([fresh(19.9)]))).toEqual([
      { goal: 'a search term never seen before p95 < 20 ms at 1 connection', measured: '19.9 ms', met: true },
    ]);
    expect(verdict(checkGoals(figures([fresh(20)])), 'a search term never seen before')).toBe(false);
  });

  const mix = (overrides: Partial<MixFigures>): MixFigures => ({
    name: 'x',
    connections: 50,
    seconds: 60,
    paths: ['/'],
    load: load(),
    rssBeforeMb: 100,
    rssPeakMb: 250,
    rssEndMb: 240,
    ...overrides,
  });

  it('wants RSS under 300 MB after the sustained minute, and fails it when the server died', () => {
    expect(checkGoals(figures([], { sustained: mix({ rssEndMb: 299, rssPeakMb: 310 }) }))).toEqual([
      { goal: 'RSS < 300 MB after 60 s at 50 connections', measured: '299 MB (peak 310)', met: true },
    ]);
    expect(verdict(checkGoals(figures([], { sustained: mix({ rssEndMb: 300 }) })), 'RSS < 300 MB')).toBe(false);
    const died = mix({ load: undefined, rssEndMb: undefined, error: 'the server exited (SIGABRT) under this load' });
    expect(checkGoals(figures([], { sustained: died }))).toEqual([
      {
        goal: 'RSS < 300 MB after 60 s at 50 connections',
        measured: 'the server exited (SIGABRT) under this load',
        met: false,
      },
    ]);
  });

  it('wants no answer over 5 s and no error in the read-only mix', () => {
    const readMix = (result: Partial<LoadResult>) =>
      checkGoals(figures([], { readMix: mix({ connections: 100, load: load(result) }) }));
    expect(readMix({ max: 4_999 })).toEqual([
      {
        goal: 'read-only mix, 100 connections for 60 s: no answer over 5 s, no error',
        measured: 'max 4999.0 ms, 0 over 5 s, 0 failed',
        met: true,
      },
    ]);
    expect(readMix({ max: 5_200, slow: 3 })[0]).toMatchObject({ measured: 'max 5200.0 ms, 3 over 5 s, 0 failed', met: false });
    expect(readMix({ failures: 2, timeouts: 2 })[0]).toMatchObject({
      measured: 'max 80.0 ms, 0 over 5 s, 2 failed (2 timed out)',
      met: false,
    });
  });

  it('checks start-up in under 3 s and idle memory under 150 MB', () => {
    const goals = checkGoals(figures([], { startup: { coldStartMs: 2_999, restartAfterKillMs: 3_000, idleRssMb: 149 } }));
    expect(goals.map((g) => [g.goal, g.met])).toEqual([
      ['cold start to first page < 3 s', true],
      ['restart after kill -9 to first page < 3 s', false],
      ['idle RSS < 150 MB', true],
    ]);
  });
});

describe('formatReport', () => {
  it('prints each target with the app/nginx ratio and says when the reference was skipped', () => {
    const post: TargetFigures = { name: 'post', path: '/blog/a', bytes, app: load({ requestsPerSecond: 1500 }) };
    const measured = figures([{ ...post, nginx: { ...load({ requestsPerSecond: 3000 }), gzip: 7_000 } }]);
    expect(formatReport({ ...measured, goals: checkGoals(measured) })).toMatch(/post \/blog\/a\s+1500\s.*\s3000\s.*\s0\.50x\s/);

    const skipped = figures([post], { nginx: 'skipped: nginx is not installed' });
    const text = formatReport({ ...skipped, goals: checkGoals(skipped) });
    expect(text).toContain('nginx reference skipped: nginx is not installed');
    expect(text).toContain('no nginx reference');
  });

  it('prints each mix with its latencies, failures and memory before, at its peak and at its end', () => {
    const mixed = figures([], {
      readMix: {
        name: 'read-mix',
        connections: 100,
        seconds: 60,
        paths: ['/', '/blog'],
        load: load({ requestsPerSecond: 812, max: 6_100, slow: 4, failures: 1, timeouts: 1 }),
        rssBeforeMb: 120,
        rssPeakMb: 260,
        rssEndMb: 255,
      },
    });
    const text = formatReport({ ...mixed, goals: checkGoals(mixed) });
    expect(text).toMatch(/read-mix\s+100\s+60\s+812\s.*\s6100\.0\s+4\s+1 \(1 timeouts\)\s+120 MB\s+260 MB\s+255 MB/);
    expect(text).toContain('read-mix: /, /blog');
  });
});
