import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import { type ImageSize, type ImageWidth, variantsFor } from '../../shared/images.ts';
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
 * The uploaded image as it will be stored and served. One that carries EXIF, XMP or IPTC metadata
 * (a phone photo's location, the camera's serial number, the author's name) is re-encoded in its
 * own format without it: turned upright first, since its orientation tag goes with the rest, and
 * with its colour profile kept. PNG and GIF stay lossless; JPEG, WebP and AVIF are re-encoded at a
 * quality close to the original's. An image without such metadata is kept byte for byte, and so is
 * one that cannot be decoded or is too large to decode (see MAX_INPUT_PIXELS).
 */
export async function withoutPrivateMetadata(image: Buffer, log?: FastifyBaseLogger): Promise<Buffer> {
  try {
    const { exif, xmp, iptc, format } = await sharp(image, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!exif && !xmp && !iptc) return image;
    const upright = sharp(image, { animated: true, limitInputPixels: MAX_INPUT_PIXELS }).autoOrient().keepIccProfile();
    switch (format) {
      case 'jpeg':
        return await upright.jpeg({ quality: 90 }).toBuffer();
      case 'png':
        return await upright.png().toBuffer();
      case 'webp':
        return await upright.webp({ quality: 90 }).toBuffer();
      case 'gif':
        return await upright.gif().toBuffer();
      case 'heif':
        return await upright.avif({ quality: 70 }).toBuffer();
      default:
        return image;
    }
  } catch (error) {
    log?.warn({ err: error }, 'the metadata of an upload could not be removed; it is stored as uploaded');
    return image;
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
