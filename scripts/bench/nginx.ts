// The static-site reference: nginx serving the app's own answers from files, the gzip bytes the
// app sent included (gzip_static), so the ratio app/nginx says how close the app reads to a static
// site on this machine: same bytes, one worker, nothing compressed while serving.
import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, chmodSync, constants, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../lib/site-server.ts';

const CANDIDATES = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'];

/** The nginx binary, or undefined when none is installed. */
export function findNginx(): string | undefined {
  const fromPath = (process.env.PATH ?? '').split(':').map((dir) => path.join(dir, 'nginx'));
  return [...CANDIDATES, ...fromPath].find((file) => {
    try {
      accessSync(file, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

export interface StaticPage {
  /** Path and query as requested, e.g. `/blog?page=50`. */
  url: string;
  /** The decoded body the app answered. */
  body: Buffer;
  /** The bytes the app answered to `accept-encoding: gzip`, when it compressed them. */
  gzip?: Buffer;
  contentType: string;
}

export interface NginxReference {
  origin: string;
  /** Fast shutdown of the master and its worker; waits for the master to exit. */
  stop(): Promise<void>;
}

const EXTENSIONS: Array<[RegExp, string]> = [
  [/json/, 'json'],
  [/xml/, 'xml'],
  [/html/, 'html'],
];

/** nginx.conf for a non-root run: every path it writes is inside `dir`. */
export function nginxConfig(dir: string, port: number, files: Array<{ url: string; file: string }>): string {
  const quote = (s: string) => `"${s.replace(/["\\]/g, '\\$&')}"`;
  const map = files.map(({ url, file }) => `    ${quote(url)} /${file};`).join('\n');
  return `# One worker: the app is one Node.js process, so both get one core of this machine.
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/temp/body;
  proxy_temp_path ${dir}/temp/proxy;
  fastcgi_temp_path ${dir}/temp/fastcgi;
  uwsgi_temp_path ${dir}/temp/uwsgi;
  scgi_temp_path ${dir}/temp/scgi;
  types { text/html html; application/json json; application/rss+xml xml; }
  default_type application/octet-stream;
  sendfile on;
  tcp_nopush on;
  # Node keeps a connection for any number of requests; nginx's default closes it after 1000.
  keepalive_requests 1000000;
  # The app's own gzip answer, stored beside each file as <file>.gz; nothing is compressed here.
  gzip off;
  gzip_static on;
  # Long keys (a post's slug): the default bucket of 64 bytes is too small for them.
  map_hash_bucket_size 256;
  map $request_uri $page {
    default /missing;
${map}
  }
  server {
    listen 127.0.0.1:${port};
    root ${dir}/www;
    location / { try_files $page =404; }
  }
}
`;
}

/** Writes the pages to a temp dir and starts nginx on a loopback port to serve them. */
export async function startNginx(binary: string, pages: StaticPage[]): Promise<NginxReference> {
  const dir = mkdtempSync(path.join(tmpdir(), 'folio-bench-nginx-'));
  // Workers drop to `nobody` when the master runs as root: they must be able to read the pages.
  chmodSync(dir, 0o755);
  mkdirSync(path.join(dir, 'www'), { mode: 0o755 });
  mkdirSync(path.join(dir, 'temp'), { mode: 0o755 });
  const files = pages.map((page, i) => {
    const extension = EXTENSIONS.find(([pattern]) => pattern.test(page.contentType))?.[1] ?? 'html';
    const file = `page-${i}.${extension}`;
    writeFileSync(path.join(dir, 'www', file), page.body, { mode: 0o644 });
    if (page.gzip) writeFileSync(path.join(dir, 'www', `${file}.gz`), page.gzip, { mode: 0o644 });
    return { url: page.url, file };
  });
  const port = await freePort();
  writeFileSync(path.join(dir, 'nginx.conf'), nginxConfig(dir, port, files));

  const child: ChildProcess = spawn(binary, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };

  const origin = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 100; attempt++) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${origin}${files[0]!.url}`)).ok) return { origin, stop };
    } catch {
      // Not listening yet.
    }
    await sleep(50);
  }
  const log = (() => {
    try {
      return readFileSync(path.join(dir, 'error.log'), 'utf8');
    } catch {
      return '';
    }
  })();
  await stop();
  throw new Error(`nginx did not start: ${(stderr + log).trim() || 'no message'}`);
}
