import { Readable } from 'node:stream';
import yauzl, { type Entry } from 'yauzl';
import { ZipFile } from 'yazl';

/**
 * Zip files for import tests, built in code: honest ones (yazl), and hostile ones that no zip
 * library will write (names climbing out of the target, entries lying about their size), made by
 * patching the bytes of an honest one.
 */

export interface ZipSource {
  name: string;
  data: Buffer | string;
  /** Deflate the entry (yazl's default); false stores it as it is. */
  compress?: boolean;
}

/** Collects a stream into one buffer. */
export async function bytesOf(stream: NodeJS.ReadableStream | AsyncIterable<Buffer | string>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer | string>) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

const MTIME = new Date('2024-01-01T00:00:00Z');

/** A zip holding `files`, in that order. */
export function zipOf(files: ZipSource[]): Promise<Buffer> {
  const zip = new ZipFile();
  for (const file of files) {
    zip.addBuffer(Buffer.from(file.data), file.name, { mtime: MTIME, compress: file.compress ?? true });
  }
  zip.end();
  return bytesOf(zip.outputStream);
}

export interface ZipContent {
  name: string;
  data: Buffer;
}

/** The files of a zip, in the order of its central directory. */
export function unzip(zipBytes: Buffer): Promise<ZipContent[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zipBytes, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const files: ZipContent[] = [];
      zip.on('error', reject);
      zip.on('end', () => resolve(files));
      zip.on('entry', (entry: Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          bytesOf(stream).then((data) => {
            files.push({ name: entry.fileName, data });
            zip.readEntry();
          }, reject);
        });
      });
      zip.readEntry();
    });
  });
}

/**
 * The same zip with its files changed: `edit` returns new bytes for a file, null to leave it out,
 * or undefined to keep it; `extra` files are added at the end.
 */
export async function editZip(
  zipBytes: Buffer,
  edit: (file: ZipContent) => Buffer | string | null | undefined,
  extra: ZipSource[] = [],
): Promise<Buffer> {
  const files: ZipSource[] = [];
  for (const file of await unzip(zipBytes)) {
    const changed = edit(file);
    if (changed === null) continue;
    files.push({ name: file.name, data: changed ?? file.data });
  }
  return zipOf([...files, ...extra]);
}

/**
 * Renames an entry in place, in its local header and in the central directory, to a name of the
 * same length that zip libraries refuse to write (`../evil.md`, `/etc/x`). Nothing else changes:
 * readers check names before anything else.
 */
export function renameEntry(zipBytes: Buffer, from: string, to: string): Buffer {
  if (Buffer.byteLength(from) !== Buffer.byteLength(to)) throw new Error('renameEntry: names must have the same length');
  const patched = Buffer.from(zipBytes);
  const needle = Buffer.from(from);
  let found = 0;
  for (let at = patched.indexOf(needle); at !== -1; at = patched.indexOf(needle, at + needle.length)) {
    Buffer.from(to).copy(patched, at);
    found += 1;
  }
  // Once in the local header and once in the central directory.
  if (found < 2) throw new Error(`renameEntry: ${from} found ${found} time(s)`);
  return patched;
}

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;

/**
 * Makes the entry `name` declare `uncompressed` bytes (and, if given, `compressed` bytes) in its
 * local header and in the central directory, while its data stays what it is: an entry that lies
 * about how far it expands.
 */
export function declareSize(zipBytes: Buffer, name: string, uncompressed: number, compressed?: number): Buffer {
  const patched = Buffer.from(zipBytes);
  const nameBytes = Buffer.from(name);
  let found = 0;
  for (let at = 0; at + 46 <= patched.length; at++) {
    const signature = patched.readUInt32LE(at);
    if (signature === LOCAL_HEADER) {
      const nameLength = patched.readUInt16LE(at + 26);
      if (patched.subarray(at + 30, at + 30 + nameLength).equals(nameBytes)) {
        if (compressed !== undefined) patched.writeUInt32LE(compressed, at + 18);
        patched.writeUInt32LE(uncompressed, at + 22);
        found += 1;
      }
    } else if (signature === CENTRAL_HEADER) {
      const nameLength = patched.readUInt16LE(at + 28);
      if (patched.subarray(at + 46, at + 46 + nameLength).equals(nameBytes)) {
        if (compressed !== undefined) patched.writeUInt32LE(compressed, at + 20);
        patched.writeUInt32LE(uncompressed, at + 24);
        found += 1;
      }
    }
  }
  if (found === 0) throw new Error(`declareSize: no entry ${name}`);
  return patched;
}

/** `megabytes` of zeros, a megabyte at a time (never whole in memory). */
function zeros(megabytes: number): Readable {
  const chunk = Buffer.alloc(1024 * 1024);
  return Readable.from(
    (function* () {
      for (let i = 0; i < megabytes; i++) yield chunk;
    })(),
  );
}

/**
 * A zip bomb: `name` expands to `megabytes` MB of zeros from a few dozen KB (about 1000x), after
 * the `before` files.
 */
export function zipBomb(name: string, megabytes = 50, before: ZipSource[] = []): Promise<Buffer> {
  const zip = new ZipFile();
  for (const file of before) zip.addBuffer(Buffer.from(file.data), file.name, { mtime: MTIME });
  zip.addReadStream(zeros(megabytes), name, { mtime: MTIME });
  zip.end();
  return bytesOf(zip.outputStream);
}

/**
 * A "billion laughs" document shaped like a WordPress export: ten levels of entities, each ten of
 * the one before (10^9 "lol" if expanded).
 */
export function billionLaughsXml(): string {
  const entities = ['<!ENTITY lol0 "lol">'];
  for (let level = 1; level <= 9; level++) {
    entities.push(`<!ENTITY lol${level} "${`&lol${level - 1};`.repeat(10)}">`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE rss [
  ${entities.join('\n  ')}
]>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel>
  <title>Laughs</title>
  <wp:wxr_version>1.2</wp:wxr_version>
  <item>
    <title>&lol9;</title>
    <content:encoded><![CDATA[<p>lol</p>]]></content:encoded>
    <wp:post_id>1</wp:post_id>
    <wp:post_type>post</wp:post_type>
    <wp:status>publish</wp:status>
  </item>
</channel>
</rss>
`;
}
