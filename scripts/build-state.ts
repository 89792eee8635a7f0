import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
/** Everything the client and SSR bundles are built from. */
const SOURCES = ['src/client', 'src/shared', 'src/content', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];
const OUTPUTS = ['dist/client/index.html', 'dist/server/entry-server.js'];

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce((max, name) => Math.max(max, newestMtime(path.join(entry, name))), stat.mtimeMs);
}

/** True when there is no build, or a source changed after it was made. */
export function buildIsStale(): boolean {
  const outputs = OUTPUTS.map((o) => path.join(root, o));
  if (!outputs.every((o) => existsSync(o))) return true;
  const built = Math.min(...outputs.map((o) => statSync(o).mtimeMs));
  return SOURCES.some((s) => newestMtime(path.join(root, s)) > built);
}
