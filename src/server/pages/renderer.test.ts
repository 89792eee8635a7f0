import { defaultSite } from '../../content/site.ts';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as entry from '../../client/entry-server.tsx';
import type { Comment } from '../../shared/comments.ts';
import type { SsrDataSource } from '../../shared/pages.ts';
import type { RenderedPost } from '../../shared/posts.ts';
import { composeRenderer, manifestAssets, type PageRenderer } from './renderer.ts';

const SITE_URL = 'http://localhost:3000';

const post: RenderedPost = {
  id: '6f1c2a9e-1d2b-4c3d-8e4f-5a6b7c8d9e0f',
  title: 'Coding clubs in Kampala',
  slug: 'coding-clubs',
  content: 'Students learn by building.',
  html: '<p>Students learn by building.</p>',
  tags: ['Digital Literacy'],
  published: true,
  metadata: { author: 'Amara Nakato' },
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
};
const comment: Comment = {
  id: '0b9e8d7c-6a5b-4c3d-9e2f-1a0b9c8d7e6f',
  postId: post.id,
  author: 'Grace Hopper',
  content: 'Inspiring work',
  createdAt: '2026-01-06T10:00:00.000Z',
};

/** The pages' data as the server would hand it over: one post with one comment. */
const data: SsrDataSource = {
  site: async () => defaultSite,
  latestCards: async () => [post],
  blogView: async () => ({ posts: [post], total: 1, page: 1, pageCount: 1 }),
  getPostBySlug: async (slug) => (slug === post.slug ? post : undefined),
  listComments: async () => [comment],
  getPreview: async () => undefined,
};

const render = (renderer: PageRenderer, url: string) => renderer.render(url, { nonce: 'n0nce', data });
const sourceRenderer = composeRenderer(entry, readFileSync('index.html', 'utf8'), SITE_URL);

/** The islands of a page, in order: name and props. */
const islandsOf = (html: string) =>
  [...html.matchAll(/<div data-island="([^"]+)"(?: data-props="([^"]*)")?/g)].map(([, name, props]) => ({
    name,
    props: props ? (JSON.parse(props.replaceAll('&quot;', '"')) as unknown) : undefined,
  }));

describe('reading pages: rendered whole, hydrated by islands', () => {
  it('a post boots with the reader entry, and only its interactive parts are islands', async () => {
    const { status, html } = await render(sourceRenderer, `/blog/${post.slug}`);
    expect(status).toBe(200);
    expect(html).toContain('<script type="module" src="/src/client/entry-reader.tsx"></script>');
    expect(html).not.toContain('entry-client');
    expect(islandsOf(html)).toEqual([
      { name: 'navbar', props: { siteName: 'Amara Nakato' } },
      { name: 'share', props: { title: post.title, url: `${SITE_URL}/blog/${post.slug}` } },
      { name: 'save-offline', props: { path: `/blog/${post.slug}`, title: post.title } },
      { name: 'comments', props: { postId: post.id } },
      { name: 'contact', props: undefined },
      { name: 'toaster', props: undefined },
    ]);
    // Each island carries its own HTML (the comments the page came with), the article none.
    const comments = html.slice(html.indexOf('data-island="comments"'), html.indexOf('data-island="contact"'));
    expect(comments).toContain('Inspiring work');
    expect(comments).toContain('Post Comment');
    expect(html).not.toContain('<!--island:');
    const article = html.slice(html.indexOf('<div class="markdown'), html.indexOf('data-island="share"'));
    expect(article).toContain('<p>Students learn by building.</p>');
    expect(article).not.toContain('data-island');
  });

  it('the same page renders to the same bytes', async () => {
    const [first, second] = await Promise.all([render(sourceRenderer, '/'), render(sourceRenderer, '/')]);
    expect(first.html).toBe(second.html);
  });

  it('/blog boots with the entry that adds the blog list, the author screens with the whole app', async () => {
    const blog = await render(sourceRenderer, '/blog');
    expect(blog.html).toContain('src="/src/client/entry-blog.tsx"');
    expect(islandsOf(blog.html).map((island) => island.name)).toContain('blog');

    for (const url of ['/write', `/edit/${post.id}`, '/admin', '/admin/comments']) {
      const { html } = await render(sourceRenderer, url);
      expect(html, url).toContain('src="/src/client/entry-client.tsx"');
      expect(islandsOf(html), url).toEqual([]);
    }
    // Any other address is a reading page: the 404 page too.
    expect((await render(sourceRenderer, '/admin/nothing')).html).toContain('entry-reader');
  });
});

describe('manifestAssets', () => {
  const manifest = {
    'src/client/entry-reader.tsx': { file: 'assets/entry-reader-1.js', imports: ['_react-1.js', '_islands-1.js'] },
    'src/client/entry-blog.tsx': { file: 'assets/entry-blog-1.js', imports: ['_islands-1.js', '_query-1.js'] },
    'src/client/entry-client.tsx': { file: 'assets/entry-client-1.js', imports: ['_islands-1.js'] },
    '_react-1.js': { file: 'assets/react-1.js', css: ['assets/styles-1.css'] },
    '_islands-1.js': { file: 'assets/islands-1.js', imports: ['_react-1.js'] },
    '_query-1.js': { file: 'assets/query-1.js', imports: ['_react-1.js'] },
  };

  it('gives each entry its styles, its script and a preload of every chunk it imports, once', () => {
    const assets = manifestAssets(manifest);
    expect(
      assets('reader')
        .split('\n')
        .map((line) => line.trim()),
    ).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/styles-1.css">',
      '<script type="module" crossorigin src="/assets/entry-reader-1.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/react-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/islands-1.js">',
    ]);
    expect(assets('blog')).toContain('href="/assets/query-1.js"');
    expect(assets('reader')).not.toContain('query-1.js');
  });

  it('refuses a manifest without one of the entries', () => {
    const { 'src/client/entry-blog.tsx': _blog, ...partial } = manifest;
    expect(() => manifestAssets(partial)).toThrow(/entry-blog/);
  });

  it('puts the tags into the page template', async () => {
    const renderer = composeRenderer(entry, readFileSync('index.html', 'utf8'), SITE_URL, manifestAssets(manifest));
    const { html } = await render(renderer, '/cv');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<script type="module" crossorigin src="/assets/entry-reader-1.js"></script>');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/styles-1.css">');
  });
});
