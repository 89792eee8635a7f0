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
