// `node scripts/measure-restore.ts [--lines 10000,100000] [--same] [--posts 1]`: how the time of a
// backup restore grows with the number of comment lines (issue 19: 3,000 lines took 11 s and
// 20,000 took 188 s, quadratic). For each count, a backup of --posts posts and that many comments
// (distinct ones, or with --same copies of one line) is restored into a fresh embedded database as
// the import does (from a zip on disk, in one transaction); prints the time, the cost per line,
// and how far the resident size rose above what it was just before (sampled every 20 ms).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { LocalStorage } from '../src/server/adapters/storage.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { restoreBackup, STREAMED_FILES } from '../src/server/services/site-data/backup/restore.ts';
import { ZipInput } from '../src/server/services/site-data/backup/zip-input.ts';
import { stringifyFrontMatter } from '../src/server/services/site-data/imports/front-matter.ts';
import { zipOf } from '../tests/support/zip-fixtures.ts';

const { values } = parseArgs({
  options: {
    lines: { type: 'string', default: '10000,100000' },
    same: { type: 'boolean', default: false },
    posts: { type: 'string', default: '1' },
  },
});
const counts = values.lines.split(',').map(Number);
if (counts.some((count) => !(count >= 0))) throw new Error('--lines is a comma-separated list of numbers');
const postCount = Number(values.posts);
if (!(postCount >= 1)) throw new Error('--posts is a positive number');

const POST_ID = '11111111-1111-4111-8111-111111111111';
const TIME = '2024-05-01T10:00:00.000Z';

async function backupOf(lines: number): Promise<Buffer> {
  const manifest = {
    format: 'folio-backup',
    version: 1,
    exportedAt: TIME,
    counts: { posts: postCount, comments: lines, messages: 0, revisions: 0, uploads: 0 },
  };
  // The first post carries the comments; the others are posts of their own (a few paragraphs each).
  const posts = Array.from({ length: postCount }, (_, n) => ({
    name: `posts/measured-${n}.md`,
    data: stringifyFrontMatter(
      {
        id: n === 0 ? POST_ID : `22222222-2222-4222-8222-${n.toString(16).padStart(12, '0')}`,
        title: `Measured ${n}`,
        slug: `measured-${n}`,
        excerpt: null,
        tags: ['Measured'],
        published: true,
        publishAt: null,
        createdAt: TIME,
        updatedAt: TIME,
        featuredImage: null,
        metadata: { readTime: 1 },
      },
      `Post ${n}.\n\n${'A paragraph of the post, as authors write them. '.repeat(40)}\n`.repeat(3),
    ),
  }));
  const items = Array.from({ length: lines }, (_, n) =>
    JSON.stringify({
      id: `00000000-0000-4000-8000-${(values.same ? 7 : n).toString(16).padStart(12, '0')}`,
      postId: POST_ID,
      author: 'A reader',
      email: 'reader@example.com',
      content: `Comment ${values.same ? 7 : n}`,
      status: 'published',
      createdAt: TIME,
    }),
  );
  return zipOf([
    { name: 'manifest.json', data: JSON.stringify(manifest) },
    ...posts,
    { name: 'comments.json', data: `[\n${items.join(',\n')}\n]\n` },
  ]);
}

const scratch = mkdtempSync(path.join(tmpdir(), 'folio-measure-restore-'));
try {
  for (const lines of counts) {
    const file = path.join(scratch, `${lines}.zip`);
    writeFileSync(file, await backupOf(lines));
    const database = await openDatabase({ pglite: new PGlite() });
    await database.migrate();
    const zip = await ZipInput.open(file, { streamed: STREAMED_FILES });
    const rest = process.memoryUsage().rss;
    let peak = rest;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const start = performance.now();
    try {
      const result = await database.db.transaction((tx) => restoreBackup(tx, new LocalStorage(scratch), zip));
      const ms = performance.now() - start;
      console.log(
        `${lines.toLocaleString('en-US').padStart(9)} lines: ${(ms / 1000).toFixed(1).padStart(6)} s, ` +
          (lines > 0 ? `${((ms * 1000) / lines).toFixed(1).padStart(6)} µs per line, ` : '') +
          `${result.posts} posts and ${result.comments} comments restored, ` +
          `resident size +${((peak - rest) / 1048576).toFixed(0)} MB (from ${(rest / 1048576).toFixed(0)} MB)`,
      );
    } finally {
      clearInterval(sampler);
      zip.close();
      await database.close();
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
