import { describe, expect, it } from 'vitest';
import type { LoadResult } from './load.ts';
import { type BenchFigures, checkGoals, formatReport, type TargetFigures } from './report.ts';

const load = (overrides: Partial<LoadResult> = {}): LoadResult => ({
  connections: 50,
  seconds: 10,
  requestsPerSecond: 1000,
  p50: 5,
  p95: 10,
  p99: 20,
  requests: 10_000,
  failures: 0,
  ...overrides,
});
const bytes = { encoding: 'br', transferred: 6_000, gzip: 7_000 };

function figures(targets: TargetFigures[], extra: Partial<BenchFigures> = {}): Omit<BenchFigures, 'goals'> {
  return {
    node: 'v24.0.0',
    cpus: 2,
    loadAverage: { start: [0.1, 0.1, 0.1] },
    dataset: { posts: 100, published: 90, drafts: 10, comments: 300, dataDir: '/tmp/x', reused: true },
    settings: { connections: 50, seconds: 10, warmupSeconds: 2 },
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
});
