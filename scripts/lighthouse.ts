// `npm run lighthouse [-- --assert] [--runs N] [--url http://host:port]`: Lighthouse mobile scores
// of the public routes, and the JavaScript a first visit downloads. Bars: >= 95 in every category,
// <= 80 KB gzip of JavaScript on a post page (the issue-12 budget). With --assert, a missed bar exits 1.
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { adminSession, startSiteServer } from './lib/site-server.ts';

const { values } = parseArgs({
  options: { assert: { type: 'boolean' }, runs: { type: 'string', default: '1' }, url: { type: 'string' } },
});
const runs = Math.max(1, Number(values.runs) || 1);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const SCORE_BAR = 95;
const POST_JS_BAR_KB = 80;
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const POST_BODY = `## Why clubs work

Clubs give students the freedom to fail in front of friends and try again. Every week they
build something small and show it.

| Week | Project | Students |
|---|---|---|
| 1 | A personal web page | 24 |
| 2 | A quiz game | 22 |

\`\`\`js
const greet = (name) => \`Hello, \${name}!\`;
console.log(greet('Kampala'));
\`\`\`

- Laptops shared in pairs
- Mentors from local companies
- [The annual report](https://example.org/report)
`;

async function seed(origin: string, password: string): Promise<string> {
  const cookie = await adminSession(origin, password);
  const tags = [
    ['Educational Innovation'],
    ['Digital Literacy'],
    ['Youth Leadership'],
    ['Future Leaders'],
    ['Technology Creation'],
    ['African Youth Empowerment'],
  ];
  let slug = '';
  for (let i = 0; i < 8; i++) {
    const response = await fetch(`${origin}/api/blog-posts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        title: `Coding clubs in Kampala, part ${i + 1}`,
        content: `${POST_BODY}\n${'Students learn by building. '.repeat(60)}`,
        excerpt: 'How after-school coding clubs grow the next generation of builders, one laptop at a time.',
        tags: tags[i % tags.length],
        published: true,
        metadata: { author: 'Amara Nakato' },
      }),
    });
    if (!response.ok) throw new Error(`seeding failed: ${response.status} ${await response.text()}`);
    slug = ((await response.json()) as { slug: string }).slug;
  }
  return slug;
}

/** JavaScript a first visit loads: the page's scripts and module preloads, as the server sends them. */
async function scriptWeight(url: string): Promise<{ gzipKb: number; rawKb: number }> {
  const html = await (await fetch(url)).text();
  const sources = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)].map(
    (m) => m[1]!,
  );
  let gzip = 0;
  let raw = 0;
  for (const source of new Set(sources)) {
    const response = await fetch(new URL(source, url), { headers: { 'accept-encoding': 'gzip' } });
    const body = Buffer.from(await response.arrayBuffer());
    raw += body.length;
    gzip += Number(response.headers.get('content-length') ?? 0) || (await import('node:zlib')).gzipSync(body).length;
  }
  return { gzipKb: gzip / 1024, rawKb: raw / 1024 };
}

const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)]!;

const server = values.url ? undefined : await startSiteServer();
const origin = values.url ?? server!.origin;
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
  ],
});
const stopAll = () => {
  void chrome.kill();
  server?.stop();
};
process.once('SIGINT', () => {
  stopAll();
  process.exit(130);
});

let failed = false;
try {
  const slug = server ? await seed(origin, server.password) : undefined;
  const routes = ['/', '/cv', '/blog', ...(slug ? [`/blog/${slug}`] : [])];
  console.log(`Lighthouse ${runs} run(s) per route, mobile, against ${origin}\n`);
  console.log('route'.padEnd(44), 'perf  a11y  best  seo   LCP ms  TBT ms  CLS    JS gzip KB');
  const problems = new Set<string>();
  for (const route of routes) {
    const scores: Record<string, number[]> = Object.fromEntries(CATEGORIES.map((c) => [c, []]));
    const lcp: number[] = [];
    const tbt: number[] = [];
    const cls: number[] = [];
    for (let run = 0; run < runs; run++) {
      const result = await lighthouse(`${origin}${route}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      });
      const lhr = result!.lhr;
      for (const category of CATEGORIES) scores[category]!.push(Math.round((lhr.categories[category]?.score ?? 0) * 100));
      lcp.push(lhr.audits['largest-contentful-paint']?.numericValue ?? 0);
      tbt.push(lhr.audits['total-blocking-time']?.numericValue ?? 0);
      cls.push(lhr.audits['cumulative-layout-shift']?.numericValue ?? 0);
      for (const category of CATEGORIES) {
        for (const ref of lhr.categories[category]?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1)
            problems.add(`${route} ${category}: ${audit.id} (${audit.title})`);
        }
      }
    }
    const js = await scriptWeight(`${origin}${route}`);
    const row = CATEGORIES.map((c) => String(median(scores[c]!)).padEnd(5)).join(' ');
    console.log(
      route.padEnd(44),
      row,
      String(Math.round(median(lcp))).padEnd(7),
      String(Math.round(median(tbt))).padEnd(7),
      median(cls).toFixed(3).padEnd(6),
      js.gzipKb.toFixed(1),
    );
    for (const category of CATEGORIES) {
      if (median(scores[category]!) < SCORE_BAR) {
        failed = true;
        console.log(`  FAIL ${category} below ${SCORE_BAR}`);
      }
    }
    if (route.startsWith('/blog/') && js.gzipKb > POST_JS_BAR_KB) {
      failed = true;
      console.log(`  FAIL JavaScript ${js.gzipKb.toFixed(1)} KB gzip > ${POST_JS_BAR_KB} KB on a post page`);
    }
  }
  if (problems.size) console.log(`\nAudits that cost points:\n  ${[...problems].join('\n  ')}`);
  console.log(
    failed
      ? '\nSome bars were missed.'
      : `\nPASS: every score >= ${SCORE_BAR}, post page JavaScript <= ${POST_JS_BAR_KB} KB gzip.`,
  );
} finally {
  stopAll();
}
if (failed && values.assert) process.exit(1);
