import type { ImportedComment, ImportedPost } from './types.ts';

/**
 * What the import report says of one post (issue 22, "a report the mover can read"): what was
 * turned into its equivalent here (`converted`) and what was left as it was, cut or left out
 * (`kept`, the post's own warnings without its label). Each parser fills them as it reads.
 */

export const counted = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** Constructs of a post's HTML (WordPress, Ghost) that the conversion turns into markdown of their own. */
const HTML_CONSTRUCTS: ReadonlyArray<[RegExp, string]> = [
  [/<table[\s>]/gi, 'table'],
  // A <pre>, or a <code> of several lines outside one (html-to-markdown.ts makes it a block).
  [/<pre[\s>]|(?<!<pre\b[^>]*>\s*)<code\b[^>]*>[^<]*\n/gi, 'code block'],
  [/<(?:sup|sub)[\s>]/gi, 'superscript or subscript'],
  [/<address[\s>]/gi, 'address with its line breaks'],
];

/** The constructs of `html` the conversion keeps in their markdown form, counted: `2 tables`. */
export function htmlConversions(html: string): string[] {
  const found: string[] = [];
  for (const [pattern, name] of HTML_CONSTRUCTS) {
    const count = html.match(pattern)?.length ?? 0;
    if (count > 0) found.push(counted(count, name, name.endsWith('subscript') ? 'superscripts or subscripts' : undefined));
  }
  return found;
}

/** `3 comments, 1 a reply in its thread`. */
export function commentConversions(comments: readonly ImportedComment[]): string[] {
  if (comments.length === 0) return [];
  const replies = comments.filter((comment) => comment.parentSourceId).length;
  return [
    `${counted(comments.length, 'comment')}${replies > 0 ? `, ${replies} as ${replies === 1 ? 'a reply' : 'replies'} in their thread` : ''}`,
  ];
}

/** Adds `converted` lines to the post's notes. */
export function noteConverted(post: ImportedPost, converted: readonly string[]): void {
  if (converted.length === 0) return;
  post.notes = { converted: [...(post.notes?.converted ?? []), ...converted], kept: post.notes?.kept ?? [] };
}

/**
 * The warnings pushed since index `from` that name the post by `label` (`label: what`) become its
 * `kept` notes, without the label. They stay in the import's warnings too.
 */
export function noteWarnings(post: ImportedPost, warnings: readonly string[], from: number, label: string): void {
  const prefix = `${label}: `;
  const own = warnings.slice(from).flatMap((warning) => (warning.startsWith(prefix) ? [warning.slice(prefix.length)] : []));
  noteKept(post, own);
}

/** Adds `kept` lines (what was left as it was, cut or left out) to the post's notes. */
export function noteKept(post: ImportedPost, kept: readonly string[]): void {
  if (kept.length === 0) return;
  post.notes = { converted: post.notes?.converted ?? [], kept: [...(post.notes?.kept ?? []), ...kept] };
}
