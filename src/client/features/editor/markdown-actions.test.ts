import { describe, expect, it } from 'vitest';
import {
  applyMarkdownAction,
  imageMarkdown,
  insertBlock,
  shortcutAction,
  type MarkdownAction,
  type TextEdit,
} from './markdown-actions.ts';

// Texts with the selection marked: `{` and `}` around it, or `|` for a caret.
function parse(marked: string): [string, number, number] {
  const caret = marked.indexOf('|');
  if (caret !== -1) return [marked.replace('|', ''), caret, caret];
  const start = marked.indexOf('{');
  const end = marked.indexOf('}') - 1;
  return [marked.replace('{', '').replace('}', ''), start, end];
}

function mark({ text, selectionStart, selectionEnd }: TextEdit): string {
  if (selectionStart === selectionEnd) return text.slice(0, selectionStart) + '|' + text.slice(selectionStart);
  return `${text.slice(0, selectionStart)}{${text.slice(selectionStart, selectionEnd)}}${text.slice(selectionEnd)}`;
}

const bold: MarkdownAction = { kind: 'bold' };
const italic: MarkdownAction = { kind: 'italic' };
const code: MarkdownAction = { kind: 'code' };
const link: MarkdownAction = { kind: 'link' };
const image: MarkdownAction = { kind: 'image' };
const heading: MarkdownAction = { kind: 'heading' };
const quote: MarkdownAction = { kind: 'quote' };
const dash: MarkdownAction = { kind: 'list', style: 'dash' };
const star: MarkdownAction = { kind: 'list', style: 'star' };
const numbered: MarkdownAction = { kind: 'list', style: 'numbered' };
const letter: MarkdownAction = { kind: 'list', style: 'letter' };

describe('applyMarkdownAction', () => {
  const rows: Array<[string, string, MarkdownAction, string]> = [
    // Inline wraps of a plain word, or a selected placeholder at a caret.
    ['bold wraps a word', 'say {hello} now', bold, 'say **{hello}** now'],
    ['italic wraps a word', 'say {hello} now', italic, 'say *{hello}* now'],
    ['code wraps a word', 'say {hello} now', code, 'say `{hello}` now'],
    ['link wraps a word', 'say {hello} now', link, 'say [{hello}](https://) now'],
    ['image wraps a word', 'say {hello} now', image, 'say ![{hello}](https://) now'],
    ['bold at a caret', 'a|b', bold, 'a**{bold text}**b'],
    ['link at a caret', 'a|b', link, 'a[{link text}](https://)b'],
    ['bold at a caret before a heading marker', '|## When', bold, '## **{bold text}**When'],
    ['spaces around the selection stay outside', 'say{ hello }now', bold, 'say **{hello}** now'],
    // Block markers stay outside inline wraps.
    ['link on a whole heading line', '{## When}', link, '## [{When}](https://)'],
    ['bold on a whole heading line', '{## When}', bold, '## **{When}**'],
    ['bold inside a heading', '## {When}', bold, '## **{When}**'],
    ['image on a quote line', '{> a cat}', image, '> ![{a cat}](https://)'],
    ['code on a numbered item', '{1. run it}', code, '1. `{run it}`'],
    ['italic on a list item in a quote', '{> - item}', italic, '> - *{item}*'],
    // Several lines: one wrap per line, empty lines left alone.
    ['bold over two lines', '{one\ntwo}', bold, '**{one**\n**two}**'],
    ['bold from the middle of a line', 'say {hello\nworld} now', bold, 'say **{hello**\n**world}** now'],
    ['italic over a list', '{- one\n- two\n\n- three}', italic, '- *{one*\n- *two*\n\n- *three}*'],
    // Toggling off, with the selection outside or inside the delimiters.
    ['bold off, asterisks selected', 'say {**hello**} now', bold, 'say {hello} now'],
    ['bold off, text selected', 'say **{hello}** now', bold, 'say {hello} now'],
    ['italic off', 'say *{hello}* now', italic, 'say {hello} now'],
    ['code off', 'say `{hello}` now', code, 'say {hello} now'],
    ['bold off over two lines', '**{one**\n**two}**', bold, '{one\ntwo}'],
    ['bold off leaves the italic', 'say ***{hello}*** now', bold, 'say *{hello}* now'],
    ['italic on bold text adds italic', 'say **{hello}** now', italic, 'say ***{hello}*** now'],
    ['bold on italic text adds bold', 'say *{hello}* now', bold, 'say ***{hello}*** now'],
    ['bold over a bold and a plain line bolds the plain one', '{**one**\ntwo}', bold, '**{one**\n**two}**'],
    // A selected URL becomes the target.
    ['link on a URL', '{https://x.example}', link, '[{link text}](https://x.example)'],
    ['image on a URL', 'see {https://x.example/a.png}', image, 'see ![{alt text}](https://x.example/a.png)'],
    // Headings.
    ['heading on a line', 'intro\ntitle {here}\nrest', heading, 'intro\n{## title here}\nrest'],
    ['heading at a caret in a line', 'Wh|en', heading, '## Wh|en'],
    ['heading placeholder in an empty text', '|', heading, '## {Heading}'],
    ['heading off', '{## When}', heading, '{When}'],
    ['heading off at a caret', '## Wh|en', heading, 'Wh|en'],
    ['heading level 1 to 2', '{# When}', heading, '{## When}'],
    ['heading level 3 to 2', '{### When}', heading, '{## When}'],
    ['heading on a list item', '{- item}', heading, '{## item}'],
    ['heading on a quote', '{> said}', heading, '{## said}'],
    // Quotes.
    ['quote on', '{one\ntwo}', quote, '{> one\n> two}'],
    ['quote off', '{> one\n> two}', quote, '{one\ntwo}'],
    ['quote over a blank line keeps one quote', '{one\n\ntwo}', quote, '{> one\n>\n> two}'],
    ['quote over a quoted and a plain line', '{> one\ntwo}', quote, '{> one\n> two}'],
    ['quote stops at a selection ending after a line break', '{one\n}two', quote, '{> one}\ntwo'],
    // Lists.
    ['dash list on', '{a\nb}', dash, '{- a\n- b}'],
    ['dash list off', '{- a\n- b}', dash, '{a\nb}'],
    ['dash to numbered', '{- a\n- b}', numbered, '{1. a\n2. b}'],
    ['star to dash', '{* a\n* b}', dash, '{- a\n- b}'],
    ['numbered over three lines', '{a\nb\nc}', numbered, '{1. a\n2. b\n3. c}'],
    ['numbered off', '{1. a\n2. b\n3. c}', numbered, '{a\nb\nc}'],
    ['numbered skips blank lines', '{a\n\nb}', numbered, '{1. a\n\n2. b}'],
    ['letter list', '{a\nb\nc}', letter, '{a. a\nb. b\nc. c}'],
    ['list on a heading replaces it', '{## a}', star, '{* a}'],
    ['list inside a quote', '{> a\n> b}', dash, '{> - a\n> - b}'],
    ['list at a caret in a line', 'te|xt', dash, '- te|xt'],
    ['list placeholder on an empty line', 'text\n|', dash, 'text\n- {List item}'],
  ];
  it.each(rows)('%s', (_name, marked, action, expected) => {
    const [text, start, end] = parse(marked);
    expect(mark(applyMarkdownAction(text, start, end, action))).toBe(expected);
  });
});

