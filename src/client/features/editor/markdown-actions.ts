/**
 * The formatting toolbar's edits as pure functions of the text and the selection, so that every
 * action can be tested without a browser. Each returns the new text and the selection to restore:
 * the wrapped text (or the placeholder, ready to be typed over) stays selected.
 *
 * The edits must leave markdown that renders as the author meant: an inline wrap never takes in a
 * line's block marker (`## [When](https://)`, not `[## When](https://)`) and never spans a line
 * break (markdown does not render `**a\nb**` across paragraphs), and pressing a button again on text
 * that already has its mark removes the mark instead of stacking a second one.
 */
export interface TextEdit {
  text: string;
  selectionStart: number;
  selectionEnd: number;
}

export type ListStyle = 'dash' | 'star' | 'plus' | 'numbered' | 'letter';

export type MarkdownAction =
  | { kind: 'bold' }
  | { kind: 'italic' }
  | { kind: 'heading' }
  | { kind: 'link' }
  | { kind: 'image' }
  | { kind: 'code' }
  | { kind: 'quote' }
  | { kind: 'list'; style: ListStyle };

type InlineKind = 'bold' | 'italic' | 'code' | 'link' | 'image';

interface InlineStyle {
  before: string;
  after: string;
  placeholder: string;
  /** Whether the delimiter runs around a text (their lengths) already give it this style. */
  isOn?: (runBefore: number, runAfter: number) => boolean;
  /** A selected URL becomes the target, the placeholder the text. */
  takesUrl?: boolean;
}

const INLINE: Record<InlineKind, InlineStyle> = {
  bold: { before: '**', after: '**', placeholder: 'bold text', isOn: (b, a) => b >= 2 && a >= 2 },
  // An odd run is italic: `*x*` and `***x***` are, `**x**` is not.
  italic: { before: '*', after: '*', placeholder: 'italic text', isOn: (b, a) => b % 2 === 1 && a % 2 === 1 },
  code: { before: '`', after: '`', placeholder: 'code', isOn: (b, a) => b >= 1 && a >= 1 },
  link: { before: '[', after: '](https://)', placeholder: 'link text', takesUrl: true },
  image: { before: '![', after: '](https://)', placeholder: 'alt text', takesUrl: true },
};

const LINE_PLACEHOLDERS = { heading: 'Heading', quote: 'Quote', list: 'List item' } as const;

