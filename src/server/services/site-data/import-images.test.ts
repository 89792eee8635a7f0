import { describe, expect, it } from 'vitest';
import type { ImportedPost } from './imports/types.ts';
import { bringImages, imageReferences } from './import-images.ts';

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
    ['an image whose alt text has escaped brackets', '![x \\[1\\]](x.png)', [['x.png', true]]],
    ['no link at an escaped bracket', 'a \\](b.png) c', []],
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

describe('bringImages', () => {
  const post = (content: string): ImportedPost => ({
    source: 'ghost:1',
    title: 'T',
    content,
    tags: [],
    published: true,
    comments: [],
  });
  const bringing = (read: (url: string) => Promise<Uint8Array>) => ({
    originOf: (reference: string) => ({ key: reference, label: reference, read: () => read(reference) }),
    store: async (bytes: Uint8Array) => ({ id: `id-${bytes[0]}`, path: `/objects/uploads/${bytes[0]}`, created: true }),
  });

  it('brings each image once, rewrites every reference to it, and names the one that failed', async () => {
    const posts = [post('![a](a.png) ![b](b.png)'), post('![a again](a.png)')];
    const read = async (url: string) => {
      if (url === 'b.png') throw new Error('The page answered HTTP 404 Not Found');
      return Uint8Array.of(7);
    };
    const result = await bringImages(posts, bringing(read));
    expect(result).toEqual({
      created: ['id-7'],
      brought: 1,
      warnings: ['Image b.png not brought (the address answered HTTP 404 Not Found): it keeps its old address'],
    });
    expect(posts.map((p) => p.content)).toEqual(['![a](/objects/uploads/7) ![b](b.png)', '![a again](/objects/uploads/7)']);
  });

  it('stops at its time budget: the images not started keep their addresses, and the report says why', async () => {
    const posts = [post('![a](a.png)')];
    const result = await bringImages(
      posts,
      bringing(async () => Uint8Array.of(1)),
      { budgetMs: -1 },
    );
    expect(result.brought).toBe(0);
    expect(result.warnings).toEqual([expect.stringMatching(/^1 image\(s\) not brought: bringing images took longer than/)]);
    expect(posts[0]!.content).toBe('![a](a.png)');
  });
});
