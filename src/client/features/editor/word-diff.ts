import { diffWords } from 'diff';

/** A run of text in a comparison: in both texts, only in the second (`added`) or only in the first (`removed`). */
export interface DiffSegment {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/** Longest a comparison may take before it gives up (a whole rewrite of a long post). */
const DIFF_TIMEOUT_MS = 1000;

/**
 * Word-level changes from `from` to `to` (jsdiff's diffWords), neighbours of one kind merged.
 * Undefined when the texts differ too much to compare in time.
 */
export function wordDiff(from: string, to: string): DiffSegment[] | undefined {
  const changes = diffWords(from, to, { timeout: DIFF_TIMEOUT_MS });
  if (!changes) return undefined;
  const segments: DiffSegment[] = [];
  for (const change of changes) {
    const kind = change.added ? 'added' : change.removed ? 'removed' : 'same';
    const last = segments.at(-1);
    if (last?.kind === kind) last.text += change.value;
    else if (change.value) segments.push({ kind, text: change.value });
  }
  return segments;
}

/** What a comparison shows: a segment, or the count of unchanged words left out between two changes. */
export type DiffPart = DiffSegment | { kind: 'skipped'; words: number };

/** A text as words, each with the whitespace around it (a token may start with a space). */
const wordTokens = (text: string) => text.match(/\s*\S+\s*/g) ?? [];

/**
 * Long unchanged stretches shrink to `context` words on each side of a change, so the changes of a
 * long post fit on screen; the words left out are counted.
 */
export function collapseUnchanged(segments: DiffSegment[], context = 12): DiffPart[] {
  const parts: DiffPart[] = [];
  segments.forEach((segment, index) => {
    if (segment.kind !== 'same') return void parts.push(segment);
    const tokens = wordTokens(segment.text);
    const keepBefore = index === 0 ? 0 : context;
    const keepAfter = index === segments.length - 1 ? 0 : context;
    if (tokens.length <= keepBefore + keepAfter + 1) return void parts.push(segment);
    const head = tokens.slice(0, keepBefore).join('');
    const tail = tokens.slice(tokens.length - keepAfter).join('');
    const skipped = tokens.slice(keepBefore, tokens.length - keepAfter).filter((token) => token.trim() !== '').length;
    if (head) parts.push({ kind: 'same', text: head });
    parts.push({ kind: 'skipped', words: skipped });
    if (tail) parts.push({ kind: 'same', text: tail });
  });
  return parts;
}

/** True when the two texts differ in words (whitespace alone does not count). */
export const changed = (segments: DiffSegment[]) => segments.some((segment) => segment.kind !== 'same');
