import { describe, expect, it } from 'vitest';
import { applyMarkdownAction, imageMarkdown, insertAtCaret, type MarkdownAction } from './markdown-actions.ts';

const selected = (edit: { text: string; selectionStart: number; selectionEnd: number }) =>
  edit.text.slice(edit.selectionStart, edit.selectionEnd);

describe('inline actions', () => {
  const cases: Array<[MarkdownAction, string, string]> = [
    [{ kind: 'bold' }, 'say **hello** now', 'bold text'],
    [{ kind: 'italic' }, 'say *hello* now', 'italic text'],
    [{ kind: 'code' }, 'say `hello` now', 'code'],
    [{ kind: 'link' }, 'say [hello](https://) now', 'link text'],
    [{ kind: 'image' }, 'say ![hello](https://) now', 'alt text'],
  ];
  it.each(cases)('%o wraps the selection and keeps it selected', (action, expected) => {
    const edit = applyMarkdownAction('say hello now', 4, 9, action);
    expect(edit.text).toBe(expected);
    expect(selected(edit)).toBe('hello');
  });
  it.each(cases)('%o inserts a selected placeholder at the caret without a selection', (action, _expected, placeholder) => {
    const edit = applyMarkdownAction('ab', 1, 1, action);
    expect(selected(edit)).toBe(placeholder);
    expect(edit.text.startsWith('a')).toBe(true);
    expect(edit.text.endsWith('b')).toBe(true);
  });
});

describe('line actions', () => {
  it('turns the selected line into a heading', () => {
    const edit = applyMarkdownAction('intro\ntitle here\nrest', 8, 12, { kind: 'heading' });
    expect(edit.text).toBe('intro\n## title here\nrest');
    expect(selected(edit)).toBe('## title here');
  });
  it('quotes every selected line', () => {
    expect(applyMarkdownAction('one\ntwo', 0, 7, { kind: 'quote' }).text).toBe('> one\n> two');
  });
  it('starts a new line for a placeholder when the caret is inside a line', () => {
    const edit = applyMarkdownAction('text', 4, 4, { kind: 'list', style: 'dash' });
    expect(edit.text).toBe('text\n- List item');
    expect(selected(edit)).toBe('List item');
  });
  it.each([
    ['dash', '- a\n- b\n- c'],
    ['star', '* a\n* b\n* c'],
    ['plus', '+ a\n+ b\n+ c'],
    ['numbered', '1. a\n2. b\n3. c'],
    ['letter', 'a. a\nb. b\nc. c'],
  ] as const)('makes a %s list of the selected lines', (style, expected) => {
    expect(applyMarkdownAction('a\nb\nc', 0, 5, { kind: 'list', style }).text).toBe(expected);
  });
});

describe('uploads', () => {
  it('uses the file name without its extension as alt text', () => {
    expect(imageMarkdown('team photo.final.jpg', '/objects/uploads/1')).toBe('![team photo.final](/objects/uploads/1)');
  });
  it('inserts at the caret and moves the caret after the insertion', () => {
    const edit = insertAtCaret('ab', 1, 1, 'XY');
    expect(edit).toEqual({ text: 'aXYb', selectionStart: 3, selectionEnd: 3 });
  });
});
