import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseGhost } from './ghost.ts';
import { ImportFormatError, type ImportedPost } from './types.ts';

const fixture: unknown = JSON.parse(readFileSync(new URL('./__fixtures__/ghost-export.json', import.meta.url), 'utf8'));
const parsed = parseGhost(fixture);
const bySlug = (slug: string): ImportedPost => {
  const post = parsed.posts.find((candidate) => candidate.slug === slug);
  if (!post) throw new Error(`no post ${slug}`);
  return post;
};

/** An export in Ghost 5's shape holding `posts` (and tags when given). */
const ghostExport = (posts: unknown[], extra: Record<string, unknown> = {}) => ({
  db: [{ meta: { exported_on: 1714560000000, version: '5.82.3' }, data: { posts, tags: [], posts_tags: [], ...extra } }],
});
const lexical = (...children: unknown[]) => JSON.stringify({ root: { children, type: 'root', version: 1 } });

describe('parseGhost on a Ghost 5 export', () => {
  it('brings every post and page, each known by its Ghost id', () => {
    expect(parsed.posts.map((post) => post.source)).toEqual([
      'ghost:6630a1b2c3d4e5f601000001',
      'ghost:6630a1b2c3d4e5f601000002',
      'ghost:5f1e2d3c4b5a697801000003',
      'ghost:6630a1b2c3d4e5f601000004',
      'ghost:6630a1b2c3d4e5f601000005',
    ]);
    expect(parsed.skipped).toBe(0);
  });

  it('uses the html when the export has it: markdown with images, code in its language and a table', () => {
    const post = bySlug('hello-from-ghost');
    expect(post.content).toBe(
      [
        'Ghost renders **html** for every post.',
        '![My desk](/content/images/2024/04/desk.jpg)',
        '```ts\nconst n: number = 1;\n```',
        '| Tool | Use |\n| --- | --- |\n| Ghost | Blog |',
      ].join('\n\n'),
    );
  });

  it('keeps title, excerpt, dates (the published date as the date readers saw) and unicode', () => {
    expect(bySlug('hello-from-ghost')).toMatchObject({
      title: 'Hello from Ghost 👋',
      excerpt: 'A first post, from Ghost.',
      published: true,
      createdAt: new Date('2024-04-02T09:30:00.000Z'),
      updatedAt: new Date('2024-04-03T10:00:00.000Z'),
    });
  });

  it('dates a post by published_at even when Ghost last changed it before (a scheduled post that went out)', () => {
    const { posts } = parseGhost(
      ghostExport([
        {
          id: 'sched',
          title: 'Went out on schedule',
          html: '<p>Written in May, out in June.</p>',
          status: 'published',
          created_at: '2025-05-02T08:00:00.000Z',
          updated_at: '2025-05-03T09:00:00.000Z',
          published_at: '2025-06-01T07:00:00.000Z',
        },
      ]),
    );
    expect(posts[0]).toMatchObject({
      createdAt: new Date('2025-06-01T07:00:00.000Z'),
      updatedAt: new Date('2025-06-01T07:00:00.000Z'),
    });
  });

  it('makes its own images site paths (__GHOST_URL__ removed), for the import to fetch from the old site or warn about', () => {
    expect(bySlug('hello-from-ghost').featuredImage).toBe('/content/images/2024/04/cover.jpg');
    expect(bySlug('hello-from-ghost').content).toContain('![My desk](/content/images/2024/04/desk.jpg)');
    expect(bySlug('written-in-lexical').featuredImage).toBe('https://images.unsplash.com/photo-2.jpg');
    expect(JSON.stringify(parsed.posts)).not.toContain('__GHOST_URL__');
  });

  it('gives tags in their Ghost order, without internal (#) tags', () => {
    expect(bySlug('hello-from-ghost').tags).toEqual(['Education', 'Tech in Ghana 🇬🇭']);
    expect(bySlug('from-the-mobiledoc-days').tags).toEqual(['Education']);
    expect(bySlug('written-in-lexical').tags).toEqual([]);
  });

  it('renders a Lexical-only post: text formats, links, headings, nested lists, quotes, code, images, markdown cards', () => {
    expect(bySlug('written-in-lexical').content).toBe(
      [
        "Lexical is Ghost's editor since 5.0. This post has **bold**, _italic_, `code` and a [link](https://ghost.org/docs/).",
        '## A heading',
        '-   First point\n    -   Nested point\n-   Second point',
        '> Quoted wisdom',
        "```javascript\nconst greeting = 'hello';\nconsole.log(greeting);\n```",
        '![Lagos at dusk](/content/images/2024/04/lagos.jpg)',
        'Lagos at dusk',
        '| Day | Hours |\n| --- | --- |\n| Mon | 3 |\n\nA **markdown** card, kept as written.',
        '---',
        'Last line  \nafter a break.',
      ].join('\n\n'),
    );
    expect(parsed.warnings).toContain('Ghost cards left out (no equivalent in a post): signup');
  });

  it('renders a Mobiledoc-only post: markups, soft returns, lists and cards', () => {
    expect(bySlug('from-the-mobiledoc-days').content).toBe(
      [
        'Written in Ghost 4 with **strong words** and [a link](https://example.org/mobiledoc).  \nAfter a soft return.',
        '## Mobiledoc heading',
        '-   one\n-   two',
        "```python\nprint('from a markdown card')\n```",
        '![Unsplash](https://images.unsplash.com/photo-1.jpg)',
        'From Unsplash',
        '```sql\nSELECT 1;\n```',
        '---',
        '> Quote in mobiledoc',
      ].join('\n\n'),
    );
  });

  it('imports drafts as drafts, schedules scheduled posts, and imports pages', () => {
    expect(bySlug('written-in-lexical').published).toBe(false);
    expect(bySlug('from-the-mobiledoc-days')).toMatchObject({
      published: true,
      publishAt: new Date('2099-06-01T07:00:00.000Z'),
      createdAt: new Date('2024-04-07T08:00:00.000Z'),
    });
    expect(bySlug('about')).toMatchObject({ title: 'About this blog', published: true, content: 'I write about teaching.' });
  });

  it('imports a members-only post as a draft, so that paid content does not become public', () => {
    expect(bySlug('members-only').published).toBe(false);
    expect(parsed.warnings).toContain('Ghost post "For paying members": only for members (paid) on Ghost, imported as a draft');
  });
});

