// `node scripts/measure-import.ts [--posts 2000] [--images 200]`: a WordPress site moved in (issue
// 22). Writes an export of --posts posts, each showing one of --images pictures that an "old site"
// on loopback serves, starts the production server on a fresh data directory (the old site
// allowed through IMPORT_ALLOW_HOSTS), imports the file through the API as the dashboard does, and
// prints the time the import took, the server's resident size before and at its peak (sampled
// every 50 ms), what came in, and whether an old permalink answers 301 to its post.
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { wxr } from '../src/server/services/site-data/imports/__fixtures__/wxr.ts';
import { adminSession, ensureBuilt, MEASURE_ADMIN_PASSWORD } from './lib/site-server.ts';
import { startServer } from './lib/startup.ts';

const { values } = parseArgs({
  options: { posts: { type: 'string', default: '2000' }, images: { type: 'string', default: '200' } },
});
const postCount = Number(values.posts);
const imageCount = Number(values.images);
if (!(postCount >= 1) || !(imageCount >= 0)) throw new Error('--posts is a positive number, --images a number');

ensureBuilt();

// Photos of a blog: 1200 x 800, noise enough that each is some 100-300 KB as JPEG.
const images = await Promise.all(
  Array.from({ length: imageCount }, (_, n) =>
    sharp({
      create: {
        width: 1200,
        height: 800,
        channels: 3,
        background: { r: n % 256, g: (n * 7) % 256, b: 90 },
        noise: { type: 'gaussian', mean: 128, sigma: 30 },
      },
    })
      .jpeg({ quality: 80 })
      .toBuffer(),
  ),
);
const oldSite = createServer((request, response) => {
  const match = /^\/wp-content\/uploads\/photo-(\d+)\.jpg$/.exec(request.url ?? '');
  const image = match ? images[Number(match[1])] : undefined;
  if (image) response.writeHead(200, { 'content-type': 'image/jpeg' }).end(image);
  else response.writeHead(404).end();
});
await new Promise<void>((resolve) => oldSite.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(oldSite.address() as AddressInfo).port}`;

const paragraph = 'A paragraph of the post, as authors write them, long enough to read like one. '.repeat(8);
const file = wxr({
  address: `${origin}/`,
  title: 'The old blog',
  items: Array.from({ length: postCount }, (_, n) => ({
    id: n + 1,
    title: `Moved post ${n + 1}`,
    slug: `moved-post-${n + 1}`,
    link: `${origin}/2015/03/${String((n % 28) + 1).padStart(2, '0')}/moved-post-${n + 1}/`,
    date: '2015-03-01 10:00:00',
    content:
      `<p>${paragraph}</p>\n\n<p>${paragraph}</p>` +
      (imageCount > 0 ? `\n\n<p><img src="${origin}/wp-content/uploads/photo-${n % imageCount}.jpg" alt="Photo ${n}"></p>` : ''),
  })),
});
const imageBytes = images.reduce((sum, image) => sum + image.length, 0);

const dataDir = mkdtempSync(path.join(tmpdir(), 'folio-measure-import-'));
const server = await startServer({
  dataDir,
  entry: 'main',
  env: { ADMIN_PASSWORD: MEASURE_ADMIN_PASSWORD, IMPORT_ALLOW_HOSTS: '127.0.0.1' },
});
const rssOf = async () => Number(/^VmRSS:\s+(\d+)/m.exec(await readFile(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
try {
  const cookie = await adminSession(server.origin, MEASURE_ADMIN_PASSWORD);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const before = await rssOf();
  let peak = before;
  const sampler = setInterval(() => void rssOf().then((rss) => (peak = Math.max(peak, rss))), 50);
  const started = performance.now();
  const response = await fetch(`${server.origin}/api/admin/import`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/xml' },
    body: file,
  });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const result = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`import answered ${response.status}: ${JSON.stringify(result)}`);
  const moved = await fetch(`${server.origin}/2015/03/01/moved-post-1/`, { redirect: 'manual' });
  const warnings = result.warnings as string[];
  console.log(
    `Node ${process.version}, load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    `export: ${postCount} posts, ${(Buffer.byteLength(file) / 1024 / 1024).toFixed(1)} MB; ${imageCount} images on the old site, ${(imageBytes / 1024 / 1024).toFixed(1)} MB`,
  );
  console.log(`import: ${seconds.toFixed(1)} s; server RSS ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB at its peak`);
  console.log(
    `came in: ${String(result.posts)} posts, ${String(result.uploads)} uploads, ${String(result.oldAddresses)} old addresses, ${warnings.length} warnings`,
  );
  console.log(`an old permalink: ${moved.status} -> ${moved.headers.get('location') ?? '-'}`);
} finally {
  await server.stop();
  oldSite.close();
  rmSync(dataDir, { recursive: true, force: true });
}