describe('insertBlock', () => {
  const rows: Array<[string, string, string]> = [
    ['into an empty text', '|', 'B|'],
    ['at the start of the text', '|next', 'B|\n\nnext'],
    ['in the middle of a line', 'ab |cd', 'ab\n\nB|\n\ncd'],
    ['at the end of a line with one after', 'one|\ntwo', 'one\n\nB|\n\ntwo'],
    ['at the start of a line after another', 'one\n|two', 'one\n\nB|\n\ntwo'],
    ['at the end of the text', 'Before.|', 'Before.\n\nB|'],
    ['at the end of the text after a line break', 'Before.\n|', 'Before.\n\nB|'],
    ['between blank lines', 'one\n\n|\n\ntwo', 'one\n\nB|\n\ntwo'],
    ['replacing a word', 'one {word} two', 'one\n\nB|\n\ntwo'],
    ['replacing a line between blank lines', 'one\n\n{old}\n\ntwo', 'one\n\nB|\n\ntwo'],
  ];
  it.each(rows)('%s', (_name, marked, expected) => {
    const [text, start, end] = parse(marked);
    expect(mark(insertBlock(text, start, end, 'B'))).toBe(expected);
  });
});

describe('shortcutAction', () => {
  const keys = { key: 'b', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false };
  it.each([
    [{ ...keys, ctrlKey: true }, bold],
    [{ ...keys, metaKey: true, key: 'i' }, italic],
    [{ ...keys, ctrlKey: true, key: 'K' }, link],
    [{ ...keys, ctrlKey: true, shiftKey: true }, undefined],
    [{ ...keys, ctrlKey: true, altKey: true }, undefined],
    [keys, undefined],
  ])('%o gives %o', (event, action) => {
    expect(shortcutAction(event)).toEqual(action);
  });
});

describe('uploads', () => {
  it('uses the file name without its extension as alt text', () => {
    expect(imageMarkdown('team photo.final.jpg', '/objects/uploads/1')).toBe('![team photo.final](/objects/uploads/1)');
  });
});
