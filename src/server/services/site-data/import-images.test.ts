import { describe, expect, it } from 'vitest';
import { imageReferences } from './import-images.ts';

const urls = (markdown: string) =>
  imageReferences(markdown).map(({ start, end, url, isImage }) => {
    expect(markdown.slice(start, end)).toBe(url);
    return [url, isImage];
  });

describe('imageReferences', () => {
  it.each([
    ['an image', '![A lake](lake.png)', [['lake.png', true]]],
    ['an image with a title', '![A lake](lake.png "At dusk")', [['lake.png', true]]],
    ['an image in angle brackets', '![A lake](<my lake.png>)', [['my lake.png', true]]],
    [
      'a thumbnail linking to its full size',
      '[![Blue](blue-300.png)](blue.png)',
      [
        ['blue-300.png', true],
        ['blue.png', false],
      ],
    ],
    ['a link to a page, not an image', '[the post](https://old.example/post/)', []],
    [
      'a link to an image file with a query',
      '[full size](https://old.example/a.JPG?w=2)',
      [['https://old.example/a.JPG?w=2', false]],
    ],
    ['an image in a code span', 'Write `![alt](x.png)` for an image', []],
    ['an image in a fenced block', '```md\n![alt](x.png)\n```\n![real](y.png)', [['y.png', true]]],
    [
      'two on a line',
      '![a](a.png) and ![b](b.gif)',
      [
        ['a.png', true],
        ['b.gif', true],
      ],
    ],
  ])('finds %s', (_name, markdown, expected) => {
    expect(urls(markdown)).toEqual(expected);
  });
});
