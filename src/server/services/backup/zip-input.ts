import { StringDecoder } from 'node:string_decoder';
import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { ImportFormatError } from '../imports/types.ts';

/** What an uploaded zip may hold before it is refused as hostile or absurd (400). */
export const ZIP_LIMITS = {
  entries: 100_000,
  /** All entries together, uncompressed. */
  totalBytes: 4 * 1024 * 1024 * 1024,
  /** Beyond this an entry must not expand more than `ratio` times: a zip bomb otherwise. */
  ratioFloorBytes: 1024 * 1024,
  ratio: 200,
  /** The longest line of an entry read line by line (a revision of the longest post fits). */
  lineBytes: 16 * 1024 * 1024,
} as const;

export interface ZipEntry {
  name: string;
  size: number;
  entry: Entry;
}

/**
 * A zip on disk, read through its central directory (yauzl): names checked (no absolute path, no
 * `..`, no backslash), sizes and ratios checked before anything is expanded, and each entry's
 * real size held to the one it declares while it is read.
 */
export class ZipInput {
  readonly entries: ZipEntry[];
  private readonly zip: ZipFile;
  private constructor(zip: ZipFile, entries: ZipEntry[]) {
    this.zip = zip;
    this.entries = entries;
  }

  /**
   * `streamed`: entries only ever read line by line (`lines`), which hold one short line at a
   * time whatever they expand to, so the ratio rule does not apply to them (a post's revisions
   * compress far beyond it); the total does.
   */
  static async open(file: string, { streamed = [] as readonly string[] } = {}): Promise<ZipInput> {
    const zip = await new Promise<ZipFile>((resolve, reject) =>
      yauzl.open(
        file,
        { lazyEntries: true, autoClose: false, strictFileNames: true, validateEntrySizes: true, decodeStrings: true },
        (error, opened) => (error ? reject(notAZip(error)) : resolve(opened)),
      ),
    );
    try {
      const entries = await new Promise<ZipEntry[]>((resolve, reject) => {
        const found: ZipEntry[] = [];
        let total = 0;
        zip.on('error', (error: Error) => reject(notAZip(error)));
        zip.on('end', () => resolve(found));
        zip.on('entry', (entry: Entry) => {
          if (found.length >= ZIP_LIMITS.entries)
            return reject(new ImportFormatError(`The zip holds more than ${ZIP_LIMITS.entries} files`, 400));
          const size = entry.uncompressedSize;
          total += size;
          if (total > ZIP_LIMITS.totalBytes)
            return reject(new ImportFormatError('The zip expands to more than 4 GB: refused', 400));
          if (
            !streamed.includes(entry.fileName) &&
            size > ZIP_LIMITS.ratioFloorBytes &&
            size > entry.compressedSize * ZIP_LIMITS.ratio
          )
            return reject(
              new ImportFormatError(`${entry.fileName} expands ${ZIP_LIMITS.ratio}x or more: refused as a zip bomb`, 400),
            );
          if (!entry.fileName.endsWith('/')) found.push({ name: entry.fileName, size, entry });
          zip.readEntry();
        });
        zip.readEntry();
      });
      return new ZipInput(zip, entries);
    } catch (error) {
      zip.close();
      throw error;
    }
  }

  find(name: string): ZipEntry | undefined {
    return this.entries.find((entry) => entry.name === name);
  }

  stream(entry: ZipEntry): Promise<Readable> {
    return new Promise((resolve, reject) =>
      this.zip.openReadStream(entry.entry, (error, stream) => (error ? reject(notAZip(error)) : resolve(stream))),
    );
  }

  /** The entry's bytes; refused (413) beyond `maxBytes`. */
  async buffer(entry: ZipEntry, maxBytes: number): Promise<Buffer> {
    if (entry.size > maxBytes)
      throw new ImportFormatError(`${entry.name} is larger than ${Math.round(maxBytes / 1048576)} MB`, 413);
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of await this.stream(entry)) chunks.push(chunk as Buffer);
    } catch (error) {
      throw notAZip(error as Error);
    }
    return Buffer.concat(chunks);
  }

  async text(entry: ZipEntry, maxBytes: number): Promise<string> {
    return (await this.buffer(entry, maxBytes)).toString('utf8');
  }

  /** The entry's lines, one at a time (our JSON files hold one item per line); 413 for a line over ZIP_LIMITS.lineBytes. */
  async *lines(entry: ZipEntry): AsyncGenerator<string> {
    const decoder = new StringDecoder('utf8');
    let pending = '';
    try {
      for await (const chunk of await this.stream(entry)) {
        pending += decoder.write(chunk as Buffer);
        let newline;
        while ((newline = pending.indexOf('\n')) !== -1) {
          yield pending.slice(0, newline).replace(/\r$/, '');
          pending = pending.slice(newline + 1);
        }
        if (pending.length > ZIP_LIMITS.lineBytes)
          throw new ImportFormatError(`${entry.name} has a line longer than ${ZIP_LIMITS.lineBytes / 1048576} MB`, 413);
      }
    } catch (error) {
      throw notAZip(error as Error);
    }
    pending += decoder.end();
    if (pending) yield pending;
  }

  close(): void {
    this.zip.close();
  }
}

/** yauzl's complaints (truncated file, bad name, size mismatch) as a 400 naming the problem. */
function notAZip(error: Error): Error {
  if (error instanceof ImportFormatError) return error;
  return new ImportFormatError(`The file is not a readable zip: ${error.message}`, 400);
}
