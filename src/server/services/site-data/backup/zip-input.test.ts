import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ZipFile } from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesOf, declareSize, renameEntry, zipBomb, zipOf } from '../../../../../tests/support/zip-fixtures.ts';
import { ZipInput, ZIP_LIMITS } from './zip-input.ts';

let scratch: string;
beforeAll(() => {
  scratch = mkdtempSync(path.join(tmpdir(), 'folio-zip-input-test-'));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let written = 0;
function onDisk(bytes: Buffer): string {
  const file = path.join(scratch, `${++written}.zip`);
  writeFileSync(file, bytes);
  return file;
}

/** Opens `bytes` as a ZipInput, runs `use`, closes it. */
async function withZip<T>(bytes: Buffer, use: (zip: ZipInput) => Promise<T>): Promise<T> {
  const zip = await ZipInput.open(onDisk(bytes));
  try {
    return await use(zip);
  } finally {
    zip.close();
  }
}

/** How opening (and then reading every entry of) `bytes` fails: status and message. */
async function refusal(bytes: Buffer) {
  try {
    await withZip(bytes, async (zip) => {
      for (const entry of zip.entries) await zip.buffer(entry, 100 * 1024 * 1024);
    });
  } catch (error) {
    return { statusCode: (error as { statusCode?: number }).statusCode, message: (error as Error).message };
  }
  throw new Error('expected the zip to be refused');
}

describe('ZipInput', () => {
  it('lists the files (not the folders) and reads them whole or a line at a time', async () => {
    const zip = new ZipFile();
    zip.addEmptyDirectory('posts/');
    zip.addBuffer(Buffer.from('---\ntitle: Hi\n---\nBody'), 'posts/hi.md');
    zip.addBuffer(Buffer.from('[\r\n{"a":1},\r\n{"a":2}\r\n]\r\n'), 'items.json');
    zip.end();
    await withZip(await bytesOf(zip.outputStream), async (input) => {
      expect(input.entries.map((entry) => [entry.name, entry.size])).toEqual([
        ['posts/hi.md', 22],
        ['items.json', 25],
      ]);
      expect(await input.text(input.find('posts/hi.md')!, 1000)).toBe('---\ntitle: Hi\n---\nBody');
      const lines: string[] = [];
      for await (const line of input.lines(input.find('items.json')!)) lines.push(line);
      expect(lines).toEqual(['[', '{"a":1},', '{"a":2}', ']']);
      expect(input.find('missing.json')).toBeUndefined();
    });
  });

  it('refuses names that climb out of the folder, are absolute, or use backslashes, naming them', async () => {
    const honest = await zipOf([
      { name: 'xx/evil.md', data: 'a' },
      { name: '_etc/passwd', data: 'b' },
      { name: 'dir_x.md', data: 'c' },
    ]);
    expect(await refusal(renameEntry(honest, 'xx/evil.md', '../evil.md'))).toEqual({
      statusCode: 400,
      message: expect.stringMatching(/^The file is not a readable zip: .*\.\.\/evil\.md/),
    });
    expect(await refusal(renameEntry(honest, '_etc/passwd', '/etc/passwd'))).toEqual({
      statusCode: 400,
      message: expect.stringMatching(/^The file is not a readable zip: .*\/etc\/passwd/),
    });
    expect(await refusal(renameEntry(honest, 'dir_x.md', 'dir\\x.md'))).toEqual({
      statusCode: 400,
      message: expect.stringMatching(/^The file is not a readable zip: .*dir\\x\.md/),
    });
  });

  it('refuses a zip bomb when it opens, before expanding anything', async () => {
    const bomb = await zipBomb('zeros.bin', 20);
    await expect(ZipInput.open(onDisk(bomb))).rejects.toMatchObject({
      statusCode: 400,
      message: `zeros.bin expands ${ZIP_LIMITS.ratio}x or more: refused as a zip bomb`,
    });
  });

  it('takes small files that compress very well (under the 1 MB floor of the ratio rule)', async () => {
    const zeros = await zipOf([{ name: 'blank.md', data: Buffer.alloc(900 * 1024, 0x20) }]);
    await withZip(zeros, async (input) => {
      expect((await input.buffer(input.entries[0]!, 1024 * 1024)).length).toBe(900 * 1024);
    });
  });

  it('refuses an entry that expands beyond the size it declares, while reading it', async () => {
    const liar = declareSize(await zipBomb('liar.md', 2), 'liar.md', 1000);
    await withZip(liar, async (input) => {
      expect(input.entries[0]?.size).toBe(1000);
      await expect(input.buffer(input.entries[0]!, 10_000)).rejects.toMatchObject({
        statusCode: 400,
        message: expect.stringMatching(/^The file is not a readable zip: too many bytes in the stream/),
      });
    });
  });

  it('refuses an entry larger than the caller takes (413) without reading it', async () => {
    await withZip(await zipOf([{ name: 'big.md', data: Buffer.alloc(3 * 1024 * 1024, 'a'), compress: false }]), async (input) => {
      await expect(input.buffer(input.entries[0]!, 2 * 1024 * 1024)).rejects.toMatchObject({
        statusCode: 413,
        message: 'big.md is larger than 2 MB',
      });
    });
  });

  it('refuses entries that together declare more than 4 GB', async () => {
    let zip = await zipOf([
      { name: 'a.bin', data: 'a' },
      { name: 'b.bin', data: 'b' },
    ]);
    // Each under the ratio (2.5 GB from 20 MB), together over the total.
    zip = declareSize(zip, 'a.bin', 2_500_000_000, 20_000_000);
    zip = declareSize(zip, 'b.bin', 2_500_000_000, 20_000_000);
    await expect(ZipInput.open(onDisk(zip))).rejects.toMatchObject({
      statusCode: 400,
      message: 'The zip expands to more than 4 GB: refused',
    });
  });

  it('finds a line over the cap as fast as it reads short lines (a 2 GB line once took 52 s to refuse)', async () => {
    // 24 MB without a newline, and the same bytes cut into 100-byte lines. Each byte is to be looked
    // at once: the line was searched for its newline from its start again with every chunk.
    const long = randomBytes(18 * 1024 * 1024).toString('base64');
    const short = long.replace(/.{99}/g, '$&\n');
    const zip = await zipOf([
      { name: 'long.json', data: long, compress: false },
      { name: 'short.json', data: short, compress: false },
    ]);
    await withZip(zip, async (input) => {
      let start = performance.now();
      let lines = 0;
      for await (const line of input.lines(input.find('short.json')!)) lines += line.length > 0 ? 1 : 0;
      const shortMs = performance.now() - start;
      expect(lines).toBe(Math.ceil(long.length / 99));
      start = performance.now();
      await expect(
        (async () => {
          for await (const line of input.lines(input.find('long.json')!)) void line;
        })(),
      ).rejects.toMatchObject({ statusCode: 413, message: 'long.json has a line longer than 16 MB' });
      expect(performance.now() - start).toBeLessThan(shortMs * 10);
    });
  });

  it('refuses a truncated zip and a file that is no zip at all', async () => {
    const whole = await zipOf([{ name: 'a.md', data: 'x'.repeat(5000) }]);
    expect(await refusal(whole.subarray(0, whole.length - 30))).toEqual({
      statusCode: 400,
      message: expect.stringMatching(/^The file is not a readable zip: /),
    });
    expect(await refusal(Buffer.from('PK but no zip at all'))).toEqual({
      statusCode: 400,
      message: expect.stringMatching(/^The file is not a readable zip: /),
    });
  });
});
