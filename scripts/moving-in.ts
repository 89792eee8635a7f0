// `node scripts/moving-in.ts`: issue 22's fixtures (src/server/services/site-data/imports/__fixtures__/
// moving-in.ts) imported one after the other into the production server on a fresh data directory,
// their images served by an "old site" on loopback (allowed through IMPORT_ALLOW_HOSTS). Prints, per
// fixture, what went in, what came out and the import's own report, post by post, as markdown
// tables: the closing note's table per fixture is this output.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { SiteImportResult } from '../src/shared/backup.ts';
import {
  ghostSite,
  IMAGES,
  markdownSite,
  wordpressOldSite,
  wordpressSite,
} from '../src/server/services/site-data/imports/__fixtures__/moving-in.ts';
import { zipOf } from '../tests/support/zip-fixtures.ts';
import { adminSession, ensureBuilt, MEASURE_ADMIN_PASSWORD } from './lib/site-server.ts';
import { startServer } from './lib/startup.ts';

ensureBuilt();

const png = (color: string) =>
  sharp({ create: { width: 24, height: 16, channels: 3, background: color } })
    .png()
    .toBuffer();
const served = new Map(await Promise.all(Object.entries(IMAGES).map(async ([at, color]) => [at, await png(color)] as const)));
const oldSite = createServer((request, response) => {
  // A Ghost site in a folder keeps its images under it.
  const image = served.get((request.url ?? '').replace(/^\/journal(?=\/content\/)/, ''));
  if (image) response.writeHead(200, { 'content-type': 'image/png' }).end(image);
  else response.writeHead(404).end();
});
await new Promise<void>((resolve) => oldSite.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(oldSite.address() as AddressInfo).port}`;

const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;
const wordpress = wordpressSite(origin);
const old = wordpressOldSite(origin);
const ghost = ghostSite();
const zip = await zipOf(
  await Promise.all(markdownSite.map(async (file) => ({ name: file.path, data: file.png ? await png(file.png) : file.text! }))),
);

const fixtures: Array<{ name: string; went: string; body: string | Buffer; type: string; query?: string }> = [
  {
    name: 'WordPress 1.2, block editor (wordpressSite)',
    went: `${count(wordpress, /<wp:post_type>(?:post|page)</g)} posts and pages, ${count(wordpress, /<wp:post_type>attachment</g)} attachments, ${count(wordpress, /<wp:comment>/g)} comments, ${count(wordpress, /domain="post_tag"/g)} tags`,
    body: wordpress,
    type: 'application/xml',
  },
  {
    name: 'WordPress 1.0 (wordpressOldSite)',
    went: `${count(old, /<item>/g)} post, ${count(old, /domain="tag"/g)} tag lines (2 tags, each twice) and 1 category`,
    body: old,
    type: 'application/xml',
  },
  {
    name: 'Ghost 5, with the old site’s address (ghostSite, ?from=)',
    went: '1 post with a table, 1 Ghost image and a Ghost cover; published_at, updated_at and created_at differ',
    body: ghost,
    type: 'application/json',
    query: `?from=${encodeURIComponent(`${origin}/journal/`)}`,
  },
  {
    name: 'Zip of Hugo and Jekyll files (markdownSite)',
    went: `${markdownSite.filter((file) => file.text).length} markdown files, ${markdownSite.filter((file) => file.png).length} images`,
    body: zip,
    type: 'application/zip',
  },
];

const counted = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const cell = (lines: string[]) => (lines.length > 0 ? lines.join('; ') : '-').replace(/\|/g, '\\|');

const dataDir = mkdtempSync(path.join(tmpdir(), 'folio-moving-in-'));
const server = await startServer({
  dataDir,
  entry: 'main',
  env: { ADMIN_PASSWORD: MEASURE_ADMIN_PASSWORD, IMPORT_ALLOW_HOSTS: '127.0.0.1' },
});
try {
  const cookie = await adminSession(server.origin, MEASURE_ADMIN_PASSWORD);
  for (const fixture of fixtures) {
    const response = await fetch(`${server.origin}/api/admin/import${fixture.query ?? ''}`, {
      method: 'POST',
      headers: { cookie, 'content-type': fixture.type },
      body: typeof fixture.body === 'string' ? fixture.body : new Uint8Array(fixture.body),
    });
    if (!response.ok) throw new Error(`${fixture.name}: import answered ${response.status}: ${await response.text()}`);
    const result = (await response.json()) as SiteImportResult;
    console.log(`\n### ${fixture.name}\n`);
    console.log(`- in: ${fixture.went}`);
    console.log(
      `- out: ${counted(result.posts, 'post')}, ${counted(result.comments, 'comment')}, ${counted(result.uploads, 'upload')}, ${counted(result.oldAddresses ?? 0, 'old address', 'old addresses')}; ${result.skipped} skipped`,
    );
    console.log('\n| post | outcome | converted | left as it was |\n| --- | --- | --- | --- |');
    for (const entry of result.report ?? []) {
      console.log(
        `| ${entry.title} (/blog/${entry.slug}${entry.published ? '' : ', draft'}) | ${entry.outcome} | ${cell(entry.converted)} | ${cell(entry.kept)} |`,
      );
    }
    console.log(`\nwarnings (${result.warnings.length}):`);
    for (const warning of result.warnings) console.log(`- ${warning.replaceAll(origin, '<old site>')}`);
  }
} finally {
  await server.stop();
  oldSite.close();
  rmSync(dataDir, { recursive: true, force: true });
}
