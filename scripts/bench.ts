// `npm run bench [-- --posts N] [--seconds S] [--concurrency C]`: throughput and latency of the
// production server on its embedded database, for the pages and API calls readers make most.
import { parseArgs } from 'node:util';
import { adminSession, startSiteServer } from './lib/site-server.ts';

const { values } = parseArgs({
  options: {
    posts: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '5' },
    concurrency: { type: 'string', default: '8' },
  },
});
const postCount = Number(values.posts);
const seconds = Number(values.seconds);
const concurrency = Number(values.concurrency);

const server = await startSiteServer();
try {
  const cookie = await adminSession(server.origin, server.password);
  const started = performance.now();
  let slug = '';
  for (let i = 0; i < postCount; i++) {
    const response = await fetch(`${server.origin}/api/blog-posts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        title: `Benchmark post ${i} about digital literacy`,
        content: `## Section\n\n${'Students build apps for their communities with mentors. '.repeat(80)}\n\n\`\`\`js\nconsole.log(${i});\n\`\`\``,
        tags: [['Digital Literacy'], ['Youth Leadership'], ['Educational Innovation']][i % 3],
        published: i % 10 !== 0,
      }),
    });
    if (!response.ok) throw new Error(`seeding failed: ${response.status}`);
    slug = ((await response.json()) as { slug: string }).slug;
  }
  console.log(`Seeded ${postCount} posts through the API in ${Math.round(performance.now() - started)} ms\n`);

  const targets = [
    ['home page', '/'],
    ['blog page', '/blog'],
    ['post page', `/blog/${slug}`],
    ['API list (published)', '/api/blog-posts?published=true'],
    ['API search', '/api/blog-posts?search=mentors'],
    ['API post by slug', `/api/blog-posts/${slug}`],
  ] as const;
  console.log(
    'target'.padEnd(24),
    'req/s'.padStart(8),
    'p50 ms'.padStart(8),
    'p95 ms'.padStart(8),
    'p99 ms'.padStart(8),
    'KB'.padStart(8),
  );
  for (const [name, path] of targets) {
    const latencies: number[] = [];
    let bytes = 0;
    const deadline = performance.now() + seconds * 1000;
    // Closed loop: each worker sends its next request when the previous one is answered.
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (performance.now() < deadline) {
          const t0 = performance.now();
          const response = await fetch(`${server.origin}${path}`, {
            headers: { 'accept-encoding': 'gzip', 'user-agent': 'folio-bench' },
          });
          bytes = (await response.arrayBuffer()).byteLength;
          if (!response.ok) throw new Error(`${path} answered ${response.status}`);
          latencies.push(performance.now() - t0);
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(1);
    console.log(
      name.padEnd(24),
      (latencies.length / seconds).toFixed(0).padStart(8),
      at(0.5).padStart(8),
      at(0.95).padStart(8),
      at(0.99).padStart(8),
      (bytes / 1024).toFixed(1).padStart(8),
    );
  }
} finally {
  server.stop();
}
