import { describe, expect, it } from 'vitest';
import { commentConversions, htmlConversions, noteWarnings } from './post-notes.ts';
import type { ImportedPost } from './types.ts';

const post = (): ImportedPost => ({ source: 's', title: 'T', content: 'x', tags: [], published: true, comments: [] });

describe('the import report’s notes on a post', () => {
  it('counts tables, code blocks (a <pre>, or a <code> of several lines outside one), sup/sub and addresses', () => {
    expect(
      htmlConversions(
        '<table><tr><td>1</td></tr></table><pre class="x"><code>a\nb</code></pre><p><code>c\nd</code><code>one line</code></p><sub>2</sub><sup>3</sup>',
      ),
    ).toEqual(['1 table', '2 code blocks', '2 superscripts or subscripts']);
    expect(htmlConversions('<p>Plain <em>text</em>, a <code>span</code>.</p>')).toEqual([]);
  });

  it('says how many comments came in and how many of them are replies in a thread', () => {
    const comment = { author: 'A', email: '', content: 'c', status: 'published' as const };
    expect(commentConversions([])).toEqual([]);
    expect(commentConversions([comment])).toEqual(['1 comment']);
    expect(
      commentConversions([
        { ...comment, sourceId: '1' },
        { ...comment, sourceId: '2', parentSourceId: '1' },
        { ...comment, sourceId: '3', parentSourceId: '2' },
      ]),
    ).toEqual(['3 comments, 2 as replies in their thread']);
  });

  it('takes the post’s own warnings since a point, without its label, and no other post’s', () => {
    const warnings = ['P "A": earlier', 'P "B": title cut to 200 characters', 'P "C": other', 'P "B": excerpt cut'];
    const noted = post();
    noteWarnings(noted, warnings, 1, 'P "B"');
    expect(noted.notes).toEqual({ converted: [], kept: ['title cut to 200 characters', 'excerpt cut'] });
    const quiet = post();
    noteWarnings(quiet, warnings, 0, 'P "D"');
    expect(quiet.notes).toBeUndefined();
  });
});