// A line's block markers: indentation, quote levels, then at most one heading or list marker.
const BLOCK_PREFIX = /^([ \t]*)((?:>[ \t]*)*)((?:#{1,6}|[-*+]|\d{1,9}\.|[a-z]\.)[ \t]+)?/;
const URL = /^https?:\/\/\S+$/;

interface LineParts {
  indent: string;
  quote: string;
  marker: string;
  content: string;
}

function partsOf(line: string): LineParts {
  const match = BLOCK_PREFIX.exec(line);
  const [prefix = '', indent = '', quote = '', marker = ''] = match ?? [];
  return { indent, quote, marker, content: line.slice(prefix.length) };
}

function listStyleOf(marker: string): ListStyle | undefined {
  const symbol = marker.trimEnd();
  if (symbol === '-') return 'dash';
  if (symbol === '*') return 'star';
  if (symbol === '+') return 'plus';
  if (/^\d+\.$/.test(symbol)) return 'numbered';
  if (/^[a-z]\.$/.test(symbol)) return 'letter';
  return undefined;
}

const letter = (index: number) => String.fromCharCode(97 + (index % 26));

function listMarker(style: ListStyle, index: number): string {
  return { dash: '- ', star: '* ', plus: '+ ', numbered: `${index + 1}. `, letter: `${letter(index)}. ` }[style];
}

/** One change to the text; `select` is the part of `insert` to select afterwards. */
interface Replacement {
  from: number;
  to: number;
  insert: string;
  select: [number, number];
}

/** Applies ordered, non-overlapping replacements; the selection runs from the first one's to the last one's. */
function applyReplacements(text: string, replacements: Replacement[]): TextEdit {
  let next = '';
  let cursor = 0;
  let shift = 0;
  let selectionStart = 0;
  let selectionEnd = 0;
  replacements.forEach((replacement, index) => {
    next += text.slice(cursor, replacement.from) + replacement.insert;
    const at = replacement.from + shift;
    if (index === 0) selectionStart = at + replacement.select[0];
    selectionEnd = at + replacement.select[1];
    shift += replacement.insert.length - (replacement.to - replacement.from);
    cursor = replacement.to;
  });
  return { text: next + text.slice(cursor), selectionStart, selectionEnd };
}

function lineBounds(text: string, position: number): [number, number] {
  const start = text.lastIndexOf('\n', position - 1) + 1;
  const newline = text.indexOf('\n', position);
  return [start, newline === -1 ? text.length : newline];
}

/** The selected text of each line, without the line's block marker and surrounding spaces. */
function contentSegments(text: string, start: number, end: number): Array<[number, number]> {
  const segments: Array<[number, number]> = [];
  let [lineStart, lineEnd] = lineBounds(text, start);
  for (;;) {
    const line = text.slice(lineStart, lineEnd);
    let from = Math.max(start, lineStart + line.length - partsOf(line).content.length);
    let to = Math.min(end, lineEnd);
    while (from < to && /\s/.test(text[from]!)) from++;
    while (to > from && /\s/.test(text[to - 1]!)) to--;
    if (from < to) segments.push([from, to]);
    if (lineEnd >= end || lineEnd === text.length) return segments;
    [lineStart, lineEnd] = lineBounds(text, lineEnd + 1);
  }
}

function runLength(text: string, from: number, step: 1 | -1, char: string): number {
  let count = 0;
  while (text[from + count * step] === char) count++;
  return count;
}

function inlineEdit(text: string, start: number, end: number, style: InlineStyle): TextEdit {
  const segments = contentSegments(text, start, end);
  if (segments.length === 0) {
    // Nothing but markers or spaces selected: a placeholder, after the line's marker.
    const [lineStart, lineEnd] = lineBounds(text, end);
    const line = text.slice(lineStart, lineEnd);
    const at = Math.max(end, lineStart + line.length - partsOf(line).content.length);
    const insert = style.before + style.placeholder + style.after;
    return applyReplacements(text, [
      { from: at, to: at, insert, select: [style.before.length, style.before.length + style.placeholder.length] },
    ]);
  }
  const states = segments.map(([from, to]) => {
    if (!style.isOn) return { on: false, inner: [from, to] as const };
    // Look through the delimiters inside the selection, so `**x**` selected counts as bold.
    const char = style.before[0]!;
    let innerFrom = from;
    let innerTo = to;
    while (innerFrom < innerTo && text[innerFrom] === char) innerFrom++;
    while (innerTo > innerFrom && text[innerTo - 1] === char) innerTo--;
    if (innerFrom === innerTo) return { on: false, inner: [from, to] as const };
    const on = style.isOn(runLength(text, innerFrom - 1, -1, char), runLength(text, innerTo, 1, char));
    return { on, inner: [innerFrom, innerTo] as const };
  });
  const unwrap = states.every((state) => state.on);
  const replacements = segments.map(([from, to], index): Replacement => {
    const { on, inner } = states[index]!;
    const [innerFrom, innerTo] = inner;
    if (unwrap) {
      const width = style.before.length;
      return {
        from: innerFrom - width,
        to: innerTo + width,
        insert: text.slice(innerFrom, innerTo),
        select: [0, innerTo - innerFrom],
      };
    }
    const selected = text.slice(from, to);
    // Already on: left as it is, its text selected so that the next press turns every line off.
    if (on) return { from, to, insert: selected, select: [innerFrom - from, innerTo - from] };
    const open = style.before.length;
    if (style.takesUrl && URL.test(selected)) {
      const insert = `${style.before}${style.placeholder}](${selected})`;
      return { from, to, insert, select: [open, open + style.placeholder.length] };
    }
    return { from, to, insert: style.before + selected + style.after, select: [open, open + selected.length] };
  });
  return applyReplacements(text, replacements);
}

type LineAction = Extract<MarkdownAction, { kind: 'heading' | 'quote' | 'list' }>;

/** Whether a line already has the mark the action adds (so that the action removes it). */
function hasMark(parts: LineParts, action: LineAction): boolean {
  if (action.kind === 'heading') return parts.quote === '' && parts.marker.trimEnd() === '##';
  if (action.kind === 'quote') return parts.quote !== '';
  return listStyleOf(parts.marker) === action.style;
}

/** The new block prefix of a line (in place of its indentation, quote levels and marker). */
function newPrefix(parts: LineParts, action: LineAction, remove: boolean, index: number): string {
  const { indent, quote, marker } = parts;
  switch (action.kind) {
    // A heading cannot sit in a list or a quote: it replaces their markers.
    case 'heading':
      return remove ? indent : '## ';
    case 'quote':
      if (remove) return indent + quote.replace(/^>[ \t]?/, '') + marker;
      return quote === '' ? `> ${indent}${marker}` : indent + quote + marker;
    case 'list':
      return indent + quote + (remove ? '' : listMarker(action.style, index));
  }
}

function lineEdit(text: string, start: number, end: number, action: LineAction): TextEdit {
  const placeholder = LINE_PLACEHOLDERS[action.kind];
  const [lineStart] = lineBounds(text, start);
  // Whole lines: up to the end of the line the selection ends in (not into the next one when the
  // selection stops right after a line break).
  const [, lineEnd] = lineBounds(text, start < end && text[end - 1] === '\n' ? end - 1 : end);
  const lines = text.slice(lineStart, lineEnd).split('\n').map(partsOf);
  const filled = lines.flatMap((parts, index) => (parts.content.trim() ? [index] : []));

  if (filled.length === 0) {
    // An empty line: the marker and a selected placeholder to type over.
    const [, firstLineEnd] = lineBounds(text, start);
    const prefix = newPrefix(lines[0]!, action, false, 0);
    return applyReplacements(text, [
      {
        from: lineStart,
        to: firstLineEnd,
        insert: prefix + placeholder,
        select: [prefix.length, prefix.length + placeholder.length],
      },
    ]);
  }
  const remove = filled.every((index) => hasMark(lines[index]!, action));
  const [first = 0, last = 0] = [filled[0], filled.at(-1)];
  const prefixes = lines.map((parts, index) => {
    const counted = filled.indexOf(index);
    if (counted !== -1) return newPrefix(parts, action, remove, counted);
    // Blank lines between quoted ones keep the quote one block; other blank lines stay as they are.
    if (action.kind === 'quote' && !remove && index > first && index < last) return '>';
    return parts.indent + parts.quote + parts.marker;
  });
  const block = lines.map((parts, index) => prefixes[index]! + parts.content).join('\n');
  if (start === end) {
    // A caret stays where it was in the line's text.
    const parts = lines[0]!;
    const oldPrefix = parts.indent.length + parts.quote.length + parts.marker.length;
    const caret = lineStart + prefixes[0]!.length + Math.max(0, start - lineStart - oldPrefix);
    return { text: text.slice(0, lineStart) + block + text.slice(lineEnd), selectionStart: caret, selectionEnd: caret };
  }
  return applyReplacements(text, [{ from: lineStart, to: lineEnd, insert: block, select: [0, block.length] }]);
}

export function applyMarkdownAction(text: string, start: number, end: number, action: MarkdownAction): TextEdit {
  switch (action.kind) {
    case 'heading':
    case 'quote':
    case 'list':
      return lineEdit(text, start, end, action);
    default:
      return inlineEdit(text, start, end, INLINE[action.kind]);
  }
}

/** The text area's shortcuts, with Ctrl (or Cmd on a Mac): the same edits as the toolbar's buttons. */
export const SHORTCUT_KEYS: Partial<Record<MarkdownAction['kind'], string>> = { bold: 'B', italic: 'I', link: 'K' };

export function shortcutAction(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}): MarkdownAction | undefined {
  if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return undefined;
  const key = event.key.toUpperCase();
  const kind = (['bold', 'italic', 'link'] as const).find((candidate) => SHORTCUT_KEYS[candidate] === key);
  return kind && { kind };
}

/**
 * Puts a block (an uploaded image) on its own lines at the caret, replacing any selection: a blank
 * line before and after it unless one is there already, so that it is not read as part of the
 * paragraph around it. The caret goes right after the block.
 */
export function insertBlock(text: string, start: number, end: number, block: string): TextEdit {
  // Spaces around the caret would be left dangling at a line's end or start.
  const before = text.slice(0, start).replace(/[ \t]+$/, '');
  const after = text.slice(end).replace(/^[ \t]+/, '');
  let lead = '\n\n';
  if (before === '' || /(^|\n)[ \t]*\n$/.test(before)) lead = '';
  else if (before.endsWith('\n')) lead = '\n';
  let trail = '\n\n';
  if (after === '' || /^\n[ \t]*(\n|$)/.test(after)) trail = '';
  else if (after.startsWith('\n')) trail = '\n';
  const caret = before.length + lead.length + block.length;
  return { text: before + lead + block + trail + after, selectionStart: caret, selectionEnd: caret };
}

/** `![photo](/objects/uploads/…)` for an uploaded file: alt text is the name without extension. */
export function imageMarkdown(fileName: string, objectPath: string): string {
  const alt = fileName.replace(/\.[^.]+$/, '').replace(/[[\]]/g, '');
  return `![${alt}](${objectPath})`;
}
