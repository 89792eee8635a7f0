import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultSite } from '../../content/site.ts';
import * as entry from '../../client/entry-server.tsx';
import type { SsrDataSource } from '../../shared/pages.ts';
import { composeRenderer, manifestAssets } from './renderer.ts';
import { savesData } from './save-data.ts';
import { smallestImages } from './smallest-images.ts';

const ID = '6f1c2a9e-1d2b-4c3d-8e4f-5a6b7c8d9e0f';
const UPLOAD = `/objects/uploads/${ID}`;

describe('savesData', () => {
  it('reads `on` as the first token of the header, in any case', () => {
    for (const value of ['on', 'On', ' ON ', 'on; extension', ['on']]) expect(savesData(value), String(value)).toBe(true);
    for (const value of [undefined, '', 'off', 'onn', 'yes', '1', 'x; on', []])
      expect(savesData(value), String(value)).toBe(false);
  });
});

describe('smallestImages', () => {
  it('points an image of this site, or one of its copies, at its 480 px copy and drops the wider choices', () => {
    expect(
      smallestImages(
        `<p><img src="${UPLOAD}" alt="Wide" loading="lazy" srcset="${UPLOAD}/480.webp 480w, ${UPLOAD}/960.webp 960w" sizes="46rem" width="1200" height="600"></p>`,
      ),
    ).toBe(`<p><img src="${UPLOAD}/480.webp" alt="Wide" loading="lazy" width="1200" height="600"></p>`);
    expect(smallestImages(`<img src="${UPLOAD.toUpperCase()}/1600.webp"/>`)).toBe(`<img src="${UPLOAD}/480.webp">`);
  });

  it('leaves other images, text that looks like a tag and attributes that hold one as they are', () => {
    const others = [
      '<img src="https://example.org/photo.jpg" srcset="https://example.org/photo-2x.jpg 2x" alt="Elsewhere">',
      `<img src="${UPLOAD}/480.png">`,
      `<p>&lt;img src="${UPLOAD}"&gt;</p>`,
      `<a title="<img src=&quot;${UPLOAD}&quot;>" href="/x">x</a>`,
      `<textarea>&lt;img src="${UPLOAD}"&gt;</textarea>`,
    ].join('');
    expect(smallestImages(others)).toBe(others);
    // An alt text holding `>` or a tag stays one attribute, escaped again.
    expect(smallestImages(`<img alt="a > b <img src=&quot;x&quot;>" src="${UPLOAD}" sizes="1px">`)).toBe(
      `<img alt="a &gt; b &lt;img src=&quot;x&quot;&gt;" src="${UPLOAD}/480.webp">`,
    );
  });
});

describe('a page rendered for Save-Data from the build', () => {
  const manifest = {
    'src/client/entry-reader.tsx': { file: 'assets/entry-reader-1.js', imports: ['_react-1.js'] },
    'src/client/entry-blog.tsx': { file: 'assets/entry-blog-1.js', imports: ['_react-1.js'] },
    'src/client/entry-client.tsx': { file: 'assets/entry-client-1.js', imports: ['_react-1.js'] },
    '_react-1.js': { file: 'assets/react-1.js', css: ['assets/styles-1.css'] },
  };
  const data: SsrDataSource = {
    site: async () => defaultSite,
    latestCards: async () => [],
    blogView: async () => ({ posts: [], total: 0, page: 1, pageCount: 1 }),
    getPostBySlug: async () => undefined,
    listComments: async () => [],
    getPreview: async () => undefined,
  };
  const renderer = composeRenderer(entry, readFileSync('index.html', 'utf8'), 'http://localhost:3000', manifestAssets(manifest));

  it('keeps its stylesheets, and loses its script, its preloads and its boot state', async () => {
    const { html } = await renderer.render('/', { nonce: 'n0nce', data, saveData: true });
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/styles-1.css">');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('modulepreload');
    const normal = await renderer.render('/', { nonce: 'n0nce', data });
    expect(normal.html).toContain('<script type="module" crossorigin src="/assets/entry-reader-1.js"></script>');
    expect(normal.html).toContain('<link rel="modulepreload" crossorigin href="/assets/react-1.js">');
    expect(normal.html).toContain('id="__QUERY_STATE__"');
  });
});
