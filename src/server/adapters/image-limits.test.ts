import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { gifBomb, pngBomb } from './__fixtures__/image-bombs.ts';
import {
  ImageTooLargeError,
  MAX_INPUT_PIXELS,
  asImageTooLarge,
  assertImageWithinPixelLimit,
  openImage,
  pixelCountOf,
  readImageHeader,
} from './image-limits.ts';
import { prepareUpload, resizeToWebp } from './images.ts';

describe('the pixel limit', () => {
  it('is 40 megapixels, counted over every frame of an animation as sharp counts them', async () => {
    expect(MAX_INPUT_PIXELS).toBe(40_000_000);
    expect(pixelCountOf((await readImageHeader(pngBomb(8000, 5000)))!)).toBe(40_000_000);
    expect(pixelCountOf((await readImageHeader(gifBomb(4000, 4000, 3)))!)).toBe(48_000_000);
    const frames = Buffer.concat([Buffer.alloc(20 * 10 * 3, 10), Buffer.alloc(20 * 10 * 3, 240)]);
    const animation = await sharp(frames, { raw: { width: 20, height: 20, channels: 3, pageHeight: 10 } })
      .gif({ loop: 0 })
      .toBuffer();
    const pixels = pixelCountOf((await readImageHeader(animation))!);
    expect(pixels).toBe(400);
    // sharp's own limit, decoding every frame, agrees to the pixel.
    await expect(sharp(animation, { animated: true, limitInputPixels: pixels - 1 }).toBuffer()).rejects.toThrow(/pixel limit/);
    await expect(sharp(animation, { animated: true, limitInputPixels: pixels }).toBuffer()).resolves.toBeInstanceOf(Buffer);
  });

  it('reads the size of a bomb from its header alone, and refuses one pixel more than the limit', async () => {
    expect(await readImageHeader(pngBomb(30000, 30000))).toMatchObject({ format: 'png', width: 30000, height: 30000 });
    await expect(assertImageWithinPixelLimit(pngBomb(8000, 5000))).resolves.toBeUndefined();
    await expect(assertImageWithinPixelLimit(pngBomb(8000, 5001))).rejects.toBeInstanceOf(ImageTooLargeError);
    // Unreadable bytes pass the header check; sharp refuses them anyway when asked to decode.
    expect(await readImageHeader(Buffer.from('not an image'))).toBeUndefined();
    await expect(assertImageWithinPixelLimit(Buffer.from('not an image'))).resolves.toBeUndefined();
  });

  it('says how large the image is and what the limit is, as a 422', async () => {
    const refusal = await assertImageWithinPixelLimit(pngBomb(16000, 16000)).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ImageTooLargeError);
    expect(refusal).toMatchObject({
      statusCode: 422,
      message: 'This image is 16000 x 16000 pixels (256 megapixels); images of at most 40 megapixels can be uploaded',
    });
    await expect(assertImageWithinPixelLimit(gifBomb(4000, 4000, 3))).rejects.toMatchObject({
      statusCode: 422,
      message:
        'This animation has 3 frames of 4000 x 4000 pixels (48 megapixels in all); images of at most 40 megapixels can be uploaded',
    });
  });

  it("decodes through openImage with the limit, and turns sharp's own refusal into the same 422", async () => {
    const decoded = await openImage(pngBomb(30000, 30000))
      .toBuffer()
      .catch((error: unknown) => error);
    expect(decoded).toBeInstanceOf(Error);
    expect(asImageTooLarge(decoded)).toBeInstanceOf(ImageTooLargeError);
    const other = new Error('VipsJpeg: premature end of input file');
    expect(asImageTooLarge(other)).toBe(other);
  });

  it('is passed to every sharp() call of the server that decodes: they all go through image-limits', () => {
    const dir = path.join(import.meta.dirname, '..');
    const sources = readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.includes('__fixtures__'))
      .filter((file) => /\bsharp\s*\(/.test(readFileSync(path.join(dir, file), 'utf8')));
    expect(sources).toEqual([path.join('adapters', 'image-limits.ts')]);
    const calls = readFileSync(path.join(dir, 'adapters', 'image-limits.ts'), 'utf8').match(/\bsharp\([^)]*\)/g);
    expect(calls).toEqual([
      'sharp(image, { limitInputPixels: false })', // readImageHeader: the header only
      'sharp(image, { animated: true, limitInputPixels: MAX_INPUT_PIXELS })', // openImage
    ]);
  });
});

describe('image bombs in the image service', () => {
  it('a 30000x30000 PNG gets no resized copy: the refusal comes from its header, not from a decode', async () => {
    const bomb = pngBomb(30000, 30000);
    await expect(resizeToWebp(bomb, 480)).rejects.toMatchObject({
      statusCode: 422,
      message: expect.stringContaining('30000 x 30000'),
    });
    await expect(prepareUpload(bomb)).rejects.toBeInstanceOf(ImageTooLargeError);
  });

  it('an image of exactly 40 megapixels is accepted and keeps its bytes', async () => {
    const largest = pngBomb(8000, 5000);
    const { image, size } = await prepareUpload(largest);
    expect(image.equals(largest)).toBe(true);
    expect(size).toEqual({ width: 8000, height: 5000 });
  });
});
