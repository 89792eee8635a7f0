import { describe, expect, it } from 'vitest';
import { changed, collapseUnchanged, wordDiff } from './word-diff.ts';

describe('wordDiff', () => {
  it('marks the words only in the first text removed and those only in the second added', () => {
    const segments = wordDiff('The quick brown fox', 'The slow brown fox jumps')!;
    expect(segments.filter((s) => s.kind === 'removed').map((s) => s.text.trim())).toEqual(['quick']);
    expect(segments.filter((s) => s.kind === 'added').map((s) => s.text.trim())).toEqual(['slow', 'jumps']);
    // Each side reads back in full (jsdiff moves whitespace between runs, so compare the words).
    const side = (skip: string) =>
      segments
        .map((s) => (s.kind === skip ? ' ' : s.text))
        .join('')
        .split(/\s+/)
        .filter(Boolean);
    expect(side('added')).toEqual(['The', 'quick', 'brown', 'fox']);
    expect(side('removed')).toEqual(['The', 'slow', 'brown', 'fox', 'jumps']);
    expect(changed(segments)).toBe(true);
  });
  it('merges neighbours of one kind and sees no change in equal texts', () => {
    const segments = wordDiff('a b c', 'x y z')!;
    expect(segments.map((s) => s.kind)).toEqual(['removed', 'added']);
    expect(changed(wordDiff('same words', 'same words')!)).toBe(false);
  });
});

describe('collapseUnchanged', () => {
  const words = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `w${from + i}`).join(' ');

  it('keeps a few words of context around a change and counts the words left out', () => {
    const before = `${words(0, 50)} old ${words(50, 100)}`;
    const after = `${words(0, 50)} new ${words(50, 100)}`;
    const parts = collapseUnchanged(wordDiff(before, after)!, 3);
    expect(parts[0]).toEqual({ kind: 'skipped', words: expect.any(Number) });
    const shown = parts.map((p) => ('text' in p ? p.text : `[${p.words}]`)).join('');
    expect(shown).toContain('w47 w48 w49 oldnew w50 w51 w52');
    const skipped = parts.flatMap((p) => (p.kind === 'skipped' ? [p.words] : []));
    const kept = shown.match(/w\d+/g)!.length;
    expect(skipped.reduce((a, b) => a + b, 0) + kept).toBe(100);
  });
  it('leaves short unchanged stretches whole', () => {
    const segments = wordDiff('one two three four', 'one two THREE four')!;
    expect(collapseUnchanged(segments, 3)).toEqual(segments);
  });
});
