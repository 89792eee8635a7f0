// `npm run lighthouse [-- --assert] [--runs N] [--url http://host:port]`: Lighthouse mobile scores
// of the public routes, and what a first visit transfers. Bars: >= 95 in every category, and at most
// 50 KB on the wire before images on every route (DESIGN.md "readers on metered data": document,
// styles, scripts and fonts, compressed, headers included, as the browser counted them).
// With --assert, a missed bar exits 1.
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
const FIRST_VISIT_BAR_KB = 50;
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

interface NetworkRequest {
  resourceType?: string;
  transferSize?: number;
}

/** What the browser transferred for the page during Lighthouse's load, images left out, in KB. */
function firstVisitKb(lhr: { audits: Record<string, { details?: unknown } | undefined> }): number {
  const items = (lhr.audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined)?.items ?? [];
  return items.filter((item) => item.resourceType !== 'Image').reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024;
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
  // Eight posts seeded: /blog has a second page.
  const routes = ['/', '/cv', '/blog', ...(slug ? ['/blog?page=2', `/blog/${slug}`] : [])];
  console.log(`Lighthouse ${runs} run(s) per route, mobile, against ${origin}\n`);
  console.log('route'.padEnd(44), 'perf  a11y  best  seo   LCP ms  TBT ms  CLS    first visit KB');
  const problems = new Set<string>();
  for (const route of routes) {
    const scores: Record<string, number[]> = Object.fromEntries(CATEGORIES.map((c) => [c, []]));
    const lcp: number[] = [];
    const tbt: number[] = [];
    const weight: number[] = [];
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
      weight.push(firstVisitKb(lhr));
      for (const category of CATEGORIES) {
        for (const ref of lhr.categories[category]?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1)
            problems.add(`${route} ${category}: ${audit.id} (${audit.title})`);
        }
      }
    }
    const firstVisit = median(weight);
    const row = CATEGORIES.map((c) => String(median(scores[c]!)).padEnd(5)).join(' ');
    console.log(
      route.padEnd(44),
      row,
      String(Math.round(median(lcp))).padEnd(7),
      String(Math.round(median(tbt))).padEnd(7),
      median(cls).toFixed(3).padEnd(6),
      firstVisit.toFixed(1),
    );
    for (const category of CATEGORIES) {
      if (median(scores[category]!) < SCORE_BAR) {
        failed = true;
        console.log(`  FAIL ${category} below ${SCORE_BAR}`);
      }
    }
    if (firstVisit > FIRST_VISIT_BAR_KB) {
      failed = true;
      console.log(`  FAIL first visit ${firstVisit.toFixed(1)} KB > ${FIRST_VISIT_BAR_KB} KB before images`);
    }
  }
  if (problems.size) console.log(`\nAudits that cost points:\n  ${[...problems].join('\n  ')}`);
  console.log(
    failed
      ? '\nSome bars were missed.'
      : `\nPASS: every score >= ${SCORE_BAR}, every first visit <= ${FIRST_VISIT_BAR_KB} KB before images.`,
  );
} finally {
  stopAll();
}
if (failed && values.assert) process.exit(1);
