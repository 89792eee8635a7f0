import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../../shared/markdown.ts';
import { htmlToMarkdown, htmlToText } from '../../../lib/html-to-markdown.ts';
import { clip, finishPost, parseDate } from './normalize.ts';

describe('parseDate', () => {
  it.each([
    ['2023-05-01', '2023-05-01T00:00:00.000Z'],
    ['2023-05-01 10:00:00', '2023-05-01T10:00:00.000Z'],
    ['2023-05-01T10:00:00.250+02:00', '2023-05-01T08:00:00.250Z'],
    ['2023-05-01 10:00:00 -0130', '2023-05-01T11:30:00.000Z'],
    ['Mon, 01 May 2023 10:00:00 +0000', '2023-05-01T10:00:00.000Z'],
    ['Jul 08 2022', '2022-07-08T00:00:00.000Z'],
  ])('reads %s (no zone means UTC, whatever the server zone)', (text, iso) => {
    expect(parseDate(text)?.toISOString()).toBe(iso);
  });

  it.each([['0000-00-00 00:00:00'], ['Mon, 30 Nov -0001 00:00:00 +0000'], ['soon'], [''], [true], [null], [Number.NaN]])(
    'gives nothing for %s',
    (value) => {
      expect(parseDate(value)).toBeUndefined();
    },
  );

  it('reads milliseconds and Dates', () => {
    expect(parseDate(1500000000000)).toEqual(new Date(1500000000000));
    expect(parseDate(new Date('2020-01-01T00:00:00Z'))).toEqual(new Date('2020-01-01T00:00:00Z'));
  });
});

describe('clip and finishPost', () => {
  it('never cuts an emoji in half', () => {
    expect(clip('ab😀', 3)).toBe('ab');
    expect(clip('ab😀', 4)).toBe('ab😀');
  });

  it('replaces unpaired surrogates, which PostgreSQL cannot store, with a warning', () => {
    const warnings: string[] = [];
    const post = finishPost(
      { source: 's', title: 'Bad \ud800 title', content: 'Text', tags: [], published: true, comments: [] },
      'x',
      warnings,
    );
    expect(post?.title).toBe('Bad \ufffd title');
    expect(warnings).toEqual(['x: NUL or other characters that are not text removed']);
  });

  it('keeps a comment author and content within the limits, and an invalid address as none', () => {
    const warnings: string[] = [];
    const post = finishPost(
      {
        source: 's',
        title: 'T',
        content: 'Text',
        tags: [],
        published: true,
        comments: [{ author: '', email: 'nope', content: 'c'.repeat(6000), status: 'published' }],
      },
      'x',
      warnings,
    );
    expect(post?.comments[0]).toMatchObject({ author: 'Anonymous', email: '' });
    expect(post?.comments[0]?.content).toHaveLength(5000);
    expect(warnings).toEqual(['x: a comment by Anonymous cut to 5000 characters']);
  });

  it('never has a post changed before it was written: a draft is dated by its last change, a post that went out keeps its date', () => {
    const base = { source: 's', title: 'T', content: 'Text', tags: [], published: false, comments: [] };
    const updatedAt = new Date('2026-03-01T04:00:00Z');
    const createdAt = new Date('2026-03-01T12:00:00Z');
    // A draft's local time read as UTC.
    expect(finishPost({ ...base, createdAt, updatedAt }, 'x', [])).toMatchObject({ createdAt: updatedAt, updatedAt });
    // A scheduled post keeps its publishAt apart, and is dated like a draft.
    const publishAt = new Date('2026-04-01T00:00:00Z');
    expect(finishPost({ ...base, published: true, publishAt, createdAt, updatedAt }, 'x', [])).toMatchObject({
      createdAt: updatedAt,
      updatedAt,
      publishAt,
    });
    // A post that went out: the date its readers saw stays.
    expect(finishPost({ ...base, published: true, createdAt, updatedAt }, 'x', [])).toMatchObject({
      createdAt,
      updatedAt: createdAt,
    });
    const early = new Date('2026-02-01T12:00:00Z');
    expect(finishPost({ ...base, createdAt: early, updatedAt }, 'x', [])).toMatchObject({ createdAt: early, updatedAt });
  });
});

describe('htmlToMarkdown and htmlToText', () => {
  it('keeps text that looks like a tag as text', () => {
    expect(htmlToMarkdown('<p>The &lt;b&gt; element, I &lt;3 it</p>')).toBe('The \\<b> element, I \\<3 it');
  });

  it('keeps superscript and subscript, which then render as such', () => {
    const markdown = htmlToMarkdown('<p>E = mc<sup>2</sup>, H<sub>2</sub>O, x<sup><em>n</em></sup><sup> </sup></p>');
    expect(markdown).toBe('E = mc<sup>2</sup>, H<sub>2</sub>O, x<sup>_n_</sup>');
    expect(renderMarkdown(markdown)).toBe('<p>E = mc<sup>2</sup>, H<sub>2</sub>O, x<sup><em>n</em></sup></p>');
  });

  it('flattens a table holding lists or code into its cells instead of raw HTML', () => {
    const markdown = htmlToMarkdown('<table><tr><td><ul><li>item</li></ul></td><td><pre>code</pre></td></tr></table>');
    expect(markdown).toBe('-   item\n\n```\ncode\n```');
  });

  it('drops scripts, iframes and images that are not http(s) or site paths', () => {
    const markdown = htmlToMarkdown(
      '<p>a<script>alert(1)</script></p><iframe src="https://x"></iframe><img src="data:image/png;base64,AAAA"><img src="/up/a b.png" alt="ok">',
    );
    expect(markdown).toBe('a\n\n![ok](/up/a%20b.png)');
  });

  it('gives a comment as paragraphs of plain text', () => {
    expect(htmlToText('<p>One &amp; <a href="x">two</a></p><p>Three<br>four</p><script>x</script>')).toBe(
      'One & two\n\nThree\nfour',
    );
  });
});
