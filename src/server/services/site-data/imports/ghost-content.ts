import { escapeHtml, htmlToMarkdown } from '../../../lib/html-to-markdown.ts';

/**
 * Ghost's editor documents as markdown, for exports whose posts carry no `html`: Lexical (Ghost
 * 5+, a JSON tree) and Mobiledoc (Ghost 1-4, sections and cards). Each is rendered to HTML block
 * by block and turned into markdown like any imported HTML, except markdown cards, whose text is
 * already markdown and is kept as written. Cards with no place in a post (sign-up forms, products,
 * paywall markers) are left out and named through `unsupported`.
 */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** Blocks in order: HTML runs are converted together, markdown kept as it is. */
class MarkdownBuilder {
  private readonly parts: string[] = [];
  private html: string[] = [];

  addHtml(html: string): void {
    if (html) this.html.push(html);
  }

  addMarkdown(markdown: string): void {
    this.flush();
    if (markdown.trim()) this.parts.push(markdown.trim());
  }

  build(): string {
    this.flush();
    return this.parts.join('\n\n');
  }

  private flush(): void {
    if (this.html.length === 0) return;
    const markdown = htmlToMarkdown(this.html.join('\n'));
    if (markdown) this.parts.push(markdown);
    this.html = [];
  }
}

const link = (url: string, label: string) => (url ? `<p><a href="${escapeHtml(url)}">${escapeHtml(label || url)}</a></p>` : '');

/**
 * A card as HTML, from the fields Lexical nodes and Mobiledoc payloads share (`image` has src,
 * alt, caption; `codeblock`/`code` has code and language, ...). Undefined when the card has no
 * place in a post.
 */
function cardHtml(name: string, card: Json, builder: MarkdownBuilder): string | undefined {
  const caption = str(card.caption) ? `<figcaption>${str(card.caption)}</figcaption>` : '';
  switch (name) {
    case 'markdown':
    case 'card-markdown':
      builder.addMarkdown(str(card.markdown));
      return '';
    case 'html':
      return str(card.html);
    case 'image': {
      const image = `<img src="${escapeHtml(str(card.src))}" alt="${escapeHtml(str(card.alt))}"${str(card.title) ? ` title="${escapeHtml(str(card.title))}"` : ''}>`;
      return `<figure>${str(card.href) ? `<a href="${escapeHtml(str(card.href))}">${image}</a>` : image}${caption}</figure>`;
    }
    case 'gallery':
      return `<figure>${list(card.images)
        .filter(isObject)
        .map((image) => `<p><img src="${escapeHtml(str(image.src))}" alt="${escapeHtml(str(image.alt))}"></p>`)
        .join('')}${caption}</figure>`;
    case 'code':
    case 'codeblock':
      return `<pre><code class="language-${escapeHtml(str(card.language))}">${escapeHtml(str(card.code))}</code></pre>${caption}`;
    case 'hr':
    case 'horizontalrule':
      return '<hr>';
    case 'callout':
      return `<blockquote><p>${escapeHtml(str(card.calloutEmoji))} ${str(card.calloutText)}</p></blockquote>`;
    case 'toggle':
      return `<p><strong>${str(card.heading)}</strong></p>${str(card.content)}`;
    case 'header':
      return `<h2>${str(card.header)}</h2><p>${str(card.subheader)}</p>`;
    case 'bookmark': {
      const metadata = isObject(card.metadata) ? card.metadata : {};
      return link(str(card.url), str(metadata.title)) + caption;
    }
    case 'embed':
      return link(str(card.url), str(card.url)) + caption;
    case 'video':
    case 'audio':
    case 'file':
      return link(str(card.src), str(card.title) || str(card.fileName) || str(card.fileTitle));
    case 'button':
      return link(str(card.buttonUrl), str(card.buttonText));
    case 'paywall':
      return '';
    default:
      return undefined;
  }
}

// ---------------------------------------------------------------- Lexical

const FORMAT_TAGS: Array<[number, string]> = [
  [1, 'strong'],
  [2, 'em'],
  [4, 's'],
  [16, 'code'],
  [32, 'sub'],
  [64, 'sup'],
];

function lexicalInline(nodes: unknown[]): string {
  let html = '';
  for (const node of nodes.filter(isObject)) {
    const type = str(node.type);
    if (type === 'text' || type === 'extended-text') {
      const format = typeof node.format === 'number' ? node.format : 0;
      let text = escapeHtml(str(node.text));
      for (const [bit, tag] of FORMAT_TAGS) if (format & bit) text = `<${tag}>${text}</${tag}>`;
      html += text;
    } else if (type === 'linebreak') html += '<br>';
    else if (type === 'tab') html += '\t';
    else if (type === 'link' || type === 'autolink') {
      html += `<a href="${escapeHtml(str(node.url))}">${lexicalInline(list(node.children))}</a>`;
    } else if (Array.isArray(node.children)) html += lexicalInline(node.children);
  }
  return html;
}

