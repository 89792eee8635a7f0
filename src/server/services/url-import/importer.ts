import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { EXCERPT_GENERATE_LENGTH, LIMITS } from '../../../shared/constants.ts';
import type { ImportResult } from '../../../shared/imports.ts';
import { HttpError } from '../../errors.ts';
import type { PageFetcher } from '../../adapters/guarded-fetch.ts';
import { assertManageableMarkup } from '../../lib/markup-limits.ts';
import { createTurndown } from '../../lib/html-to-markdown.ts';
import { extractInWorker, type ExtractionLimits } from './importer-pool.ts';

/**
 * Fetches `url` through `fetcher` and turns its main article into markdown for the editor, in a
 * worker thread within `limits`: the page is the author's choice, but its markup is anyone's.
 */
export async function importArticle(url: string, fetcher: PageFetcher, limits?: ExtractionLimits): Promise<ImportResult> {
  const page = await fetcher.fetchPage(url);
  return { ...(await extractInWorker(page.html, page.url, limits)), sourceUrl: page.url };
}

export type ExtractedArticle = Omit<ImportResult, 'sourceUrl'>;

/**
 * Readability finds the article in `html`, turndown writes it as GitHub-flavoured markdown.
 * Synchronous and unbounded in time: the server calls it through importArticle's worker.
 */
export function extractArticle(html: string, pageUrl: string): ExtractedArticle {
  assertManageableMarkup(html);
  const document = parseDocument(html);
  const base = documentBase(document, pageUrl);
  const meta = (...keys: string[]) => metaContent(document, keys);
  const declaredTitle = collapse(meta('og:title', 'twitter:title'));
  const fallbackTitle = declaredTitle || document.title;
  const headings = [...document.querySelectorAll('h1')]
    .filter((h1) => !h1.closest('header:not(article header), nav'))
    .map((h1) => collapse(h1.textContent ?? ''));
  const description = meta('description', 'og:description', 'twitter:description');
  const ogImage = absoluteHttpUrl(meta('og:image:secure_url', 'og:image', 'og:image:url', 'twitter:image'), base);

  // <noscript> stays for now: Readability recovers lazy-loaded images from it, then drops it.
  for (const node of document.querySelectorAll('script, style, template')) node.remove();
  // linkedom's baseURI is the first <base href> as written: make it absolute, so that Readability
  // resolves relative links and images against the page's real base (after redirects).
  for (const node of document.querySelectorAll('base')) node.remove();
  const baseElement = document.createElement('base');
  baseElement.setAttribute('href', base);
  document.head.prepend(baseElement);
  // Some highlighters break code lines with <br>, which textContent would lose.
  for (const br of document.querySelectorAll('pre br')) br.replaceWith(document.createTextNode('\n'));
  flattenComplexTables(document);

  // keepClasses: code blocks carry their language in class="language-x".
  const article = new Readability(document, { keepClasses: true }).parse();
  if (!article?.content || !article.textContent?.trim()) {
    throw new HttpError(422, 'No article found on that page');
  }
  const { markdown, firstImage } = toMarkdown(article.content, base);
  if (!markdown) throw new HttpError(422, 'No article found on that page');
  // Cutting it short would drop the end of the article without a word: say so instead.
  if (markdown.length > LIMITS.content) {
    throw new HttpError(
      422,
      `The article is too long to import: ${markdown.length.toLocaleString('en-US')} characters, a post holds at most ${LIMITS.content.toLocaleString('en-US')}`,
    );
  }

  const title = declaredTitle || withoutSiteName(collapse(article.title ?? ''), headings) || collapse(fallbackTitle);
  const featuredImage = ogImage ?? firstImage;
  return {
    title: title.slice(0, LIMITS.title),
    content: markdown,
    excerpt: shorten(collapse(article.excerpt ?? '') || collapse(description), EXCERPT_GENERATE_LENGTH),
    ...(featuredImage ? { featuredImage } : {}),
  };
}

/**
 * A <title> is often the article's heading followed by the site's name ("Title - Site",
 * "Title | Site"), which Readability keeps when the heading is short. The heading the page shows
 * is then the article's title.
 */
