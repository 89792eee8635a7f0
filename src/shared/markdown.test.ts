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
});

describe('task lists', () => {
  it('gives each checkbox an accessible name', () => {
    const html = renderMarkdown('- [x] shipped\n- [ ] next');
    expect(html).toContain('<input type="checkbox" checked disabled aria-label="Completed task">');
    expect(html).toContain('<input type="checkbox" disabled aria-label="Open task">');
  });
});
