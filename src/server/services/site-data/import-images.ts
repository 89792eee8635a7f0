import path from 'node:path/posix';
import pLimit from 'p-limit';
import { LIMITS } from '../../../shared/constants.ts';
import { counted, noteConverted, noteKept } from './imports/post-notes.ts';
import type { ImportedPost } from './imports/types.ts';

/** Images one import brings at most; the others keep their old address, and the report says so. */
const IMPORT_IMAGES_MAX = 500;
/** Images fetched or read at once. */
const CONCURRENCY = 4;
/**
 * How long one import spends bringing images (each fetch has its own 10 s limit too): past it the
 * ones not started keep their old addresses, named in the report, and the posts are stored.
 */
const IMAGE_TIME_BUDGET_MS = 3 * 60_000;

/** The longest the scan of posts for images holds the event loop before letting requests in. */
const SLICE_MS = 10;

const IMAGE_EXTENSION = /\.(?:avif|gif|jpe?g|png|webp)$/i;

/** Where the bytes of an image reference are, for this import. */
export interface ImageOrigin {
  /** The same image referred to twice (two posts, a post and its cover) is brought once. */
  key: string;
  /** Shown in the report. */
  label: string;
  read(): Promise<Uint8Array>;
}

export interface ImageBringing {
  /** The origin of `reference` (a markdown destination or a cover) of `post`; undefined: not this import's to bring. */
  originOf(reference: string, post: ImportedPost, isImage: boolean): ImageOrigin | undefined;
  /** Stores the bytes (checked there) and answers their path on this site. */
  store(bytes: Uint8Array): Promise<{ id: string; path: string; created: boolean }>;
  /** Paths here of origins brought by an earlier import (by key): neither read again nor counted. */
  known?(keys: string[]): Promise<Map<string, string>>;
  /** Notes what an origin became, for `known`. */
  remember?(key: string, id: string): Promise<void>;
}

export interface BroughtImages {
  /** Uploads this import stored (removed again if the import fails). */
  created: string[];
  /** Images stored or found stored, and rewritten in the posts. */
  brought: number;
  /** One line per image that could not be brought, and one for the cap. */
  warnings: string[];
}

interface Reference {
  start: number;
  end: number;
  url: string;
  isImage: boolean;
}

/**
 * Brings the images of `posts` to this site: every image of a post's markdown (`![...](url)`,
 * and a link straight to an image file, as a thumbnail links to its full size) and its cover
 * whose origin the import knows, read or fetched (CONCURRENCY at once, at most IMPORT_IMAGES_MAX),
 * stored as uploads, and the references rewritten to them. An image that cannot be brought keeps
 * its address, with a warning; the import goes on. Code blocks and spans are left as they are.
 */