function withoutSiteName(title: string, headings: string[]): string {
  const heading = headings.find((text) => text && title.startsWith(text) && /^\s*[-|–—:·»]\s*\S/.test(title.slice(text.length)));
  return heading ?? title;
}

const HEAD_TAGS = new Set(['TITLE', 'META', 'BASE', 'LINK', 'STYLE']);

/**
 * linkedom builds <head> and <body> only when the markup spells them out; for pages that leave the
 * (optional) tags out, rebuild the skeleton the HTML parser would have made so Readability finds a body.
 */
function parseDocument(html: string): Document {
  const { document } = parseHTML(html);
  const root = document.documentElement;
  const topLevel = [...document.childNodes].filter((n) => n.nodeType === 1);
  const sectioned = [...(root?.children ?? [])].every((c) => c.nodeName === 'HEAD' || c.nodeName === 'BODY');
  if (topLevel.length === 1 && root?.nodeName === 'HTML' && sectioned) return document;
  const head: string[] = [];
  const body: string[] = [];
  const place = (nodes: Iterable<Node>) => {
    for (const node of nodes) {
      if (node.nodeName === 'HTML' || node.nodeName === 'HEAD' || node.nodeName === 'BODY') place(node.childNodes);
      else if (node.nodeType !== 10) (HEAD_TAGS.has(node.nodeName) ? head : body).push(String(node));
    }
  };
  place(document.childNodes);
  return parseHTML(`<!doctype html><html><head>${head.join('')}</head><body>${body.join('')}</body></html>`).document;
}

const cellsOf = (table: Element) =>
  [...table.children]
    .flatMap((part) => (part.nodeName === 'TR' ? [part] : [...part.children]))
    .flatMap((row) => [...row.children].filter((cell) => cell.nodeName === 'TD' || cell.nodeName === 'TH'));

/**
 * A table holding lists, headings, code or tables cannot be a markdown table; the gfm plugin would
 * keep it as raw HTML, which the renderer drops. Flatten it to its cells' content instead.
 */
function flattenComplexTables(document: Document): void {
  for (const table of [...document.querySelectorAll('table')].reverse()) {
    if (!table.querySelector('ul, ol, h1, h2, h3, h4, h5, h6, hr, blockquote, pre, table')) continue;
    const flat = document.createElement('div');
    for (const cell of cellsOf(table)) {
      const block = document.createElement('div');
      // One by one: spreading a cell of a hundred thousand nodes as arguments overflows the stack.
      while (cell.firstChild) block.append(cell.firstChild);
      flat.append(block);
    }
    table.replaceWith(flat);
  }
}

/** The first `<base href>` resolved against the page's address, when it is http(s); else the address. */
function documentBase(document: Document, pageUrl: string): string {
  const href = document.querySelector('base[href]')?.getAttribute('href');
  return (href && absoluteHttpUrl(href, pageUrl)) || pageUrl;
}

function metaContent(document: Document, keys: string[]): string {
  for (const key of keys) {
    for (const node of document.querySelectorAll('meta[content]')) {
      const name = (node.getAttribute('property') ?? node.getAttribute('name') ?? '').toLowerCase();
      const content = node.getAttribute('content')?.trim();
      if (name === key && content) return content;
    }
  }
  return '';
}

function absoluteHttpUrl(href: string | null | undefined, base: string): string | undefined {
  if (!href) return undefined;
  try {
    const url = new URL(href.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/** At most `length` characters, cut at a word boundary with an ellipsis when it had to be cut. */
function shorten(text: string, length: number): string {
  if (text.length <= length) return text;
  const head = text.slice(0, length - 1);
  return `${head.replace(/\s+\S*$/, '') || head}…`;
}

function toMarkdown(html: string, base: string): { markdown: string; firstImage: string | undefined } {
  let firstImage: string | undefined;
  // data: placeholders of lazy images and other schemes would not render: dropped; relative
  // addresses are made absolute against the page.
  const service = createTurndown((src) => {
    const absolute = absoluteHttpUrl(src, base);
    firstImage ??= absolute;
    return absolute;
  });
  const markdown = service
    .turndown(html)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { markdown, firstImage };
}
