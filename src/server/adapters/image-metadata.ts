/**
 * Removal of private metadata from JPEG, PNG and WebP files without decoding them: the segments or
 * chunks that carry EXIF, XMP, IPTC, comments and text are dropped and every other byte is kept,
 * so the picture is exactly the one uploaded. Each function answers undefined when the file is not
 * laid out as its format says; the caller then re-encodes it instead (services/images).
 */

const JPEG_SOI = 0xd8;
const JPEG_SOS = 0xda;
const JPEG_EOI = 0xd9;
const JPEG_APP0 = 0xe0;
/** APP1 holds EXIF and XMP, APP13 holds IPTC (Photoshop), COM holds free text. */
const JPEG_PRIVATE = new Set([0xe1, 0xed, 0xfe]);
const isRestart = (marker: number) => marker >= 0xd0 && marker <= 0xd7;
/** Markers without a length: TEM and RST0-RST7. */
const isStandalone = (marker: number) => marker === 0x01 || isRestart(marker);

/**
 * An APP1 segment with an EXIF block holding only the orientation tag (big-endian TIFF, one IFD
 * entry), so that a photo taken sideways still shows upright without anything else about it.
 */
function orientationOnlyExif(orientation: number): Buffer {
  const tiff = Buffer.alloc(26);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4); // the first IFD follows the header
  tiff.writeUInt16BE(1, 8); // one entry
  tiff.writeUInt16BE(0x0112, 10); // Orientation
  tiff.writeUInt16BE(3, 12); // SHORT
  tiff.writeUInt32BE(1, 14); // one value
  tiff.writeUInt16BE(orientation, 18); // stored in the entry itself, then 2 bytes of padding
  tiff.writeUInt32BE(0, 22); // no next IFD
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const header = Buffer.from([0xff, 0xe1, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([header, payload]);
}

/**
 * A JPEG without its APP1 (EXIF, XMP), APP13 (IPTC) and COM segments, and without whatever a
 * camera appended after its end (a motion photo's video, a depth map). A photo whose EXIF turned
 * it (`orientation` 2 to 8) keeps that one tag in a new, minimal EXIF block.
 */
export function jpegWithoutMetadata(jpeg: Buffer, orientation?: number): Buffer | undefined {
  if (jpeg.length < 4 || jpeg[0] !== 0xff || jpeg[1] !== JPEG_SOI) return undefined;
  const kept: Buffer[] = [jpeg.subarray(0, 2)];
  let exifPlaced = !orientation || orientation === 1;
  let pos = 2;
  while (pos < jpeg.length) {
    if (jpeg[pos] !== 0xff) return undefined;
    // Any number of 0xFF fill bytes may come before a marker.
    while (jpeg[pos + 1] === 0xff) pos++;
    const marker = jpeg[pos + 1];
    if (marker === undefined) return undefined;
    if (marker === JPEG_EOI) {
      kept.push(jpeg.subarray(pos, pos + 2));
      return Buffer.concat(kept);
    }
    if (isStandalone(marker)) {
      kept.push(jpeg.subarray(pos, pos + 2));
      pos += 2;
      continue;
    }
    if (!exifPlaced && marker !== JPEG_APP0) {
      kept.push(orientationOnlyExif(orientation!));
      exifPlaced = true;
    }
    if (pos + 4 > jpeg.length) return undefined;
    let end = pos + 2 + jpeg.readUInt16BE(pos + 2);
    if (end > jpeg.length) return undefined;
    if (marker === JPEG_SOS) end = endOfScan(jpeg, end);
    if (!JPEG_PRIVATE.has(marker)) kept.push(jpeg.subarray(pos, end));
    pos = end;
  }
  return undefined;
}

/**
 * Where the image data that follows a start-of-scan header ends: at the next marker. Inside the
 * data a 0xFF byte is followed by 0x00 (a stuffed byte), a restart marker or more 0xFF.
 */
function endOfScan(jpeg: Buffer, from: number): number {
  let pos = from;
  while (pos + 1 < jpeg.length) {
    if (jpeg[pos] === 0xff) {
      const next = jpeg[pos + 1]!;
      if (next !== 0x00 && next !== 0xff && !isRestart(next)) return pos;
    }
    pos++;
  }
  return jpeg.length;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Text (which is where XMP lives in a PNG), EXIF and the time of the last change. */
const PNG_PRIVATE = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME']);

/** A PNG without its text, EXIF and time chunks, and without anything after its end. */
export function pngWithoutMetadata(png: Buffer): Buffer | undefined {
  if (png.length < PNG_SIGNATURE.length || !png.subarray(0, 8).equals(PNG_SIGNATURE)) return undefined;
  const kept: Buffer[] = [png.subarray(0, 8)];
  let pos = 8;
  while (pos + 12 <= png.length) {
    const type = png.toString('latin1', pos + 4, pos + 8);
    const end = pos + 12 + png.readUInt32BE(pos);
    if (end > png.length) return undefined;
    if (!PNG_PRIVATE.has(type)) kept.push(png.subarray(pos, end));
    if (type === 'IEND') return Buffer.concat(kept);
    pos = end;
  }
  return undefined;
}

/** VP8X flags that announce the chunks removed here. */
const WEBP_FLAG_EXIF = 0x08;
const WEBP_FLAG_XMP = 0x04;

/** A WebP without its EXIF and XMP chunks, its header flags and length updated to match. */
export function webpWithoutMetadata(webp: Buffer): Buffer | undefined {
  if (webp.length < 12 || webp.toString('latin1', 0, 4) !== 'RIFF' || webp.toString('latin1', 8, 12) !== 'WEBP') return undefined;
  const kept: Buffer[] = [];
  let pos = 12;
  while (pos < webp.length) {
    if (pos + 8 > webp.length) return undefined;
    const type = webp.toString('latin1', pos, pos + 4);
    const size = webp.readUInt32LE(pos + 4);
    // Chunks are padded to an even length.
    const end = pos + 8 + size + (size % 2);
    if (end > webp.length) return undefined;
    if (type === 'VP8X' && size >= 1) {
      const chunk = Buffer.from(webp.subarray(pos, end));
      chunk[8] = chunk[8]! & ~(WEBP_FLAG_EXIF | WEBP_FLAG_XMP);
      kept.push(chunk);
    } else if (type !== 'EXIF' && type !== 'XMP ') {
      kept.push(webp.subarray(pos, end));
    }
    pos = end;
  }
  const body = Buffer.concat(kept);
  const header = Buffer.alloc(12);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(body.length + 4, 4);
  header.write('WEBP', 8, 'latin1');
  return Buffer.concat([header, body]);
}
