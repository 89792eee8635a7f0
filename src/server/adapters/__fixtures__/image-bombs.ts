/**
 * Image bombs for tests: files of a few hundred bytes whose headers declare more pixels than the
 * server decodes. Only the header is real: the pixel data is one short row, so anything that
 * tried to decode one would fail, and the tests can tell a refusal by its header from a decode.
 */
import { crc32, deflateSync } from 'node:zlib';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** One PNG chunk: length, type, data and CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** A big-endian TIFF block holding only an orientation tag: the payload of a PNG eXIf chunk. */
function orientationExif(orientation: number): Buffer {
  const tiff = Buffer.alloc(26);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  tiff.writeUInt16BE(1, 8);
  tiff.writeUInt16BE(0x0112, 10);
  tiff.writeUInt16BE(3, 12);
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt16BE(orientation, 18);
  return tiff;
}

/**
 * A PNG declaring `width` x `height` RGB pixels. With `orientation` it carries an eXIf chunk, which
 * sends an upload down the re-encoding path (a PNG cannot be turned without decoding it).
 */
export function pngBomb(width: number, height: number, { orientation }: { orientation?: number } = {}): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    ...(orientation ? [pngChunk('eXIf', orientationExif(orientation))] : []),
    pngChunk('IDAT', deflateSync(Buffer.alloc(1 + Math.min(width, 1024) * 3))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An animated GIF of `frames` frames, each declaring `width` x `height` pixels. */
export function gifBomb(width: number, height: number, frames: number): Buffer {
  const screen = Buffer.alloc(13);
  screen.write('GIF89a', 0, 'latin1');
  screen.writeUInt16LE(width, 6);
  screen.writeUInt16LE(height, 8);
  screen[10] = 0x80; // a global colour table of 2 colours
  const colours = Buffer.from([0, 0, 0, 255, 255, 255]);
  const loop = Buffer.from([0x21, 0xff, 0x0b, ...Buffer.from('NETSCAPE2.0', 'latin1'), 0x03, 0x01, 0x00, 0x00, 0x00]);
  const frame = () => {
    const control = Buffer.from([0x21, 0xf9, 0x04, 0x00, 0x0a, 0x00, 0x00, 0x00]); // 100 ms
    const descriptor = Buffer.alloc(10);
    descriptor[0] = 0x2c;
    descriptor.writeUInt16LE(width, 5);
    descriptor.writeUInt16LE(height, 7);
    // LZW with 2-bit codes: clear (4), one pixel (0), end (5), packed into one sub-block.
    const data = Buffer.from([0x02, 0x02, 0x04, 0x0a, 0x00]);
    return Buffer.concat([control, descriptor, data]);
  };
  return Buffer.concat([screen, colours, loop, ...Array.from({ length: frames }, frame), Buffer.from([0x3b])]);
}
