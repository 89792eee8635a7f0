import { createRequire } from 'node:module';
import type { Metadata, Sharp } from 'sharp';
import { HttpError } from '../errors.ts';

// sharp (libvips, a native addon) loads with the first image, not at start-up: a restart should
// not wait for it. It is CommonJS, so require keeps the functions below synchronous.
const require = createRequire(import.meta.url);
let sharpModule: typeof import('sharp').default | undefined;
const loadSharp = () => (sharpModule ??= require('sharp') as typeof import('sharp').default);

/**
 * The most pixels this server decodes from one image (about 8000 x 5000), frames of an animation
 * counted together: decoding takes 3 to 4 bytes a pixel, more when the picture is turned, and a
 * PNG of 16000 x 16000 pixels fits in 1 MB. Uploads above it are refused and nothing decodes it.
 */
export const MAX_INPUT_PIXELS = 40_000_000;

/**
 * The answer to an image that declares more pixels than MAX_INPUT_PIXELS. 422, not 413: the body
 * is within the upload size (413 here means "over 10 MB"); what it describes cannot be processed.
 */
export class ImageTooLargeError extends HttpError {
  constructor(message: string) {
    super(422, message);
  }
}

/** What an image's header says, read without decoding a pixel; undefined when it cannot be read. */
export async function readImageHeader(image: Buffer): Promise<Metadata | undefined> {
  const sharp = loadSharp();
  try {
    // No pixel limit here: sharp would throw before telling the size, and nothing is decoded.
    return await sharp(image, { limitInputPixels: false }).metadata();
  } catch {
    return undefined;
  }
}

/** Pixels a decode of every frame would hold (sharp counts them the same way with `animated`). */
export const pixelCountOf = ({ width = 0, height = 0, pages = 1 }: Metadata): number => width * height * pages;

const megapixels = (pixels: number) => Math.round(pixels / 100_000) / 10;
const LIMIT_IN_WORDS = `images of at most ${megapixels(MAX_INPUT_PIXELS)} megapixels can be uploaded`;

function tooLarge(header: Metadata): ImageTooLargeError {
  const { width = 0, height = 0, pages = 1 } = header;
  const size = `${width} x ${height} pixels`;
  const total = megapixels(pixelCountOf(header));
  return new ImageTooLargeError(
    pages > 1
      ? `This animation has ${pages} frames of ${size} (${total} megapixels in all); ${LIMIT_IN_WORDS}`
      : `This image is ${size} (${total} megapixels); ${LIMIT_IN_WORDS}`,
  );
}

/**
 * Throws ImageTooLargeError when the header declares more pixels than the limit. An image whose
 * header cannot be read passes: sharp cannot decode it either, and openImage keeps the limit.
 */
export function assertWithinPixelLimit(header: Metadata | undefined): void {
  if (header && pixelCountOf(header) > MAX_INPUT_PIXELS) throw tooLarge(header);
}

/** The same check, reading the header first. */
export async function assertImageWithinPixelLimit(image: Buffer): Promise<void> {
  assertWithinPixelLimit(await readImageHeader(image));
}

/**
 * The one way this server decodes an image: every frame, never more than MAX_INPUT_PIXELS. The
 * header check comes first so that the answer says why; sharp's own check stays as the guard.
 */
export function openImage(image: Buffer): Sharp {
  const sharp = loadSharp();
  return sharp(image, { animated: true, limitInputPixels: MAX_INPUT_PIXELS });
}

/** sharp's own refusal of an input over `limitInputPixels` as ImageTooLargeError; any other error as it is. */
export function asImageTooLarge(error: unknown): unknown {
  const overLimit = error instanceof Error && /exceeds pixel limit/i.test(error.message);
  return overLimit ? new ImageTooLargeError(`This image has too many pixels; ${LIMIT_IN_WORDS}`) : error;
}
