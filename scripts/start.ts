// `npm start`: build the site when there is no build or it is older than the sources, then serve it
// in this same process (no wrapper: signals and memory are the server's own).
import { spawnSync } from 'node:child_process';
import { execWithServerFlags, tuneModuleLoading } from '../src/server/runtime.ts';

process.env.NODE_ENV ??= 'production';
execWithServerFlags();
tuneModuleLoading();
const { buildIsStale } = await import('./build-state.ts');

if (buildIsStale()) {
  console.log('Building the site (first start, or the sources changed)...');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import('../src/server/main.ts');
