import type { FastifyBaseLogger } from 'fastify';
import sharp, { type Metadata } from 'sharp';
import { type ImageSize, type ImageWidth, variantsFor } from '../../shared/images.ts';
import { jpegWithoutMetadata, pngWithoutMetadata, webpWithoutMetadata } from './image-metadata.ts';
import { type ObjectStorage, variantKey } from './storage.ts';

/**
 * Larger pictures than this (about 8000 x 5000) are not resized: decoding them would take more
 * memory than a small server should give one request. They are served as uploaded.
 */
const MAX_INPUT_PIXELS = 40_000_000;
const WEBP_QUALITY = 78;

/**
 * A WebP copy of an image at most `width` pixels wide (never enlarged), turned upright by its
 * EXIF orientation, without its metadata (camera, location). Animated images stay animated.
 */
export function resizeToWebp(image: Buffer, width: ImageWidth): Promise<Buffer> {
  return sharp(image, { animated: true, limitInputPixels: MAX_INPUT_PIXELS })
    .autoOrient()
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: WEBP_QUALITY })
    .toBuffer();
}

/**
 * The uploaded image as it will be stored and served, without private metadata: a phone photo's
 * location, the camera's serial number, the author's name, free-text comments.
 *
 * JPEG, PNG and WebP lose the parts of the file that hold it and keep every other byte, so the
 * picture is exactly the one uploaded (a JPEG keeps its orientation tag alone, see
 * image-metadata). A file whose layout cannot be followed, a PNG or WebP turned by an orientation
 * tag, and a GIF or AVIF carrying EXIF, XMP or IPTC are re-encoded in their own format instead:
 * upright, colour profile kept, PNG and GIF losslessly. An image without metadata is kept byte for
 * byte, and so is one that cannot be decoded at all: it will not display anywhere either.
 */
export async function withoutPrivateMetadata(image: Buffer, log?: FastifyBaseLogger): Promise<Buffer> {
  let metadata: Metadata;
  try {
    // Reads the header only: no pixel limit is needed.
    metadata = await sharp(image, { limitInputPixels: false }).metadata();
  } catch {
    return image;
  }
  const { format, orientation = 1, exif, xmp, iptc } = metadata;
  const stripped =
    format === 'jpeg' ? jpegWithoutMetadata(image, orientation)
    : format === 'png' && orientation === 1 ? pngWithoutMetadata(image)
    : format === 'webp' && orientation === 1 ? webpWithoutMetadata(image)
    : !exif && !xmp && !iptc && orientation === 1 ? image
    : undefined;
  if (stripped) return stripped;
  try {
    return await reencodeWithoutMetadata(image, metadata);
  } catch (error) {
    log?.warn({ err: error }, 'the metadata of an upload could not be removed; it is stored as uploaded');
    return image;
  }
}

function reencodeWithoutMetadata(image: Buffer, { format, pages = 1, isPalette }: Metadata): Promise<Buffer> {
  // The size limit is sharp's own: this runs once per upload, never for readers.
  const pipeline = sharp(image, { animated: true }).keepIccProfile();
  // Frames of an animation cannot be turned; none of them carries its own orientation anyway.
  if (pages === 1) pipeline.autoOrient();
  switch (format) {
    case 'jpeg':
      return pipeline.jpeg({ quality: 92 }).toBuffer();
    case 'png':
      return pipeline.png({ palette: Boolean(isPalette) }).toBuffer();
    case 'webp':
      return pipeline.webp({ quality: 92 }).toBuffer();
    case 'gif':
      return pipeline.gif().toBuffer();
    case 'heif':
      return pipeline.avif({ quality: 70, effort: 2 }).toBuffer();
    default:
      return Promise.resolve(image);
  }
}

/** The upright pixel size of an image (EXIF orientation applied), or undefined when it cannot be read. */
export async function imageSizeOf(image: Buffer): Promise<ImageSize | undefined> {
  try {
    const { autoOrient } = await sharp(image, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    return autoOrient.width && autoOrient.height ? { width: autoOrient.width, height: autoOrient.height } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Makes and stores the resized copies that pages will offer for a new upload (see variantsFor), so
 * that readers never wait for one. An image without a readable size is not resized. A failure is
 * only logged: the upload stands, and the copy route makes a missing copy or falls back to the
 * original (routes/uploads).
 */
export async function storeVariants(
  storage: ObjectStorage,
  id: string,
  image: Buffer,
  size: ImageSize | undefined,
  log: FastifyBaseLogger,
): Promise<void> {
  if (!size) return;
  const names = variantsFor(size.width).map((variant) => variant.name);
  // One at a time: three decodes of a 10 MB picture at once would triple the peak memory.
  try {
    for (const width of names) {
      await storage.put(variantKey(id, width), await resizeToWebp(image, width), 'image/webp');
    }
  } catch (error) {
    log.warn({ err: error, upload: id }, 'resized copies of an upload could not be stored');
  }
}