export async function bringImages(
  posts: ImportedPost[],
  bringing: ImageBringing,
  options: { signal?: AbortSignal; budgetMs?: number } = {},
): Promise<BroughtImages> {
  const deadline = performance.now() + (options.budgetMs ?? IMAGE_TIME_BUDGET_MS);
  const origins = new Map<string, ImageOrigin>();
  const wanted = [];
  let since = performance.now();
  for (const post of posts) {
    // Readers are served between posts: 2,000 posts are scanned in slices of a few milliseconds.
    if (performance.now() - since > SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      since = performance.now();
    }
    const references = imageReferences(post.content).flatMap((reference) => {
      const origin = bringing.originOf(reference.url, post, reference.isImage);
      if (!origin) return [];
      origins.set(origin.key, origins.get(origin.key) ?? origin);
      return [{ ...reference, key: origin.key }];
    });
    const cover = post.featuredImage ? bringing.originOf(post.featuredImage, post, true) : undefined;
    if (cover) origins.set(cover.key, origins.get(cover.key) ?? cover);
    wanted.push({ post, references, cover: cover?.key });
  }

  const result: BroughtImages = { created: [], brought: 0, warnings: [] };
  // Brought before: used again as they are, even once their old site is gone.
  const paths = new Map(bringing.known ? await bringing.known([...origins.keys()]) : []);
  result.brought += paths.size;
  const keys = [...origins.keys()].filter((key) => !paths.has(key));
  if (keys.length > IMPORT_IMAGES_MAX) {
    result.warnings.push(
      `${keys.length} images to bring, ${IMPORT_IMAGES_MAX} at most in one import: the other ${keys.length - IMPORT_IMAGES_MAX} keep their old addresses (import the file again to bring the next ones)`,
    );
  }
  const limit = pLimit(CONCURRENCY);
  let late = 0;
  await Promise.all(
    keys.slice(0, IMPORT_IMAGES_MAX).map((key) =>
      limit(async () => {
        // The import was stopped (the client left, the server is stopping): nothing more is
        // fetched; the caller removes what was stored and changes nothing.
        if (options.signal?.aborted) return;
        if (performance.now() > deadline) {
          late++;
          return;
        }
        const origin = origins.get(key)!;
        try {
          const stored = await bringing.store(await origin.read());
          paths.set(key, stored.path);
          if (stored.created) result.created.push(stored.id);
          result.brought += 1;
          await bringing.remember?.(key, stored.id);
        } catch (error) {
          result.warnings.push(`Image ${origin.label} not brought (${reasonOf(error)}): it keeps its old address`);
        }
      }),
    ),
  );
  if (late > 0) {
    result.warnings.push(
      `${late} image(s) not brought: bringing images took longer than ${(options.budgetMs ?? IMAGE_TIME_BUDGET_MS) / 60_000} minutes; they keep their old addresses (import the file again to bring them)`,
    );
  }

  for (const { post, references, cover } of wanted) {
    let content = post.content;
    let here = 0;
    // From the end, so that earlier offsets hold.
    for (const reference of [...references].reverse()) {
      const local = paths.get(reference.key);
      if (local) {
        content = `${content.slice(0, reference.start)}${local}${content.slice(reference.end)}`;
        here++;
      }
    }
    if (content.length <= LIMITS.content) post.content = content;
    else {
      // Addresses here are longer than `a.png`: a post at the limit keeps its old ones.
      const warning = 'its images keep their old addresses: with the addresses here it would be longer than a post may be';
      result.warnings.push(`"${post.title}": ${warning}`);
      noteKept(post, [warning]);
      here = 0;
    }
    const localCover = cover && paths.get(cover);
    if (localCover) post.featuredImage = localCover;
    const total = references.length + (cover ? 1 : 0);
    const brought = here + (localCover ? 1 : 0);
    if (brought > 0) noteConverted(post, [`${counted(brought, 'image')} brought to this site`]);
    if (brought < total) noteKept(post, [`${counted(total - brought, 'image')} kept at the old address`]);
  }
  return result;
}

function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^The page /, 'the address ').replace(/\.$/, '');
}