function lexicalList(node: Json): string {
  const tag = node.listType === 'number' ? 'ol' : 'ul';
  const start = typeof node.start === 'number' && node.start !== 1 && tag === 'ol' ? ` start="${node.start}"` : '';
  const items: string[] = [];
  for (const item of list(node.children).filter(isObject)) {
    const content = list(item.children).filter(isObject);
    // Lexical nests a list in an item of its own, after the item it belongs to.
    if (content.length > 0 && content.every((childNode) => childNode.type === 'list') && items.length > 0) {
      items[items.length - 1] += content.map(lexicalList).join('');
      continue;
    }
    const check = node.listType === 'check' ? (item.checked ? '[x] ' : '[ ] ') : '';
    items.push(
      check +
        content.map((childNode) => (childNode.type === 'list' ? lexicalList(childNode) : lexicalInline([childNode]))).join(''),
    );
  }
  return `<${tag}${start}>${items.map((item) => `<li>${item}</li>`).join('')}</${tag}>`;
}

function lexicalBlock(node: Json, builder: MarkdownBuilder, unsupported: Set<string>): void {
  const type = str(node.type);
  const inline = () => lexicalInline(list(node.children));
  switch (type) {
    case 'paragraph':
      return builder.addHtml(`<p>${inline()}</p>`);
    case 'heading':
    case 'extended-heading': {
      const tag = /^h[1-6]$/.test(str(node.tag)) ? str(node.tag) : 'h2';
      return builder.addHtml(`<${tag}>${inline()}</${tag}>`);
    }
    case 'quote':
    case 'extended-quote':
    case 'aside':
      return builder.addHtml(`<blockquote><p>${inline()}</p></blockquote>`);
    case 'list':
      return builder.addHtml(lexicalList(node));
    default: {
      const html = cardHtml(type, node, builder);
      if (html === undefined) unsupported.add(type || 'unknown');
      else builder.addHtml(html);
    }
  }
}

/** A Lexical document (the `lexical` column, a JSON string) as markdown. */
export function lexicalToMarkdown(source: string, unsupported: Set<string>): string {
  const document: unknown = JSON.parse(source);
  const root = isObject(document) && isObject(document.root) ? document.root : undefined;
  if (!root) throw new SyntaxError('no root');
  const builder = new MarkdownBuilder();
  for (const node of list(root.children).filter(isObject)) lexicalBlock(node, builder, unsupported);
  return builder.build();
}

// ---------------------------------------------------------------- Mobiledoc

/**
 * Mobiledoc 0.3 markers: [0 text | 1 atom, markups opened, number of markups closed, value].
 * Markups are [tag, [attribute, value, ...]]; atoms are [name, text, payload].
 */
function mobiledocMarkers(markers: unknown[], markups: unknown[], atoms: unknown[]): string {
  let html = '';
  const open: string[] = [];
  for (const marker of markers) {
    if (!Array.isArray(marker)) continue;
    const [kind, opened, closed, value] = marker as [unknown, unknown, unknown, unknown];
    for (const index of list(opened)) {
      const markup = list(markups[Number(index)]);
      const tag = /^[a-z][a-z0-9]*$/i.test(str(markup[0])) ? str(markup[0]).toLowerCase() : 'span';
      const attributes = list(markup[1]);
      let attributeHtml = '';
      for (let i = 0; i + 1 < attributes.length; i += 2) {
        if (str(attributes[i]) === 'href') attributeHtml += ` href="${escapeHtml(str(attributes[i + 1]))}"`;
      }
      html += `<${tag}${attributeHtml}>`;
      open.push(tag);
    }
    if (kind === 1) {
      const atom = list(atoms[Number(value)]);
      html += atom[0] === 'soft-return' ? '<br>' : escapeHtml(str(atom[1]));
    } else html += escapeHtml(str(value));
    for (let i = 0; i < Number(closed) && open.length > 0; i++) html += `</${open.pop()}>`;
  }
  while (open.length > 0) html += `</${open.pop()}>`;
  return html;
}

const MARKUP_SECTION_TAGS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote']);

/** A Mobiledoc document (the `mobiledoc` column, a JSON string) as markdown. */
export function mobiledocToMarkdown(source: string, unsupported: Set<string>): string {
  const document: unknown = JSON.parse(source);
  if (!isObject(document) || !Array.isArray(document.sections)) throw new SyntaxError('no sections');
  const markups = list(document.markups);
  const atoms = list(document.atoms);
  const cards = list(document.cards);
  const builder = new MarkdownBuilder();
  for (const section of document.sections) {
    if (!Array.isArray(section)) continue;
    const [kind, first, second] = section as [unknown, unknown, unknown];
    if (kind === 1) {
      const name = str(first).toLowerCase();
      const tag = MARKUP_SECTION_TAGS.has(name) ? name : name === 'aside' || name === 'pull-quote' ? 'blockquote' : 'p';
      builder.addHtml(`<${tag}>${mobiledocMarkers(list(second), markups, atoms)}</${tag}>`);
    } else if (kind === 2) {
      builder.addHtml(`<p><img src="${escapeHtml(str(first))}" alt=""></p>`);
    } else if (kind === 3) {
      const tag = str(first).toLowerCase() === 'ol' ? 'ol' : 'ul';
      const items = list(second).map((item) => `<li>${mobiledocMarkers(list(item), markups, atoms)}</li>`);
      builder.addHtml(`<${tag}>${items.join('')}</${tag}>`);
    } else if (kind === 10) {
      const card = list(cards[Number(first)]);
      const name = str(card[0]);
      const html = cardHtml(name, isObject(card[1]) ? card[1] : {}, builder);
      if (html === undefined) unsupported.add(name || 'unknown');
      else builder.addHtml(html);
    }
  }
  return builder.build();
}
