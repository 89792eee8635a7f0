// How the production server's process runs: V8 sized for a small machine, and a module loader
// that does not redo at every start what it did at the last one. scripts/start.ts and
// src/server/main.ts call these before importing anything else.
import { enableCompileCache, registerHooks } from 'node:module';
import path from 'node:path';
import v8 from 'node:v8';

const root = path.resolve(import.meta.dirname, '../..');

/** V8's compiled code of every module, Node's type-stripped .ts included (NODE_COMPILE_CACHE overrides). */
const COMPILE_CACHE_DIR = path.join(root, 'node_modules', '.cache', 'node-compile-cache');

/**
 * V8's heap sizes, in MB, for a server that must stay small on a 1 GB machine.
 *
 * - `--max-semi-space-size`: each of the young generation's two semi-spaces. While the modules
 *   load V8 grows them to 32 MB each and keeps them: 64 MB in a server that allocates little per
 *   request. At 4 MB the process was 25-40 MB smaller after start and after traffic, with pages
 *   and API calls taking no more CPU. At 2 MB it is 2-4 MB smaller again when idle, and a new
 *   search term's p95 is the same (a minute of the benchmark's mix answered 549-653 req/s). At
 *   1 MB it is 2-3 MB smaller still, but a new search term's p95 was 4-5 ms longer and the minute
 *   answered 526-538 req/s: too much for so little.
 * - `--max-old-space-size`: the old generation's ceiling. V8 lets the heap grow to up to four times
 *   what is alive between collections when the ceiling is high (V8 sets it from the machine's
 *   memory: 4 GB on one of 24 GB), and 1.3-1.4 times under a ceiling of 512 MB or less. A minute at 50 connections over pages and
 *   searches ended at 442-516 MB resident with the machine's ceiling, the heap at 90-140 MB for
 *   45 MB alive; at 512 MB, 348 MB with the heap at 77 MB, and as many requests answered or more.
 *   Imports and restores parse in worker threads with limits of their own.
 *
 * Both apply to worker threads too.
 */
const HEAP_FLAGS: ReadonlyArray<readonly [flag: string, mb: number]> = [
  ['--max-semi-space-size', 2],
  ['--max-old-space-size', 512],
];

/**
 * glibc's allocator, read when a process starts. By default each thread that allocates gets an
 * arena of its own (the four threads that compress pages, V8's helpers), and freed memory inside
 * them is rarely given back: after a minute at 50 connections five arenas held 43 MB, mostly free.
 * Two arenas, allocations of 128 KB or more mapped on their own (given back when freed), and the
 * top of the heap trimmed past 128 KB: 288-302 MB at the end of that minute instead of 337-340,
 * 163-165 MB idle instead of 172-176, with no fewer requests answered. Elsewhere than glibc the
 * variable means nothing.
 */
const MALLOC_TUNABLES = 'glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=131072:glibc.malloc.trim_threshold=131072';

/**
 * The names of the node options this process was given, on its command line or in NODE_OPTIONS.
 * Node reads `_` in an option's name as `-`: `--max_old_space_size` is the same option.
 */
const givenOptions = (): string[] =>
  [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].map((arg) => arg.split('=')[0]!.replaceAll('_', '-'));

/**
 * In production, replaces this process (same pid, same signals and descriptors: no wrapper) with
 * node run with HEAP_FLAGS, which V8 reads only when it starts, and MALLOC_TUNABLES unless the
 * operator set GLIBC_TUNABLES; it also comes back with the compile cache on from its first file.
 * A flag the operator gave (node option or NODE_OPTIONS, with `-` or `_`) is left as it is, and so
 * is GLIBC_TUNABLES (set it empty for glibc's defaults); when they gave all of them, nothing is
 * replaced. Where `process.execve` is missing (Windows) the process runs as it is.
 */
export function execWithServerFlags(): void {
  if (process.env.NODE_ENV !== 'production' || typeof process.execve !== 'function') return;
  const given = new Set(givenOptions());
  const flags = HEAP_FLAGS.filter(([flag]) => !given.has(flag)).map(([flag, mb]) => `${flag}=${mb}`);
  if (flags.length === 0 && process.env.GLIBC_TUNABLES !== undefined) return;
  process.execve(process.execPath, [process.execPath, ...flags, ...process.execArgv, ...process.argv.slice(1)], {
    ...process.env,
    GLIBC_TUNABLES: process.env.GLIBC_TUNABLES ?? MALLOC_TUNABLES,
    NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? COMPILE_CACHE_DIR,
  });
}