describe('parseGhost on other shapes and bad files', () => {
  it('accepts {meta, data} without the db wrapper, Ghost 1 style pages and dates in milliseconds', () => {
    const result = parseGhost({
      meta: { exported_on: 1500000000000, version: '1.25.0' },
      data: {
        posts: [
          {
            id: 7,
            title: 'Old page',
            slug: 'old-page',
            html: '<p>From Ghost 1.</p>',
            page: 1,
            status: 'published',
            published_at: 1500000000000,
          },
        ],
      },
    });
    expect(result.posts).toEqual([
      {
        source: 'ghost:7',
        title: 'Old page',
        slug: 'old-page',
        content: 'From Ghost 1.',
        tags: [],
        published: true,
        createdAt: new Date(1500000000000),
        comments: [],
        oldPaths: ['/old-page/'],
      },
    ]);
  });

  it.each([
    ['an array', []],
    ['null', null],
    ['a string', 'ghost'],
    ['an empty object', {}],
    ['an empty db', { db: [] }],
    ['posts without data', { posts: [{ id: '1', title: 'x' }] }],
    ['data without posts', { db: [{ meta: {}, data: { tags: [] } }] }],
  ])('refuses %s: not a Ghost export', (_name, json) => {
    expect(() => parseGhost(json)).toThrow(
      new ImportFormatError('The file is not a Ghost export: no {db: [{data: {posts: [...]}}]}'),
    );
  });

  it('leaves out a post whose Lexical document is broken, with a warning, and keeps the others', () => {
    const result = parseGhost(
      ghostExport([
        { id: 'a', title: 'Broken', lexical: '{"root": ', status: 'published' },
        {
          id: 'b',
          title: 'Fine',
          lexical: lexical({ type: 'paragraph', children: [{ type: 'text', text: 'ok' }] }),
          status: 'published',
        },
      ]),
    );
    expect(result.posts.map((post) => post.title)).toEqual(['Fine']);
    expect(result.skipped).toBe(1);
    expect(result.warnings[0]).toMatch(/^Ghost post "Broken": its content cannot be read \(.+\); left out$/);
  });

  it('escapes text of Lexical documents, so that it cannot become markup', () => {
    const [post] = parseGhost(
      ghostExport([
        {
          id: 'x',
          title: 'Escaping',
          lexical: lexical({
            type: 'paragraph',
            children: [{ type: 'text', text: '<img src=x onerror=alert(1)> & <b>not bold</b>' }],
          }),
          status: 'published',
        },
      ]),
    ).posts;
    expect(post?.content).toBe('\\<img src=x onerror=alert(1)> & \\<b>not bold\\</b>');
  });

  it('dates a scheduled post without a date as a draft, with a warning', () => {
    const result = parseGhost(
      ghostExport([{ id: 's', title: 'Someday', html: '<p>Soon</p>', status: 'scheduled', published_at: null }]),
    );
    expect(result.posts[0]?.published).toBe(false);
    expect(result.warnings).toEqual(['Ghost post "Someday": scheduled without a date, imported as a draft']);
  });
});
