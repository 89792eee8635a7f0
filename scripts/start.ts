// `npm start`: build the site when there is no build or it is older than the sources, then serve it.
import { spawnSync } from 'node:child_process';
import { buildIsStale } from './build-state.ts';

if (buildIsStale()) {
  console.log('Building the site (first start, or the sources changed)...');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
process.env.NODE_ENV ??= 'production';
await import('../src/server/main.ts');
