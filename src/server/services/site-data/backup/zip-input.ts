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
  /**
   * The same rule for the entries read line by line: the revisions of a post saved again and again
   * compress some 240 times, a file of newlines or of one repeated byte about 1,000 times.
   */
  streamedRatio: 500,
  /** One entry read line by line, uncompressed. */
  streamedBytes: 2 * 1024 * 1024 * 1024,
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
   * `streamed`: entries only ever read line by line (`lines`), which hold one line at a time: they
   * may expand further (a post's revisions compress beyond the ratio of the others), up to
   * ZIP_LIMITS.streamedRatio and ZIP_LIMITS.streamedBytes.
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
          const lines = streamed.includes(entry.fileName);
          const ratio = lines ? ZIP_LIMITS.streamedRatio : ZIP_LIMITS.ratio;
          if (size > ZIP_LIMITS.ratioFloorBytes && size > entry.compressedSize * ratio)
            return reject(new ImportFormatError(`${entry.fileName} expands ${ratio}x or more: refused as a zip bomb`, 400));
          if (lines && size > ZIP_LIMITS.streamedBytes)
            return reject(
              new ImportFormatError(
                `${entry.fileName} expands to more than ${ZIP_LIMITS.streamedBytes / 1024 ** 3} GB: refused`,
                413,
              ),
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

  /**
   * The entry's lines, one at a time (our JSON files hold one item per line); 413 for a line over
   * ZIP_LIMITS.lineBytes, found as soon as that much is read without a newline (the rest is not).
   * Each byte is looked at once: a line's pieces are joined when its newline comes.
   */
  async *lines(entry: ZipEntry): AsyncGenerator<string> {
    const decoder = new StringDecoder('utf8');
    const tooLong = () => new ImportFormatError(`${entry.name} has a line longer than ${ZIP_LIMITS.lineBytes / 1048576} MB`, 413);
    let pieces: string[] = [];
    let pending = 0;
    const finish = (tail: string) => {
      if (pending + tail.length > ZIP_LIMITS.lineBytes) throw tooLong();
      const line = pieces.length === 0 ? tail : pieces.join('') + tail;
      pieces = [];
      pending = 0;
      return line.endsWith('\r') ? line.slice(0, -1) : line;
    };
    const stream = await this.stream(entry);
    try {
      for await (const chunk of stream) {
        const text = decoder.write(chunk as Buffer);
        let start = 0;
        for (let newline = text.indexOf('\n'); newline !== -1; newline = text.indexOf('\n', start)) {
          yield finish(text.slice(start, newline));
          start = newline + 1;
        }
        if (start < text.length) {
          pieces.push(text.slice(start));
          pending += text.length - start;
          if (pending > ZIP_LIMITS.lineBytes) throw tooLong();
        }
      }
    } catch (error) {
      throw notAZip(error as Error);
    } finally {
      // A caller that stops early (a refused line, a cancelled restore) stops the inflating too.
      stream.destroy();
    }
    const last = finish(decoder.end());
    if (last) yield last;
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
