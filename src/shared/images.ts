/**
 * Where uploaded images are served and which resized copies pages offer. No dependencies: the
 * post page imports this, and readers' first visit must stay small.
 */

/** Public path of a stored upload. */
export const objectPathFor = (id: string) => `/objects/uploads/${id}`;

/**
 * Widths of the resized WebP copies kept beside every uploaded image: a phone picks the 480 one,
 * a laptop the 960 or 1600 one, nobody downloads the 10 MB original to read a post.
 */
export const IMAGE_WIDTHS = [480, 960, 1600] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

export const isImageWidth = (width: number): width is ImageWidth => (IMAGE_WIDTHS as readonly number[]).includes(width);

/** Public path of an upload's resized WebP copy. */
const variantPathFor = (id: string, width: ImageWidth) => `${objectPathFor(id)}/${width}.webp`;

const UPLOAD_ID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const OBJECT_PATH = new RegExp(`^/objects/uploads/(${UPLOAD_ID})$`, 'i');

/** The upload id of an image stored by this site (`/objects/uploads/<id>`), else undefined. */
export const uploadIdOf = (src: string): string | undefined => OBJECT_PATH.exec(src)?.[1]?.toLowerCase();

const UPLOAD_OR_COPY = new RegExp(`^/objects/uploads/(${UPLOAD_ID})(?:/(?:${IMAGE_WIDTHS.join('|')})\\.webp)?$`, 'i');

/**
 * The smallest copy (480 pixels wide at most) of an image stored by this site, given its path or
 * the path of one of its copies; undefined for any other image.
 */
export function smallestCopyOf(src: string): string | undefined {
  const id = UPLOAD_OR_COPY.exec(src)?.[1];
  return id ? variantPathFor(id.toLowerCase(), IMAGE_WIDTHS[0]) : undefined;
}

/** Every upload id that a text (a post's markdown) refers to, each once. */
export const uploadIdsIn = (text: string): string[] => [
  ...new Set([...text.matchAll(new RegExp(`/objects/uploads/(${UPLOAD_ID})`, 'gi'))].map((match) => match[1]!.toLowerCase())),
];

export interface ImageSize {
  width: number;
  height: number;
}

/**
 * The copies worth offering for an image `width` pixels wide, each with its true width: copies
 * are never enlarged, so the first copy at least as wide as the image is the last one needed.
 */
export function variantsFor(width: number): Array<{ name: ImageWidth; width: number }> {
  const variants: Array<{ name: ImageWidth; width: number }> = [];
  for (const name of IMAGE_WIDTHS) {
    variants.push({ name, width: Math.min(name, width) });
    if (name >= width) break;
  }
  return variants;
}

/**
 * The `srcset` for an image stored by this site, or undefined for any other image (shown as it
 * is). With the image's width known every candidate carries its true width. Without it the
 * candidates carry the nominal widths, which is right only where CSS fixes the shown size (the
 * cover): there they steer the browser's choice, never the layout.
 */
export function uploadSrcSet(src: string, width?: number): string | undefined {
  const id = uploadIdOf(src);
  if (!id) return undefined;
  const variants = width ? variantsFor(width) : IMAGE_WIDTHS.map((name) => ({ name, width: name }));
  return variants.map((variant) => `${variantPathFor(id, variant.name)} ${variant.width}w`).join(', ');
}

/** How wide an image in a post is shown: the article column (46rem), or the screen less its margins. */
export const ARTICLE_IMAGE_SIZES = '(min-width: 48rem) 46rem, calc(100vw - 2rem)';

/** `sizes` for an image in a post that is `width` pixels wide: narrower ones keep their own width. */
export const articleImageSizes = (width: number): string =>
  width < 736 ? `min(calc(100vw - 2rem), ${width}px)` : ARTICLE_IMAGE_SIZES;

/**
 * A cover image address as pages and feeds may use it: an absolute http(s) URL or a path of this
 * site (`/objects/uploads/...`), normalised (spaces and quotes escaped); anything else (`data:`,
 * `javascript:`, `cover.png`, `//host`) is undefined and left out.
 */
export function publicImageUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (value.startsWith('/')) {
    if (value.startsWith('//') || value.startsWith('/\\')) return undefined;
    try {
      const url = new URL(value, 'http://site.invalid');
      return url.host === 'site.invalid' ? `${url.pathname}${url.search}${url.hash}` : undefined;
    } catch {
      return undefined;
    }
  }
  if (!/^https?:\/\//i.test(value)) return undefined;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname ? url.href : undefined;
  } catch {
    return undefined;
  }
}
