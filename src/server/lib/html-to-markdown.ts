import { gfm } from '@joplin/turndown-plugin-gfm';
import escapeHtmlText from 'escape-html';
import { DomUtils, parseDocument as parseMarkup } from 'htmlparser2';
import { parseHTML } from 'linkedom';
import TurndownService from 'turndown';
import { HttpError } from '../errors.ts';
import { assertManageableMarkup } from './markup-limits.ts';

/**
 * HTML of a foreign post (WordPress, Ghost) as the markdown our editor writes: GFM tables, fenced
 * code with its language, images and links kept as given (http(s) or site paths). The same
 * choices as the URL importer (services/url-import/importer.ts), without Readability: here the whole HTML is
 * the article.
 */

/** Thrown for markup too deeply nested or too large to convert: the caller skips that one post. */
export class UnmanageableMarkupError extends Error {}

const service = createTurndown(keptImageSource);

export function htmlToMarkdown(html: string): string {
  if (!html.trim()) return '';
  try {
    assertManageableMarkup(html);
  } catch (error) {
    if (error instanceof HttpError) throw new UnmanageableMarkupError(error.message.replace('The page', 'The post'));
    throw error;
  }
  return service
    .turndown(prepare(html))
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A node of htmlparser2's DOM (domhandler, which this package does not name directly). */
type MarkupNode = ReturnType<typeof parseMarkup>['children'][number];

const BLOCKS = new Set(['p', 'div', 'li', 'blockquote', 'pre', 'tr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'table']);

/** A comment's HTML as plain text: paragraphs and line breaks kept, tags dropped, entities decoded. */
export function htmlToText(html: string): string {
  const parts: string[] = [];
  const walk = (nodes: MarkupNode[]) => {
    for (const node of nodes) {
      if (DomUtils.isText(node)) parts.push(node.data);
      else if (DomUtils.isCDATA(node)) walk(node.children);
      else if (DomUtils.isTag(node) && node.name !== 'script' && node.name !== 'style') {
        if (node.name === 'br') parts.push('\n');
        walk(node.children);
        if (BLOCKS.has(node.name)) parts.push('\n\n');
      }
    }
  };
  walk(parseMarkup(html).children);
  return parts
    .join('')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Text safe inside HTML, in an element or a quoted attribute (escape-html: & < > " '). */
export const escapeHtml: (text: string) => string = escapeHtmlText;

const ENTITY = /&(?:#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});/gi;

/** `Tom &amp; Jerry` -> `Tom & Jerry`: WordPress stores titles and term names HTML-escaped. */
export function decodeEntities(text: string): string {
  return text.replace(ENTITY, (entity) => DomUtils.textContent(parseMarkup(entity)));
}

/**
 * linkedom, as the URL importer does, for what turndown's rules cannot see: code lines broken
 * with <br>, and tables holding blocks, which the gfm plugin would keep as raw HTML (dropped when
 * the post is rendered) and are flattened to their cells instead.
 */
function prepare(html: string): string {
  const { document } = parseHTML(`<!doctype html><html><head></head><body>${html}</body></html>`);
  for (const br of document.querySelectorAll('pre br')) br.replaceWith(document.createTextNode('\n'));
  // Code of several lines outside <pre> (WordPress's classic editor writes it so): a code block,
  // not one line of inline code.
  for (const code of [...document.querySelectorAll('code')].filter((node) => !node.closest('pre'))) {
    for (const br of code.querySelectorAll('br')) br.replaceWith(document.createTextNode('\n'));
    const text = (code.textContent ?? '').replace(/^\n+|\n+$/g, '');
    if (!text.includes('\n')) continue;
    const pre = document.createElement('pre');
    const inner = document.createElement('code');
    inner.setAttribute('class', code.getAttribute('class') ?? '');
    inner.textContent = text;
    pre.append(inner);
    code.replaceWith(pre);
  }
  // An address's lines, whether broken by <br> or by the newlines the block editor keeps.
  for (const address of document.querySelectorAll('address')) {
    const lines = (address.innerHTML as string)
      .split(/<br\s*\/?>|\n/i)
      .map((line: string) => line.trim())
      .filter(Boolean);
    const paragraph = document.createElement('p');
    paragraph.innerHTML = lines.join('<br>');
    address.replaceWith(paragraph);
  }
  for (const table of [...document.querySelectorAll('table')].reverse()) {
    if (!table.querySelector('ul, ol, h1, h2, h3, h4, h5, h6, hr, blockquote, pre, table')) continue;
    const flat = document.createElement('div');
    for (const row of table.querySelectorAll('tr')) {
      for (const cell of [...row.children].filter((child) => child.nodeName === 'TD' || child.nodeName === 'TH')) {
        const block = document.createElement('div');
        while (cell.firstChild) block.append(cell.firstChild);
        flat.append(block);
      }
    }
    table.replaceWith(flat);
  }
  return document.body.innerHTML;
}

/** `language-x`, `lang-x` (Prism, highlight.js, Ghost) or `brush: x` (WordPress SyntaxHighlighter). */
function codeLanguage(pre: HTMLElement): string {
  for (const node of [pre.querySelector('code'), pre]) {
    const className = node?.getAttribute('class') ?? '';
    const match = /(?:^|\s)lang(?:uage)?-([\w#+.-]+)/i.exec(className) ?? /brush:\s*([\w#+.-]+)/i.exec(className);
    if (match?.[1]) return match[1].toLowerCase();
  }
  return '';
}

/** An http(s) URL or a path of the site, as given; anything else (data:, javascript:) is dropped. */
function keptImageSource(src: string | null): string | undefined {
  const value = src?.trim();
  if (!value) return undefined;
  if (/^https?:\/\//i.test(value) || (value.startsWith('/') && !value.startsWith('//'))) return value;
  return undefined;
}

const URL_UNSAFE: Record<string, string> = { '(': '%28', ')': '%29' };

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The one HTML-to-markdown converter of the product, for the URL importer (services/url-import/importer.ts)
 * and for foreign posts: ATX headings, `-` lists, GFM tables, fences longer than any run of
 * backticks inside, with the code's language; `imageSource` says which address an image keeps
 * (or none: the image is left out).
 */
export function createTurndown(imageSource: (src: string | null) => string | undefined): TurndownService {
  const turndown = new TurndownService({
    headingStyle: 'atx',
    hr: '---',
    bulletListMarker: '-',
    codeBlockStyle: 'fenced',
    emDelimiter: '_',
  });
  turndown.use(gfm);
  // Text that reads like a tag ("the <b> element") stays text: posts never pass raw HTML.
  const escapeMarkdown = turndown.escape.bind(turndown);
  turndown.escape = (text: string) => escapeMarkdown(text).replace(/</g, '\\<');
  turndown.remove(['script', 'style', 'noscript', 'template', 'iframe', 'object', 'embed']);
  turndown.remove(['form', 'button', 'input', 'select', 'textarea']);
  // A fence longer than any run of backticks in the code; also <pre> without <code>.
  turndown.addRule('fencedCode', {
    filter: 'pre',
    replacement: (_content, node) => {
      const code = (node.textContent ?? '').replace(/\n$/, '');
      let longestRun = 0;
      for (const run of code.match(/`+/g) ?? []) longestRun = Math.max(longestRun, run.length);
      const fence = '`'.repeat(Math.max(3, longestRun + 1));
      return `\n\n${fence}${codeLanguage(node as HTMLElement)}\n${code}\n${fence}\n\n`;
    },
  });
  // Audio and video play nowhere here: a link to each file, named by its kind and file name.
  turndown.addRule('mediaAsLinks', {
    filter: ['audio', 'video'],
    replacement: (_content, node) => {
      const element = node as HTMLElement;
      const kind = element.nodeName === 'AUDIO' ? 'Audio' : 'Video';
      const sources = [element.getAttribute('src')];
      // turndown's own DOM: a live list, not iterable.
      const children = element.getElementsByTagName('source');
      for (let index = 0; index < children.length; index++) sources.push(children[index]!.getAttribute('src'));
      const links = [...new Set(sources.flatMap((src) => keptImageSource(src) ?? []))].map((src) => {
        const name = decodeURIComponentSafe(src.split(/[?#]/)[0]!.split('/').pop() ?? '') || src;
        return `[${kind}: ${name.replace(/[[\]\\]/g, '\\$&')}](${src.replace(/[()\s]/g, (c) => URL_UNSAFE[c] ?? '%20')})`;
      });
      return links.length > 0 ? `\n\n${links.join('\n\n')}\n\n` : '';
    },
  });
  // Superscript and subscript (x², H₂O, a footnote mark) keep their tags: the one raw HTML a post's
  // markdown renders (shared/markdown.ts), around the converted text. Empty ones go.
  turndown.addRule('superAndSubscripts', {
    filter: ['sup', 'sub'],
    replacement: (content, node) => {
      const tag = node.nodeName.toLowerCase();
      const text = content.replace(/\s+/g, ' ').trim();
      return text ? `<${tag}>${text}</${tag}>` : '';
    },
  });
  turndown.addRule('keptImages', {
    filter: 'img',
    replacement: (_content, node) => {
      const image = node as HTMLImageElement;
      const src = imageSource(image.getAttribute('src'));
      if (!src) return '';
      const alt = (image.getAttribute('alt') ?? '')
        .replace(/\s+/g, ' ')
        .trim()
        .replace(/[[\]\\]/g, '\\$&');
      const title = image.getAttribute('title');
      return `![${alt}](${src.replace(/[()\s]/g, (c) => URL_UNSAFE[c] ?? '%20')}${title ? ` "${title.replace(/"/g, '\\"')}"` : ''})`;
    },
  });
  return turndown;
}