/** Options that say how V8 optimises JavaScript: given by the operator, they are left as they are. */
const OPTIMISER_OPTIONS = [
  '--opt',
  '--no-opt',
  '--turbofan',
  '--no-turbofan',
  '--maglev',
  '--no-maglev',
  '--max-opt',
  '--jitless',
];

/** CPU the process must use in a second (all its threads) before V8 may optimise: a quarter of a core. */
const BUSY_CPU_SHARE = 0.25;

/**
 * Holds V8's optimising compilers (Maglev and TurboFan) from the start, and answers a function
 * that lets them work again once the process is busy: the first second in which it used a
 * quarter of a core or more. Start-up runs many loops once (modules, the database's set-up, route
 * tables), which V8 finds hot and compiles again, some 370 functions: the compilers' code in
 * node's binary and what they made stayed resident, 8-10 MB of an idle server's 150 MB, for code
 * that never runs again. A server that answers a reader now and then does not need them (a new
 * search term took 12.8 ms at the median on the baseline tiers, against 10.5 optimised); under
 * load they are back within a second and the request path is optimised from its own calls.
 * Flags the operator gave for V8's compilers win.
 */
export function holdOptimisingCompilers(): () => void {
  if (givenOptions().some((option) => OPTIMISER_OPTIONS.includes(option))) return () => {};
  v8.setFlagsFromString('--no-maglev');
  v8.setFlagsFromString('--no-turbofan');
  return () => {
    let last = process.cpuUsage();
    const watch = setInterval(() => {
      const used = process.cpuUsage(last);
      last = process.cpuUsage();
      if ((used.user + used.system) / 1_000_000 < BUSY_CPU_SHARE) return;
      clearInterval(watch);
      v8.setFlagsFromString('--maglev');
      v8.setFlagsFromString('--turbofan');
    }, 1_000);
    watch.unref();
  };
}

/**
 * The embedded database is PostgreSQL compiled to WebAssembly. V8 recompiles its busiest functions
 * with its optimising compiler, which keeps 50-80 MB more resident and takes CPU in the first
 * seconds; on the baseline code alone a query takes up to twice as long by itself, yet the CPU per
 * page, API call and post save did not change measurably (the JavaScript around it dominates).
 * V8 reads these when it compiles WebAssembly, so they are set before the database opens; a V8
 * that no longer knows one prints a line and carries on.
 */
export function keepWebAssemblyOnBaselineCompiler(): void {
  v8.setFlagsFromString('--liftoff-only');
  v8.setFlagsFromString('--no-wasm-tier-up');
  v8.setFlagsFromString('--no-wasm-dynamic-tiering');
}

/**
 * Turns on the compile cache (a start after the first skips most compiling and all type
 * stripping), for worker threads too, and resolves drizzle-orm's own files directly. Without a
 * writable cache folder Node carries on without the cache.
 */
export function tuneModuleLoading(): void {
  const cache = enableCompileCache(process.env.NODE_COMPILE_CACHE ?? COMPILE_CACHE_DIR);
  if (cache.directory) process.env.NODE_COMPILE_CACHE ??= cache.directory;

  // Node finds the format of each ESM file in its package's package.json, and parses that
  // package's whole `exports` map again every time (Node 24). drizzle-orm's is 180 KB and a
  // server loads some 200 of its files: half a second and 100 MB of garbage at every start. Its
  // files import each other by relative paths with extensions, and its package.json says
  // "type": "module", so those resolve without asking.
  const drizzleRoot = new URL('./', import.meta.resolve('drizzle-orm')).href;
  registerHooks({
    resolve(specifier, context, nextResolve) {
      if (!context.parentURL?.startsWith(drizzleRoot) || !/^\.\.?\//.test(specifier)) {
        return nextResolve(specifier, context);
      }
      const format = specifier.endsWith('.cjs') ? 'commonjs' : 'module';
      return { url: new URL(specifier, context.parentURL).href, format, shortCircuit: true };
    },
  });
}
