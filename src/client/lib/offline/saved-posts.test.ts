import { describe, expect, it } from 'vitest';
import { emptyIndex, parseIndex, SAVED_POSTS_LIMIT, type SavedPost } from './offline-index.ts';
import { chunkReferences, keptPaths, pageResources, withoutSaved, withResources, withSaved } from './saved-posts.ts';

const ID = '0b7c1a52-9a4e-4d6f-8f3b-2c1d0e9f8a7b';
const OTHER_ID = '7e1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b';

const post = (n: number, overrides: Partial<SavedPost> = {}): SavedPost => ({
  path: `/blog/post-${n}`,
  title: `Post ${n}`,
  savedAt: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
  resources: [`/assets/page-${n}.css`],
  ...overrides,
});

/** The list after saving posts 1..n in that order. */
function savedInOrder(n: number) {
  let index = emptyIndex();
  for (let i = 1; i <= n; i++) index = withSaved(index, post(i)).index;
  return index;
}

describe('the saved posts list', () => {
  it('keeps the newest save first', () => {
    expect(savedInOrder(3).posts.map((saved) => saved.path)).toEqual(['/blog/post-3', '/blog/post-2', '/blog/post-1']);
  });

  it(`holds ${SAVED_POSTS_LIMIT} posts: the ${SAVED_POSTS_LIMIT + 1}st save drops the one saved longest ago`, () => {
    const full = savedInOrder(SAVED_POSTS_LIMIT);
    expect(full.posts).toHaveLength(SAVED_POSTS_LIMIT);
    const { index, dropped } = withSaved(full, post(SAVED_POSTS_LIMIT + 1));
    expect(index.posts).toHaveLength(SAVED_POSTS_LIMIT);
    expect(dropped.map((saved) => saved.path)).toEqual(['/blog/post-1']);
    expect(index.posts[0]!.path).toBe(`/blog/post-${SAVED_POSTS_LIMIT + 1}`);
    expect(index.posts.some((saved) => saved.path === '/blog/post-1')).toBe(false);
  });

  it('drops nothing when a full list saves one of its posts again, which moves it first', () => {
    const full = savedInOrder(SAVED_POSTS_LIMIT);
    const { index, dropped } = withSaved(full, post(1, { savedAt: '2026-02-01T00:00:00.000Z' }));
    expect(dropped).toEqual([]);
    expect(index.posts).toHaveLength(SAVED_POSTS_LIMIT);
    expect(index.posts.filter((saved) => saved.path === '/blog/post-1')).toHaveLength(1);
    expect(index.posts[0]).toMatchObject({ path: '/blog/post-1', savedAt: '2026-02-01T00:00:00.000Z' });
  });

  it('keeps the order of saving even when the clock was set back', () => {
    const full = savedInOrder(SAVED_POSTS_LIMIT);
    const { index, dropped } = withSaved(full, post(99, { savedAt: '2001-01-01T00:00:00.000Z' }));
    expect(index.posts[0]!.path).toBe('/blog/post-99');
    expect(dropped.map((saved) => saved.path)).toEqual(['/blog/post-1']);
  });

  it('removes one post, and takes the files of a newer copy without moving it', () => {
    const index = savedInOrder(3);
    expect(withoutSaved(index, '/blog/post-2').posts.map((saved) => saved.path)).toEqual(['/blog/post-3', '/blog/post-1']);
    const refreshed = withResources(index, '/blog/post-2', ['/assets/new.css']);
    expect(refreshed.posts[1]).toMatchObject({ path: '/blog/post-2', savedAt: post(2).savedAt, resources: ['/assets/new.css'] });
  });

  it('keeps every page, every file they name and the /saved page, and nothing else', () => {
    const index = { ...savedInOrder(2), shell: ['/assets/shell.js'] };
    expect([...keptPaths(index, '/saved')].sort()).toEqual(
      ['/saved', '/assets/shell.js', '/blog/post-1', '/assets/page-1.css', '/blog/post-2', '/assets/page-2.css'].sort(),
    );
  });

  it('reads a stored list defensively', () => {
    expect(parseIndex(null)).toEqual(emptyIndex());
    expect(parseIndex('nonsense')).toEqual(emptyIndex());
    const stored = {
      posts: [
        post(1),
        { path: 'no-slash', title: 'x', savedAt: 'y' },
        { title: 'no path' },
        7,
        { ...post(2), resources: [1, '/a'] },
      ],
      shell: ['/assets/s.js', 3],
    };
    expect(parseIndex(JSON.parse(JSON.stringify(stored)))).toEqual({
      posts: [post(1), { ...post(2), resources: ['/a'] }],
      shell: ['/assets/s.js'],
    });
  });
});

describe('what a page needs offline', () => {
  it('names its built styles and scripts, and the smallest copy of each image of this site it shows', () => {
    const html = `<!doctype html><html><head>
      <link rel="stylesheet" crossorigin href="/assets/styles-Ab1.css">
      <script type="module" crossorigin src="/assets/entry-reader-Cd2.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/jsx-runtime-Ef3.js">
      <link rel="icon" href="/favicon.svg" />
      <meta property="og:image" content="https://site.example/objects/uploads/${OTHER_ID}" />
      </head><body>
      <img src="/objects/uploads/${ID}" srcset="/objects/uploads/${ID}/480.webp 480w, /objects/uploads/${ID}/960.webp 960w" sizes="100vw">
      <img src="https://elsewhere.example/a.png">
      <img src="/objects/uploads/${ID.toUpperCase()}/1600.webp">
      <a href="/objects/uploads/${OTHER_ID}">the report</a>
      <p>Write /assets/not-a-link.js in the text</p>
      </body></html>`;
    expect(pageResources(html)).toEqual([
      '/assets/styles-Ab1.css',
      '/assets/entry-reader-Cd2.js',
      '/assets/jsx-runtime-Ef3.js',
      `/objects/uploads/${ID}/480.webp`,
    ]);
  });

  it('follows the other built files a script loads, statically or when needed', () => {
    const script =
      'import{a as e}from"./jsx-runtime-Wy9s6hX0.js";const t=()=>n(()=>import("./toaster-BCLNFBrs.js"),' +
      '__vite__mapDeps([0,1])),r=["assets/toaster-BCLNFBrs.js","assets/styles-BhVec0fn.css"];var u="https://x.example/y.js";';
    expect(chunkReferences(script)).toEqual([
      '/assets/jsx-runtime-Wy9s6hX0.js',
      '/assets/toaster-BCLNFBrs.js',
      '/assets/styles-BhVec0fn.css',
    ]);
  });
});
