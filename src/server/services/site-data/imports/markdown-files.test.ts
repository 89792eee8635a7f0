import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../../../shared/constants.ts';
import { markdownSiteFiles } from './__fixtures__/markdown-site.ts';
import { parseMarkdownFiles } from './markdown-files.ts';
import type { ImportedPost } from './types.ts';

const now = new Date('2024-06-01T00:00:00Z');
const parsed = parseMarkdownFiles(markdownSiteFiles, now);
const byPath = (path: string): ImportedPost => {
  const post = parsed.posts.find((candidate) => candidate.source === `markdown:${path}`);
  if (!post) throw new Error(`no post ${path}`);
  return post;
};
const one = (text: string, path = 'post.md') => parseMarkdownFiles([{ path, text }], now);

describe('parseMarkdownFiles on a zip of Hugo, Jekyll, Astro and Obsidian files', () => {
  it('brings one post per markdown file and counts the files that are not posts', () => {
    expect(parsed.posts.map((post) => post.source)).toEqual([
      'markdown:hugo/content/posts/first-light.md',
      'markdown:hugo/content/posts/page-bundle/index.md',
      'markdown:jekyll/_posts/2021-03-14-pi-day.markdown',
      'markdown:astro/src/content/blog/markdown-style-guide.md',
      'markdown:astro/src/content/blog/launch-2099.mdx',
      'markdown:vault/Club ideas.md',
      'markdown:notes/plain.md',
    ]);
    // _index.md, .obsidian/workspace.md, logo.png and the broken file.
    expect(parsed.skipped).toBe(4);
    expect(parsed.warnings).toContain('3 file(s) that are not markdown posts left out');
  });

  it("reads Hugo's TOML front matter: top-level keys only, the others named in a warning", () => {
    expect(byPath('hugo/content/posts/first-light.md')).toEqual({
      source: 'markdown:hugo/content/posts/first-light.md',
      title: 'First light: a Hugo post',
      slug: 'first-light',
      // Hugo's figure shortcode as an image (shortcodes.ts).
      content: 'Hugo builds this site. Its **TOML** front matter sits between `+++` lines.\n\n![](/img/hugo.png)',
      excerpt: 'Setting up a static site, with "quotes" kept',
      tags: ['hugo', 'Go', 'Notes'],
      published: true,
      createdAt: new Date('2023-02-10T08:00:00Z'),
      updatedAt: new Date('2023-02-12T00:00:00Z'),
      comments: [],
      oldPaths: ['/posts/first-light/'],
      // The import report's lines for this post.
      notes: { converted: ['1 Liquid or Hugo tag as links or images'], kept: ['front matter keys not read: author'] },
    });
    expect(parsed.warnings).toContain('hugo/content/posts/first-light.md: front matter keys not read: author');
  });

  it("names a page bundle's post after its folder, reads a cover object and comma-separated tags, and keeps drafts as drafts", () => {
    expect(byPath('hugo/content/posts/page-bundle/index.md')).toMatchObject({
      slug: 'page-bundle',
      published: false,
      tags: ['ghana', 'teaching'],
      featuredImage: 'https://cdn.example.org/bundle-cover.jpg',
      createdAt: new Date('2023-03-01T00:00:00Z'),
    });
  });

  it("takes the date and slug from Jekyll's file name, and ignores a permalink pattern", () => {
    expect(byPath('jekyll/_posts/2021-03-14-pi-day.markdown')).toMatchObject({
      title: 'Pi day in the classroom',
      slug: 'pi-day',
      createdAt: new Date('2021-03-14T00:00:00Z'),
      tags: ['pi', 'math', 'fun'],
      excerpt: 'Circles, string and a lot of chalk.',
      published: true,
    });
  });

  it("reads Astro's pubDate, updatedDate, description and heroImage (a site path, kept as given)", () => {
    expect(byPath('astro/src/content/blog/markdown-style-guide.md')).toMatchObject({
      title: 'Markdown Style Guide',
      slug: 'markdown-style-guide',
      createdAt: new Date('2022-07-08T00:00:00Z'),
      updatedAt: new Date('2022-07-10T00:00:00Z'),
      featuredImage: '/blog-placeholder-1.jpg',
      excerpt: 'Here is a sample of some basic Markdown syntax that can be used when writing Markdown content in Astro.',
    });
    expect(byPath('astro/src/content/blog/markdown-style-guide.md').content).toMatch(/^## Headings\n\nSome \*\*bold\*\* text/);
  });

  it('schedules a post dated in the future, removes MDX imports outside code, and keeps an image path relative to the file for the zip’s images', () => {
    const post = byPath('astro/src/content/blog/launch-2099.mdx');
    expect(post).toMatchObject({ published: true, publishAt: new Date('2099-05-01T10:00:00Z') });
    // Brought from the zip, or left out, when the import stores the posts (routes/import-images.test.ts).
    expect(post.featuredImage).toBe('./relative-hero.png');
    expect(post.content).toBe("The launch is scheduled. 🚀\n\n```js\nimport notRemoved from 'inside-code';\n```");
    expect(parsed.warnings).toContain(
      'astro/src/content/blog/launch-2099.mdx: MDX import and export lines removed; MDX components are not supported',
    );
  });

  it('turns Obsidian wiki links into their text, leaves embeds out with a warning, and drops the # of tags', () => {
    const post = byPath('vault/Club ideas.md');
    expect(post).toMatchObject({
      title: 'Club ideas',
      slug: 'club-ideas',
      tags: ['club', 'ideas'],
      createdAt: new Date('2024-01-20T18:30:00Z'),
    });
    expect(post.content).toContain('Talk to Ama Owusu about the robotics kit and read Budget.');
    expect(post.content).not.toContain('whiteboard.png');
    expect(post.content).toContain('Keep `[[not a link]]` in code.');
    expect(parsed.warnings).toContain('vault/Club ideas.md: 1 embedded file(s) (![[...]]) left out');
  });

  it('titles a file without front matter after its first heading, taken out of the body', () => {
    expect(byPath('notes/plain.md')).toMatchObject({
      title: 'A note without front matter',
      slug: 'plain',
      content: 'Just text, in 日本語 and العربية.',
      published: true,
    });
    expect(byPath('notes/plain.md').createdAt).toBeUndefined();
  });

  it('leaves out a file whose front matter is broken, naming it, and imports the others', () => {
    expect(
      parsed.warnings.some((warning) =>
        /^notes\/broken\.md: the front matter is not valid YAML .*; the file is left out$/.test(warning),
      ),
    ).toBe(true);
    expect(parsed.posts.some((post) => post.source === 'markdown:notes/broken.md')).toBe(false);
  });
});

describe('parseMarkdownFiles front matter conventions', () => {
  it('titles a file with neither title nor heading after its file name', () => {
    expect(one('Just a line.', 'drafts/my-second_post.md').posts[0]).toMatchObject({
      title: 'My second post',
      slug: 'my-second_post',
    });
  });

  it('keeps a heading further down in the body when it gives the title', () => {
    const [post] = one('Intro line.\n\n# Real title\n\nMore.').posts;
    expect(post).toMatchObject({ title: 'Real title', content: 'Intro line.\n\n# Real title\n\nMore.' });
  });

  it('reads published: false as a draft, and does not schedule a draft dated in the future', () => {
    const [post] = one('---\ntitle: Later\npublished: false\ndate: 2099-01-01\n---\nText').posts;
    expect(post).toMatchObject({ published: false, createdAt: new Date('2099-01-01T00:00:00Z') });
    expect(post?.publishAt).toBeUndefined();
  });

  it('takes the slug from the last segment of a permalink or url', () => {
    expect(one('---\ntitle: T\npermalink: /2023/05/from-permalink/\n---\nText').posts[0]?.slug).toBe('from-permalink');
    expect(one('---\ntitle: T\nurl: /blog/from-url.html\n---\nText').posts[0]?.slug).toBe('from-url');
  });

  it('cuts long titles and too many tags, removes NUL, and leaves out a file longer than a post may be', () => {
    const tags = Array.from({ length: LIMITS.tags + 5 }, (_, index) => `t${index}`).join(', ');
    const result = parseMarkdownFiles(
      [
        { path: 'long.md', text: `---\ntitle: ${'L'.repeat(350)}\ntags: ${tags}\n---\nBody\u0000 text` },
        { path: 'huge.md', text: 'x'.repeat(LIMITS.content + 1) },
      ],
      now,
    );
    expect(result.posts).toHaveLength(1);
    expect(result.posts[0]?.title).toHaveLength(LIMITS.title);
    expect(result.posts[0]?.tags).toHaveLength(LIMITS.tags);
    expect(result.posts[0]?.content).toBe('Body text');
    expect(result.skipped).toBe(1);
    expect(result.warnings).toEqual([
      'long.md: NUL characters removed',
      `long.md: title cut to ${LIMITS.title} characters`,
      `long.md: ${LIMITS.tags + 5} tags, the first ${LIMITS.tags} kept`,
      `huge.md: ${(LIMITS.content + 1).toLocaleString('en-US')} characters of content, a post holds at most 500,000: left out`,
    ]);
  });

  it('reads TOML strings, escapes, multi-line arrays and dates, and stops at the first table', () => {
    const text = `+++
title = "Tab\\there \\u00e9"
slug = 'literal\\path'
tags = [
  "one", # a comment
  'two',
]
date = 2024-02-29 10:00:00Z
draft = true
weight = 10
[[cascade]]
title = "not read"
+++
Body`;
    const [post] = one(text).posts;
    expect(post).toMatchObject({
      title: 'Tab here é',
      tags: ['one', 'two'],
      createdAt: new Date('2024-02-29T10:00:00Z'),
      published: false,
    });
  });

  it('leaves out a post whose front matter YAML uses too many aliases, with a warning', () => {
    const laughs = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 10; i++)
      laughs.push(
        `${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9)
          .fill(`*${String.fromCharCode(96 + i)}`)
          .join(',')}]`,
      );
    const result = one(`---\n${laughs.join('\n')}\n---\nBody`);
    expect(result.posts).toEqual([]);
    expect(result.warnings[0]).toMatch(/^post\.md: the front matter cannot be read .*; the file is left out$/);
  });
});

