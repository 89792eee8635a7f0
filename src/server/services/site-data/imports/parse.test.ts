import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseInWorker } from './parse.ts';
import { parseWordPress } from './wordpress.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'folio-parse-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const fixture = (name: string) => path.join(import.meta.dirname, '__fixtures__', name);

describe('parseInWorker', () => {
  it('parses an export in its own thread to the same posts as in this one', async () => {
    const parsed = await parseInWorker({ kind: 'wordpress', file: fixture('wordpress-export.xml') });
    expect(parsed).toEqual(parseWordPress(readFileSync(fixture('wordpress-export.xml'), 'utf8')));
    expect(parsed.posts.length).toBeGreaterThan(0);
    expect(parsed.posts[0]!.createdAt).toBeInstanceOf(Date);
  });

  it('answers 413 when an export needs more memory than its thread may take, and the server goes on', async () => {
    const items = Array.from(
      { length: 4000 },
      (_, i) => `<item><title>Post ${i}</title><guid>g-${i}</guid><wp:post_type>post</wp:post_type>
<wp:status>publish</wp:status><content:encoded><![CDATA[<p>${'Words of a long post. '.repeat(400)}</p>]]></content:encoded></item>`,
    );
    const file = path.join(dir, 'large.xml');
    writeFileSync(
      file,
      `<?xml version="1.0"?><rss xmlns:wp="http://wordpress.org/export/1.2/" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel>${items.join('')}</channel></rss>`,
    );
    await expect(
      parseInWorker({ kind: 'wordpress', file }, { timeoutMs: 60_000, maxOldGenerationSizeMb: 16 }),
    ).rejects.toMatchObject({
      statusCode: 413,
      message: expect.stringContaining('more than 16 MB of memory'),
    });
  });

  it('passes a refusal through as its HTTP error', async () => {
    const file = path.join(dir, 'not-json.json');
    writeFileSync(file, '{ not json');
    await expect(parseInWorker({ kind: 'ghost', file })).rejects.toMatchObject({
      statusCode: 400,
      message: 'The file is not valid JSON',
    });
  });
});
