import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown.ts';

describe('renderMarkdown', () => {
  it('renders GitHub-flavoured tables, task lists and strikethrough', () => {
    const html = renderMarkdown('| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n- [ ] todo\n\n~~old~~');
    expect(html).toContain('<table>');
    expect(html).toContain('<td>2</td>');
    expect(html).toMatch(/<input[^>]*type="checkbox"[^>]*checked/);
    expect(html).toContain('<del>old</del>');
  });

  it('never passes raw HTML through', () => {
    const html = renderMarkdown('<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">\n\nText <b onclick="x()">bold</b>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('onerror');
    expect(html).not.toContain('onclick');
    expect(html).toContain('Text');
  });

  it('renders <sup> and <sub> pairs around text, and no other tag, nor their attributes', () => {
    expect(renderMarkdown('mc<sup>2</sup>, H<SUB>2</SUB>O, x<sup>**n** [a](https://a.example)</sup>')).toBe(
      '<p>mc<sup>2</sup>, H<sub>2</sub>O, x<sup><strong>n</strong> <a href="https://a.example" rel="noopener noreferrer" target="_blank">a</a></sup></p>',
    );
    expect(renderMarkdown('<sup onclick="x()">2</sup> <sup>open')).toBe('<p>2 open</p>');
    expect(renderMarkdown('`<sup>2</sup>`')).toBe('<p><code>&#x3C;sup>2&#x3C;/sup></code></p>');
  });

  it('blanks links outside http, https, irc, ircs, mailto and xmpp', () => {
    const html = renderMarkdown('[bad](javascript:alert(1)) [data](data:text/html,hi) [mail](mailto:a@b.c) [chat](xmpp:me@x.y)');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('data:text');
    expect(html).toContain('href="mailto:a@b.c"');
    expect(html).toContain('href="xmpp:me@x.y"');
  });

  it('opens external links in a new tab with noopener noreferrer, internal ones in place', () => {
    const html = renderMarkdown('[out](https://example.org) [in](/blog/other)');
    expect(html).toContain('<a href="https://example.org" rel="noopener noreferrer" target="_blank">out</a>');
    expect(html).toContain('<a href="/blog/other">in</a>');
  });

  it('highlights fenced code at render time and anchors headings', () => {
    const html = renderMarkdown('## Getting Started\n\n```js\nconst x = 1;\n```');
    expect(html).toContain('<h2 id="getting-started">');
    expect(html).toContain('class="hljs language-js"');
    expect(html).toContain('<span class="hljs-keyword">const</span>');
  });

  it('footnotes work: every reference and back-link points at an id that exists, once', () => {
    const html = renderMarkdown('Text[^1] and more[^note].\n\n[^1]: First.\n[^note]: Second.\n');
    const ids = new Set([...html.matchAll(/\sid="([^"]+)"/g)].map(([, id]) => id));
    const targets = [...html.matchAll(/href="#([^"]+)"/g)].map(([, id]) => id);
    expect(targets).toHaveLength(4);
    for (const target of targets) expect(ids, `#${target}`).toContain(target);
    const described = [...html.matchAll(/aria-describedby="([^"]+)"/g)].map(([, id]) => id);
    for (const label of described) expect(ids).toContain(label);
    expect(html).not.toContain('user-content-user-content');
  });

  it('prefixes footnote ids, so a post cannot name an id the page uses', () => {
    const html = renderMarkdown('See[^root].\n\n[^root]: Note.\n');
    expect(html).toContain('id="user-content-fn-root"');
    expect(html).not.toMatch(/id="(fn-)?root"/);
  });
});

describe('task lists', () => {
  it('gives each checkbox an accessible name', () => {
    const html = renderMarkdown('- [x] shipped\n- [ ] next');
    expect(html).toContain('<input type="checkbox" checked disabled aria-label="Completed task">');
    expect(html).toContain('<input type="checkbox" disabled aria-label="Open task">');
  });
});

describe('images', () => {
  const id = '0b5c1f0e-1b2a-4c3d-8e9f-0a1b2c3d4e5f';

  it('load lazily, wherever they come from', () => {
    const html = renderMarkdown('![A chart](https://images.example/chart.png)');
    expect(html).toContain('<img src="https://images.example/chart.png" alt="A chart" loading="lazy" decoding="async">');
    expect(html).not.toContain('srcset');
  });

  it('offer the resized WebP copies of an uploaded image of known size, with their true widths', () => {
    const imageSize = (src: string) => (src === `/objects/uploads/${id}` ? { width: 1200, height: 800 } : undefined);
    const html = renderMarkdown(`![Team photo](/objects/uploads/${id})`, { imageSize });
    expect(html).toContain(
      `srcset="/objects/uploads/${id}/480.webp 480w, /objects/uploads/${id}/960.webp 960w, /objects/uploads/${id}/1600.webp 1200w"`,
    );
    expect(html).toContain('sizes="(min-width: 48rem) 46rem, calc(100vw - 2rem)" width="1200" height="800"');
  });

  it('keep a small uploaded image at its own width', () => {
    const html = renderMarkdown(`![Logo](/objects/uploads/${id})`, { imageSize: () => ({ width: 200, height: 100 }) });
    expect(html).toContain(
      `srcset="/objects/uploads/${id}/480.webp 200w" sizes="min(calc(100vw - 2rem), 200px)" width="200" height="100"`,
    );
  });

  it('offer no copies when the size is unknown (the editor preview, an image that could not be read)', () => {
    expect(renderMarkdown(`![Team photo](/objects/uploads/${id})`)).not.toContain('srcset');
    expect(renderMarkdown(`![Team photo](/objects/uploads/${id})`, { imageSize: () => undefined })).not.toContain('srcset');
  });

  it('offer no copies for paths that only look like uploads', () => {
    const imageSize = () => ({ width: 1200, height: 800 });
    for (const src of [
      `/objects/uploads/${id}/480.webp`,
      '/objects/uploads/not-an-id',
      `https://elsewhere.example/objects/uploads/${id}`,
    ]) {
      expect(renderMarkdown(`![x](${src})`, { imageSize }), src).not.toContain('srcset');
    }
  });
});
