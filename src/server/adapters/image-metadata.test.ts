import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pngBomb } from './__fixtures__/image-bombs.ts';
import { ImageTooLargeError, readImageHeader } from './image-limits.ts';
import { jpegWithoutMetadata, pngWithoutMetadata, webpWithoutMetadata } from './image-metadata.ts';
import { prepareUpload, withoutPrivateMetadata } from './images.ts';

/** A small picture with some variety, so that encoders have something to compress. */
function picture(width = 64, height = 48) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    pixels[i * 3] = (i * 7) % 256;
    pixels[i * 3 + 1] = Math.floor(i / width) * 5;
    pixels[i * 3 + 2] = 90;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

const pixelsOf = (bytes: Buffer) => sharp(bytes).raw().toBuffer();
const exifTags = { IFD0: { Make: 'PhoneMaker', Artist: 'Secret Person' } };
const xmp =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="Secret Person"/></rdf:RDF></x:xmpmeta>';

/** A JPEG segment: marker, length, payload. */
function segment(marker: number, payload: string): Buffer {
  const header = Buffer.from([0xff, marker, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([header, Buffer.from(payload, 'latin1')]);
}

/** A PNG chunk with a correct CRC. */
async function pngChunk(type: string, data: string): Promise<Buffer> {
  const { crc32 } = await import('node:zlib');
  const body = Buffer.concat([Buffer.from(type, 'latin1'), Buffer.from(data, 'latin1')]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

describe('jpegWithoutMetadata', () => {
  it('drops EXIF, XMP, IPTC, comments and what follows the image, and keeps the picture exactly', async () => {
    const tagged = await picture().withExif(exifTags).withXmp(xmp).jpeg({ quality: 90 }).toBuffer();
    // A comment and an IPTC block right after the start, and a "motion photo" after the end.
    const withExtras = Buffer.concat([
      tagged.subarray(0, 2),
      segment(0xfe, 'Secret Person wrote this'),
      segment(0xed, 'Photoshop 3.0\0Secret Person'),
      tagged.subarray(2),
      Buffer.from('ftypmp42 Secret Person video'),
    ]);
    const clean = jpegWithoutMetadata(withExtras)!;
    expect(clean.includes('Secret Person')).toBe(false);
    expect(clean.includes('PhoneMaker')).toBe(false);
    const metadata = await sharp(clean).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect((await pixelsOf(clean)).equals(await pixelsOf(tagged))).toBe(true);
    expect(clean.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
  });

  it('keeps a progressive JPEG intact across its several scans', async () => {
    const progressive = await picture(120, 90).withExif(exifTags).jpeg({ progressive: true }).toBuffer();
    const clean = jpegWithoutMetadata(progressive)!;
    expect(clean.includes('PhoneMaker')).toBe(false);
    expect((await pixelsOf(clean)).equals(await pixelsOf(progressive))).toBe(true);
  });

  it('keeps only the orientation of a photo taken sideways, in an EXIF block of its own', async () => {
    const sideways = await picture().withExif(exifTags).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const clean = jpegWithoutMetadata(sideways, 6)!;
    expect(clean.includes('PhoneMaker')).toBe(false);
    const metadata = await sharp(clean).metadata();
    expect(metadata.orientation).toBe(6);
    expect(metadata.autoOrient).toMatchObject({ width: 48, height: 64 });
  });

  it('keeps a file without metadata byte for byte', async () => {
    const plain = await picture().jpeg().toBuffer();
    expect(jpegWithoutMetadata(plain)!.equals(plain)).toBe(true);
  });

  it('gives up on what is not laid out as a JPEG', async () => {
    const jpeg = await picture().jpeg().toBuffer();
    expect(jpegWithoutMetadata(Buffer.from('not a jpeg'))).toBeUndefined();
    expect(jpegWithoutMetadata(jpeg.subarray(0, 40))).toBeUndefined();
    expect(jpegWithoutMetadata(jpeg.subarray(0, jpeg.length - 10))).toBeUndefined();
  });
});

describe('pngWithoutMetadata', () => {
  it('drops text, XMP and EXIF chunks and anything after the end, and keeps the picture exactly', async () => {
    const tagged = await picture().withExif(exifTags).withXmp(xmp).png().toBuffer();
    const text = await pngChunk('tEXt', 'Author\0Secret Person');
    const withExtras = Buffer.concat([tagged.subarray(0, 33), text, tagged.subarray(33), Buffer.from('Secret Person')]);
    expect((await sharp(withExtras).metadata()).width).toBe(64);
    const clean = pngWithoutMetadata(withExtras)!;
    expect(clean.includes('Secret Person')).toBe(false);
    expect(clean.includes('PhoneMaker')).toBe(false);
    expect((await pixelsOf(clean)).equals(await pixelsOf(tagged))).toBe(true);
  });

  it('keeps a file without metadata byte for byte, and gives up on a broken one', async () => {
    const plain = await picture().png().toBuffer();
    expect(pngWithoutMetadata(plain)!.equals(plain)).toBe(true);
    expect(pngWithoutMetadata(plain.subarray(0, 50))).toBeUndefined();
  });
});

describe('webpWithoutMetadata', () => {
  it('drops EXIF and XMP, clears their header flags, and keeps a lossless picture lossless', async () => {
    const tagged = await picture().withExif(exifTags).withXmp(xmp).webp({ lossless: true }).toBuffer();
    expect(tagged.includes('PhoneMaker')).toBe(true);
    const clean = webpWithoutMetadata(tagged)!;
    expect(clean.includes('PhoneMaker')).toBe(false);
    expect(clean.includes('Secret Person')).toBe(false);
    expect(clean.readUInt32LE(4)).toBe(clean.length - 8);
    // The extended header's flags no longer announce EXIF (0x08) or XMP (0x04).
    expect(tagged.toString('latin1', 12, 16)).toBe('VP8X');
    expect(tagged[20]! & 0x0c).toBe(0x0c);
    expect(clean.toString('latin1', 12, 16)).toBe('VP8X');
    expect(clean[20]! & 0x0c).toBe(0);
    expect(clean.includes('VP8L')).toBe(true);
    const metadata = await sharp(clean).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect((await pixelsOf(clean)).equals(await pixelsOf(tagged))).toBe(true);
  });
});

describe('withoutPrivateMetadata', () => {
  it('cleans a photo larger than the resizer will decode (48 megapixels), without decoding it', async () => {
    const large = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#336699' } })
      .withExif(exifTags)
      .jpeg({ quality: 50 })
      .toBuffer();
    const clean = await withoutPrivateMetadata(large);
    expect(clean.includes('PhoneMaker')).toBe(false);
    expect(await sharp(clean).metadata()).toMatchObject({ width: 8000, height: 6000 });
  });

  it('re-encodes an animated WebP turned by an orientation tag, still animated and without its metadata', async () => {
    const frames = Buffer.concat([Buffer.alloc(40 * 30 * 3, 10), Buffer.alloc(40 * 30 * 3, 240)]);
    const animated = await sharp(frames, { raw: { width: 40, height: 60, channels: 3, pageHeight: 30 } })
      .withExif(exifTags)
      .withMetadata({ orientation: 6 })
      .webp({ loop: 0, delay: [100, 100] })
      .toBuffer();
    expect((await sharp(animated).metadata()).orientation).toBe(6);
    const clean = await withoutPrivateMetadata(animated);
    expect(clean.includes('PhoneMaker')).toBe(false);
    expect(await sharp(clean, { animated: true }).metadata()).toMatchObject({ format: 'webp', pages: 2 });
  });

  it('a 16000x16000 PNG with an EXIF orientation is refused before it is re-encoded (image bomb)', async () => {
    const bomb = pngBomb(16000, 16000, { orientation: 6 });
    expect(bomb.length).toBeLessThan(200);
    expect(await readImageHeader(bomb)).toMatchObject({ width: 16000, height: 16000, orientation: 6 });
    // Before the limit held here, the re-encoding decoded it and a failure stored it as uploaded.
    await expect(withoutPrivateMetadata(bomb)).rejects.toBeInstanceOf(ImageTooLargeError);
    await expect(prepareUpload(bomb)).rejects.toMatchObject({
      statusCode: 422,
      message: expect.stringContaining('16000 x 16000'),
    });
  });

  it('keeps a GIF without metadata, and bytes it cannot read, exactly as uploaded', async () => {
    const gif = await picture().gif().toBuffer();
    expect((await withoutPrivateMetadata(gif)).equals(gif)).toBe(true);
    const garbage = Buffer.from('GIF89a not really');
    expect((await withoutPrivateMetadata(garbage)).equals(garbage)).toBe(true);
  });
});
