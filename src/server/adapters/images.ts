import type { FastifyBaseLogger } from 'fastify';
import type { Metadata } from 'sharp';
import { type ImageSize, type ImageWidth, variantsFor } from '../../shared/images.ts';
import {
  ImageTooLargeError,
  asImageTooLarge,
  assertImageWithinPixelLimit,
  assertWithinPixelLimit,
  openImage,
  readImageHeader,
} from './image-limits.ts';
import { jpegWithoutMetadata, pngWithoutMetadata, webpWithoutMetadata } from './image-metadata.ts';
import { type ObjectStorage, variantKey } from './storage.ts';

const WEBP_QUALITY = 78;

/**
 * A WebP copy of an image at most `width` pixels wide (never enlarged), turned upright by its
 * EXIF orientation, without its metadata (camera, location). Animated images stay animated.
 * An image over the pixel limit throws ImageTooLargeError before anything is decoded.
 */
export async function resizeToWebp(image: Buffer, width: ImageWidth): Promise<Buffer> {
  await assertImageWithinPixelLimit(image);
  try {
    return await openImage(image)
      .autoOrient()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer();
  } catch (error) {
    throw asImageTooLarge(error);
  }
}

/**
 * An upload as it will be stored (see withoutPrivateMetadata) and its upright size. An image whose
 * header declares more pixels than the limit is refused here with ImageTooLargeError (422), before
 * the re-encoding or the resized copies could decode it.
 */
export async function prepareUpload(
  upload: Buffer,
  log?: FastifyBaseLogger,
): Promise<{ image: Buffer; size: ImageSize | undefined }> {
  await assertImageWithinPixelLimit(upload);
  const image = await withoutPrivateMetadata(upload, log);
  return { image, size: await imageSizeOf(image) };
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
  const metadata = await readImageHeader(image);
  if (!metadata) return image;
  const { format, orientation = 1, exif, xmp, iptc } = metadata;
  const stripped =
    format === 'jpeg'
      ? jpegWithoutMetadata(image, orientation)
      : format === 'png' && orientation === 1
        ? pngWithoutMetadata(image)
        : format === 'webp' && orientation === 1
          ? webpWithoutMetadata(image)
          : !exif && !xmp && !iptc && orientation === 1
            ? image
            : undefined;
  if (stripped) return stripped;
  // Refused rather than stored as uploaded: that would keep both the metadata and the bomb.
  assertWithinPixelLimit(metadata);
  try {
    return await reencodeWithoutMetadata(image, metadata);
  } catch (error) {
    const refusal = asImageTooLarge(error);
    if (refusal instanceof ImageTooLargeError) throw refusal;
    log?.warn({ err: error }, 'the metadata of an upload could not be removed; it is stored as uploaded');
    return image;
  }
}

function reencodeWithoutMetadata(image: Buffer, { format, pages = 1, isPalette }: Metadata): Promise<Buffer> {
  const pipeline = openImage(image).keepIccProfile();
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
async function imageSizeOf(image: Buffer): Promise<ImageSize | undefined> {
  const autoOrient = (await readImageHeader(image))?.autoOrient;
  return autoOrient?.width && autoOrient.height ? { width: autoOrient.width, height: autoOrient.height } : undefined;
}

/**
 * Makes and stores the resized copies that pages will offer for a new upload (see variantsFor), so
 * that readers never wait for one. An image without a readable size is not resized. A failure is
 * only logged: the upload stands, and the copy route makes a missing copy or falls back to the
 * original, unless that is over the pixel limit (routes/uploads).
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
