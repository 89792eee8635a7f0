import { EXCERPT_GENERATE_LENGTH, WORDS_PER_MINUTE } from './constants.ts';

/**
 * SPEC.md section 5: lowercase, every run of characters outside a-z and 0-9 becomes one hyphen,
 * leading and trailing hyphens removed.
 */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? 0 : trimmed.split(/\s+/).length;
}

/** Minutes to read at 200 words a minute, rounded up (SPEC.md section 5). */
export function readTimeMinutes(content: string): number {
  return Math.ceil(countWords(content) / WORDS_PER_MINUTE);
}

/** "Generate from content": strip # * ` [ ] ( ), keep 200 characters, '...' when cut there. */
export function generateExcerpt(content: string): string {
  const plain = content.replace(/[#*`[\]()]/g, '').trim();
  const head = plain.slice(0, EXCERPT_GENERATE_LENGTH);
  return head.length === EXCERPT_GENERATE_LENGTH ? `${head}...` : head;
}

/** Fallback excerpt of a card or preview: the first `length` characters of content plus an ellipsis. */
export function truncateWithEllipsis(content: string, length: number): string {
  return content.length > length ? `${content.slice(0, length)}...` : content;
}

/** Page description when a post has no excerpt: first 160 characters with # and * removed. */
export function describeContent(content: string, length: number): string {
  return content.replace(/[#*]/g, '').replace(/\s+/g, ' ').trim().slice(0, length);
}