const FENCE = /^\s{0,3}(`{3,}|~{3,})/;
/** A label longer than this is no image's. */
const LABEL_MAX = 1_000;
const ANGLE_DESTINATION = /<([^<>\n]*)>/y;
const PLAIN_DESTINATION = /[^\s()<>]*/y;

/**
 * Image destinations of markdown, and link destinations that are image files, outside code: at
 * each `](`, the destination after it, and whether its label opened with `![`. One pass over a line
 * pairs its brackets (labelOpenings), so that a line of 250,000 `](` costs as little as any other:
 * linear on any post.
 */
export function imageReferences(markdown: string): Reference[] {
  const found: Reference[] = [];
  let offset = 0;
  let fence: string | undefined;
  for (const line of markdown.split('\n')) {
    const fenceMatch = FENCE.exec(line);
    if (fence) {
      if (fenceMatch && fenceMatch[1]!.startsWith(fence)) fence = undefined;
    } else if (fenceMatch) {
      fence = fenceMatch[1]!;
    } else {
      const spans = codeSpans(line);
      const openings = line.includes('](') ? labelOpenings(line) : undefined;
      let span = 0;
      for (let at = line.indexOf('](', 0); at >= 0; at = line.indexOf('](', at + 2)) {
        while (span < spans.length && spans[span]![1] <= at) span++;
        if ((span < spans.length && spans[span]![0] <= at) || line[at - 1] === '\\') continue;
        const opening = openings?.[at] ?? -1;
        if (opening < 0 || at - opening > LABEL_MAX) continue;
        let start = at + 2;
        while (line[start] === ' ' || line[start] === '\t') start++;
        const pattern = line[start] === '<' ? ANGLE_DESTINATION : PLAIN_DESTINATION;
        pattern.lastIndex = start;
        const match = pattern.exec(line);
        const url = pattern === ANGLE_DESTINATION ? match?.[1] : match?.[0];
        const urlStart = pattern === ANGLE_DESTINATION ? start + 1 : start;
        const isImage = opening > 0 && line[opening - 1] === '!';
        if (!url || (!isImage && !IMAGE_EXTENSION.test(url.split(/[?#]/)[0]!))) continue;
        found.push({ start: offset + urlStart, end: offset + urlStart + url.length, url, isImage });
      }
    }
    offset += line.length + 1;
  }
  // By where the destinations are (a link's comes after the image inside it): rewritten from the end.
  return found.sort((a, b) => a.start - b.start);
}

/**
 * Where the label closed by each `]` of `line` opens (its `[`; -1: none), nested and escaped
 * brackets skipped.
 */
function labelOpenings(line: string): Int32Array {
  const openings = new Int32Array(line.length).fill(-1);
  const open: number[] = [];
  for (let index = 0; index < line.length; index++) {
    const char = line[index];
    if ((char !== '[' && char !== ']') || line[index - 1] === '\\') continue;
    if (char === '[') open.push(index);
    else {
      const start = open.pop();
      if (start !== undefined) openings[index] = start;
    }
  }
  return openings;
}

function codeSpans(line: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  for (const match of line.matchAll(/(`+)[^`]*?\1/g)) spans.push([match.index, match.index + match[0].length]);
  return spans;
}

/**
 * Origins of the images of a zip of markdown files: a reference relative to the post's file, or a
 * site path (`/img/a.png`) looked up where Hugo (`static/`), Astro (`public/`) and Jekyll (the
 * site's root) keep what they publish at that path.
 */
export function zipImageOrigins(entries: ReadonlySet<string>, read: (name: string) => Promise<Uint8Array>) {
  return (reference: string, post: ImportedPost): ImageOrigin | undefined => {
    if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(reference) || !post.source.startsWith('markdown:')) return undefined;
    const file = post.source.slice('markdown:'.length);
    let target: string;
    try {
      target = decodeURI(reference.split(/[?#]/)[0]!);
    } catch {
      return undefined;
    }
    if (!IMAGE_EXTENSION.test(target)) return undefined;
    const folder = path.dirname(file);
    const candidates: string[] = [];
    if (target.startsWith('/')) {
      const root = siteRootOf(file);
      for (const publish of ['static', 'public', '']) candidates.push(path.join(root, publish, target));
    } else candidates.push(path.join(folder, target));
    const name = candidates.map((candidate) => candidate.replace(/^\.?\//, '')).find((candidate) => entries.has(candidate));
    return name ? { key: `zip:${name}`, label: name, read: () => read(name) } : undefined;
  };
}

/** The folder of a generator's site a file is in: what comes before `content/`, `src/` or `_posts/`. */
function siteRootOf(file: string): string {
  const segments = file.split('/');
  const at = segments.findIndex(
    (segment, index) => index < segments.length - 1 && ['content', 'src', '_posts'].includes(segment),
  );
  return at > 0 ? segments.slice(0, at).join('/') : '';
}

/**
 * Origins of the images of a WordPress or Ghost export: absolute http(s) addresses, and paths
 * of the old site (`/wp-content/uploads/...`) read against the post's old address, else under
 * `from`, the old site's address the author gave (Ghost's `/content/images/...` is under its
 * folder: `https://a.example/blog/` + `/content/images/x.jpg`), fetched.
 */
export function fetchedImageOrigins(fetchImage: (url: string) => Promise<Uint8Array>, from?: string) {
  const site = from ? new URL(from) : undefined;
  return (reference: string, post: ImportedPost, isImage: boolean): ImageOrigin | undefined => {
    const base = post.oldPaths?.find((address) => /^https?:\/\//i.test(address));
    let url: URL;
    try {
      url =
        !base && site && reference.startsWith('/') && !reference.startsWith('//')
          ? new URL(`${site.pathname.replace(/\/+$/, '')}${reference}`, site)
          : new URL(reference, base ?? site);
    } catch {
      return undefined;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    if (!isImage && !IMAGE_EXTENSION.test(url.pathname)) return undefined;
    url.hash = '';
    return { key: `url:${url.href}`, label: url.href, read: () => fetchImage(url.href) };
  };
}