describe('parseMarkdownFiles turns raw HTML blocks into markdown (issue 22)', () => {
  const body = (text: string) => parseMarkdownFiles([{ path: 'post.md', text: `---\ntitle: T\n---\n${text}` }]).posts[0]!.content;

  it('keeps a table written in HTML as a table, text and all', () => {
    expect(
      body('Before\n\n<table>\n<tr><th>Name</th><th>Age</th></tr>\n<tr><td>Ama</td><td>12</td></tr>\n</table>\n\nAfter'),
    ).toBe('Before\n\n| Name | Age |\n| --- | --- |\n| Ama | 12  |\n\nAfter');
  });

  it('turns HTML paragraphs and a div into markdown, and leaves HTML in fenced code alone', () => {
    expect(body('<p>One <strong>bold</strong> word.</p>\n\n<div class="note">A note</div>\n\n```html\n<p>code</p>\n```')).toBe(
      'One **bold** word.\n\nA note\n\n```html\n<p>code</p>\n```',
    );
  });
});

describe('parseMarkdownFiles tells translations from names with dots (issue 22)', () => {
  it('reads `post.fr.md` as a translation, and `learning-next.js.md` as a post of that name', () => {
    const result = parseMarkdownFiles([
      { path: 'content/posts/learning-next.js.md', text: '---\ntitle: Next\n---\nText' },
      { path: 'content/posts/trip.md', text: '---\ntitle: Trip\n---\nText' },
      { path: 'content/posts/trip.fr.md', text: '---\ntitle: Voyage\n---\nTexte' },
    ]);
    expect(result.posts.map((post) => [post.slug, post.oldPaths])).toEqual([
      ['learning-next-js', ['/posts/learning-next.js/']],
      ['trip', ['/posts/trip/']],
      ['trip-fr', ['/fr/posts/trip/']],
    ]);
  });
});

describe('parseMarkdownFiles groups translations by translationKey (issue 22)', () => {
  it('keeps the original’s slug and gives each translation its language after it', () => {
    const result = parseMarkdownFiles([
      { path: 'blog/hello.md', text: '---\ntitle: Hello\ntranslationKey: greeting\n---\nHi' },
      { path: 'blog/bonjour.md', text: '---\ntitle: Bonjour\nslug: hello\nlang: fr\ntranslationKey: greeting\n---\nSalut' },
    ]);
    expect(result.posts.map((post) => post.slug)).toEqual(['hello', 'hello-fr']);
    expect(result.warnings).toContain(
      'blog/bonjour.md: a translation (fr) of blog/hello.md, imported as a post of its own with the slug "hello-fr"',
    );
  });
});
