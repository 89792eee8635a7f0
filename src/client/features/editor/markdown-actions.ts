/**
 * The formatting toolbar's edits as pure functions of the text and the selection, so that every
 * action can be tested without a browser. Each returns the new text and the selection to restore:
 * the wrapped text (or the placeholder, ready to be typed over) stays selected.
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

const PLACEHOLDERS = {
  bold: 'bold text',
  italic: 'italic text',
  heading: 'Heading',
  link: 'link text',
  image: 'alt text',
  code: 'code',
  quote: 'Quote',
  list: 'List item',
} as const;

function wrap(text: string, start: number, end: number, before: string, after: string, placeholder: string): TextEdit {
  const selected = text.slice(start, end) || placeholder;
  const next = text.slice(0, start) + before + selected + after + text.slice(end);
  return { text: next, selectionStart: start + before.length, selectionEnd: start + before.length + selected.length };
}

/** Prefixes every line touched by the selection (or a placeholder line at the caret). */
function prefixLines(
  text: string,
  start: number,
  end: number,
  prefixFor: (index: number) => string,
  placeholder: string,
): TextEdit {
  if (start === end) {
    // At the caret: start a new line unless the caret is already at the start of one.
    const atLineStart = start === 0 || text[start - 1] === '\n';
    const lead = atLineStart ? '' : '\n';
    const prefix = prefixFor(0);
    const next = text.slice(0, start) + lead + prefix + placeholder + text.slice(end);
    const from = start + lead.length + prefix.length;
    return { text: next, selectionStart: from, selectionEnd: from + placeholder.length };
  }
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  // Whole lines: up to the end of the line the selection ends in (not into the next one when the
  // selection stops right after a line break).
  const stop = text[end - 1] === '\n' ? end - 1 : end;
  const newline = text.indexOf('\n', stop);
  const lineEnd = newline === -1 ? text.length : newline;
  const block = text.slice(lineStart, lineEnd);
  const prefixed = block
    .split('\n')
    .map((line, index) => prefixFor(index) + line)
    .join('\n');
  const next = text.slice(0, lineStart) + prefixed + text.slice(lineEnd);
  return { text: next, selectionStart: lineStart, selectionEnd: lineStart + prefixed.length };
}

const letter = (index: number) => String.fromCharCode(97 + (index % 26));

export function applyMarkdownAction(text: string, start: number, end: number, action: MarkdownAction): TextEdit {
  switch (action.kind) {
    case 'bold':
      return wrap(text, start, end, '**', '**', PLACEHOLDERS.bold);
    case 'italic':
      return wrap(text, start, end, '*', '*', PLACEHOLDERS.italic);
    case 'code':
      return wrap(text, start, end, '`', '`', PLACEHOLDERS.code);
    case 'link':
      return wrap(text, start, end, '[', '](https://)', PLACEHOLDERS.link);
    case 'image':
      return wrap(text, start, end, '![', '](https://)', PLACEHOLDERS.image);
    case 'heading':
      return prefixLines(text, start, end, () => '## ', PLACEHOLDERS.heading);
    case 'quote':
      return prefixLines(text, start, end, () => '> ', PLACEHOLDERS.quote);
    case 'list': {
      const prefixFor = {
        dash: () => '- ',
        star: () => '* ',
        plus: () => '+ ',
        numbered: (i: number) => `${i + 1}. `,
        letter: (i: number) => `${letter(i)}. `,
      }[action.style];
      return prefixLines(text, start, end, prefixFor, PLACEHOLDERS.list);
    }
  }
}

/** Inserts text at the caret (replacing any selection) and puts the caret after it. */
export function insertAtCaret(text: string, start: number, end: number, insert: string): TextEdit {
  const next = text.slice(0, start) + insert + text.slice(end);
  const caret = start + insert.length;
  return { text: next, selectionStart: caret, selectionEnd: caret };
}

/** `![photo](/objects/uploads/…)` for an uploaded file: alt text is the name without extension. */
export function imageMarkdown(fileName: string, objectPath: string): string {
  const alt = fileName.replace(/\.[^.]+$/, '').replace(/[[\]]/g, '');
  return `![${alt}](${objectPath})`;
}
