// `npm run dev`: rebuild the client and SSR bundles on change and restart the server on change.
import { spawn } from 'node:child_process';

const run = (command: string, args: string[]) =>
  spawn(command, args, { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'development' } });

const children = [
  run('npx', ['vite', 'build', '--watch', '--mode', 'development']),
  run('npx', [
    'vite',
    'build',
    '--watch',
    '--mode',
    'development',
    '--ssr',
    'src/client/entry-server.tsx',
    '--outDir',
    'dist/server',
  ]),
  // The client's manifest names each page's hashed scripts: a client rebuild restarts the server too.
  run('node', [
    '--watch-path=src/server',
    '--watch-path=src/shared',
    '--watch-path=dist/server',
    '--watch-path=dist/client/.vite',
    'src/server/main.ts',
  ]),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
