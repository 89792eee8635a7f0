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
 * The young generation's size, in MB, for each of V8's two semi-spaces. While the modules load V8
 * grows them to 32 MB each and keeps them: 64 MB in a server that allocates little per request.
 * At 4 MB the process is 25-40 MB smaller after start and after traffic; pages and API calls took
 * no more CPU, a post save about a tenth more (2 MB: 6 MB less, a fifth more per save). It applies
 * to worker threads too.
 */
const SEMI_SPACE_FLAG = '--max-semi-space-size';
const SEMI_SPACE_MB = 4;

/**
 * In production, replaces this process (same pid, same signals and descriptors: no wrapper) with
 * node run with SEMI_SPACE_FLAG, which V8 reads only when it starts; it also comes back with the
 * compile cache on from its first file. A value the operator gave (node option or NODE_OPTIONS)
 * is left as it is. Where `process.execve` is missing (Windows) the process runs as it is.
 */
export function execWithServerFlags(): void {
  if (process.env.NODE_ENV !== 'production' || typeof process.execve !== 'function') return;
  const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
  if (given.some((arg) => arg.split('=')[0] === SEMI_SPACE_FLAG)) return;
  const flag = `${SEMI_SPACE_FLAG}=${SEMI_SPACE_MB}`;
  process.execve(process.execPath, [process.execPath, flag, ...process.execArgv, ...process.argv.slice(1)], {
    ...process.env,
    NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? COMPILE_CACHE_DIR,
  });
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
