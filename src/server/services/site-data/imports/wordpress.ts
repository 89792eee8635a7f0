import { DomHandler, DomUtils, Parser } from 'htmlparser2';
import {
  decodeEntities,
  escapeHtml,
  htmlToMarkdown,
  htmlToText,
  UnmanageableMarkupError,
} from '../../../lib/html-to-markdown.ts';
import { finishPost, parseDate } from './normalize.ts';
import { commentConversions, counted, htmlConversions, noteConverted, noteKept, noteWarnings } from './post-notes.ts';
import { ImportFormatError, type ImportedComment, type ImportedPost, type ParsedImport } from './types.ts';

/**
 * A WordPress export (WXR 1.0-1.2: Tools > Export) read into posts. Posts and pages come in alike
 * (a page becomes a post); attachments only lend their URL to the posts that feature them; menus,
 * blocks, revisions and other types are left out and counted.
 *
 * Read by htmlparser2 in XML mode, which decodes the five XML entities and character references
 * and never expands entities a DOCTYPE declares; a file that declares any is refused outright, as
 * no WordPress export does ("billion laughs", external entities). A file that is not whole (a
 * download cut short) is refused too, rather than read as a shorter export.
 *
 * Each post is known by its site and its guid (`wordpress:<site> <guid>`, ImportedPost.source):
 * two sites number their posts alike (`?p=1`), and a guid need not even name its site.
 */

type Element = ReturnType<typeof DomUtils.getElementsByTagName>[number];

const NOT_WXR = 'The file is not a WordPress export (WXR): no <rss><channel> with WordPress items';

export function parseWordPress(xml: string): ParsedImport {
  const { document, whole } = readDocument(xml);
  for (const node of document.children) {
    if (node.type !== 'directive') continue;
    const directive = node.name.toLowerCase();
    if (directive === '!entity' || (directive === '!doctype' && node.data.includes('['))) {
      throw new ImportFormatError('The file declares XML entities, which a WordPress export never does: refused');
    }
  }
  const rss = document.children.find((node): node is Element => DomUtils.isTag(node) && node.name === 'rss');
  if (rss) whole();
  const channel = rss && child(rss, 'channel');
  if (!channel) throw new ImportFormatError(NOT_WXR);
  const site = siteOf(channel);
  const home = homeOf(channel);
  const items = children(channel, 'item');
  if (!child(channel, 'wp:wxr_version') && !items.some((item) => child(item, 'wp:post_type'))) {
    throw new ImportFormatError(NOT_WXR);
  }

  const attachmentUrls = new Map<string, string>();
  /** A post's attached images, in the file's order: what a `[gallery]` without ids shows. */
  const attachedTo = new Map<string, string[]>();
  for (const item of items) {
    const url = text(item, 'wp:attachment_url');
    if (text(item, 'wp:post_type') !== 'attachment' || !url) continue;
    attachmentUrls.set(text(item, 'wp:post_id'), url);
    const parent = text(item, 'wp:post_parent');
    if (parent && parent !== '0' && IMAGE_URL.test(url)) attachedTo.set(parent, [...(attachedTo.get(parent) ?? []), url]);
  }

  const posts: ImportedPost[] = [];
  const warnings: string[] = [];
  const leftOut = new Map<string, number>();
  const count = (reason: string) => leftOut.set(reason, (leftOut.get(reason) ?? 0) + 1);
  let skipped = 0;
  let shortcodePosts = 0;
  let mediaPosts = 0;

  for (const item of items) {
    const type = text(item, 'wp:post_type') || 'post';
    const status = text(item, 'wp:status') || 'publish';
    if (type !== 'post' && type !== 'page') {
      skipped++;
      count(type);
      continue;
    }
    if (status === 'trash' || status === 'auto-draft' || status === 'inherit') {
      skipped++;
      count(status);
      continue;
    }

    const from = warnings.length;
    const title = decodeEntities(text(item, 'title')).trim();
    const guid = text(item, 'guid') || text(item, 'link') || `post-${text(item, 'wp:post_id')}`;
    // Keys were the guid alone before: such a key is this post's only when the guid names this site.
    const formerSource = site && isOnSite(guid, site) ? `wordpress:${guid}` : undefined;
    const label = `WordPress ${type} "${title || text(item, 'wp:post_name') || guid}"`;
    const html = text(item, 'content:encoded');
    const postId = text(item, 'wp:post_id');
    const media = mediaOf(html);
    const playlists = html.match(/\[playlist\b[^\]]*\]/gi)?.length ?? 0;
    if (playlists > 0) shortcodePosts++;
    if (media > 0) mediaPosts++;
    let galleries = 0;
    let galleryImages = 0;
    const gallery = (ids: string[]) => {
      const urls = ids.length > 0 ? ids.flatMap((id) => attachmentUrls.get(id) ?? []) : (attachedTo.get(postId) ?? []);
      galleries++;
      galleryImages += urls.length;
      return urls;
    };
    const footnotes = footnotesOf(item);
    const prepared = wordPressHtml(html, gallery, footnotes);
    let content: string;
    try {
      content = withFootnotes(htmlToMarkdown(prepared), footnotes);
    } catch (error) {
      if (!(error instanceof UnmanageableMarkupError)) throw error;
      warnings.push(`${label}: ${error.message}; left out`);
      skipped++;
      continue;
    }

    const date =
      parseDate(text(item, 'wp:post_date_gmt')) ?? parseDate(text(item, 'wp:post_date')) ?? parseDate(text(item, 'pubDate'));
    const updatedAt = parseDate(text(item, 'wp:post_modified_gmt')) ?? parseDate(text(item, 'wp:post_modified'));
    // A post that went out keeps its date; a draft's floats (WordPress moves it at each save) and
    // a scheduled one's may still be moved.
    const sourceDate = status === 'publish' || status === 'private' ? parseDate(text(item, 'wp:post_date_gmt')) : undefined;
    let published = status === 'publish' || status === 'future';
    let publishAt: Date | undefined;
    if (status === 'future') {
      if (date) publishAt = date;
      else {
        published = false;
        warnings.push(`${label}: scheduled without a date, imported as a draft`);
      }
    }
    if (published && text(item, 'wp:post_password')) {
      published = false;
      publishAt = undefined;
      warnings.push(`${label}: protected by a password on WordPress, imported as a draft`);
    }

    const thumbnailId = children(item, 'wp:postmeta').find((meta) => text(meta, 'wp:meta_key') === '_thumbnail_id');
    const featuredImage = thumbnailId ? attachmentUrls.get(text(thumbnailId, 'wp:meta_value')) : undefined;
    const excerpt = htmlToText(text(item, 'excerpt:encoded'));

    const comments: ImportedComment[] = [];
    for (const comment of children(item, 'wp:comment')) {
      const found = readComment(comment);
      if (found) comments.push(found);
      else {
        skipped++;
        count('comment in the trash, pingback or trackback');
      }
    }

    const post = finishPost(
      {
        source: site ? `wordpress:${site} ${guid}` : `wordpress:${guid}`,
        ...(formerSource ? { formerSource } : {}),
        ...(sourceDate ? { sourceDate } : {}),
        title,
        slug: text(item, 'wp:post_name') || undefined,
        content,
        ...(excerpt ? { excerpt } : {}),
        tags: tagsOf(item),
        published,
        ...(publishAt ? { publishAt } : {}),
        ...(date ? { createdAt: date } : {}),
        ...(updatedAt ? { updatedAt } : {}),
        ...(featuredImage ? { featuredImage } : {}),
        comments,
        oldPaths: oldPathsOf(item, type, home),
      },
      label,
      warnings,
    );
    if (post) {
      posts.push(post);
      noteConverted(post, [
        ...(galleries > 0 ? [`${counted(galleries, 'gallery', 'galleries')} as ${counted(galleryImages, 'image')}`] : []),
        ...(footnotes.length > 0 ? [counted(footnotes.length, 'footnote')] : []),
        ...(media > 0 ? [`${counted(media, 'audio or video player')} as links to the files`] : []),
        ...htmlConversions(prepared),
        ...commentConversions(post.comments),
      ]);
      if (playlists > 0) noteKept(post, [`${counted(playlists, '[playlist] shortcode')} kept as text`]);
      noteWarnings(post, warnings, from, label);
    } else skipped++;
  }

  if (leftOut.size > 0) {
    const reasons = [...leftOut].map(([reason, number]) => `${reason}: ${number}`).join(', ');
    warnings.push(`Left out what is not a post, a page or a comment to keep (${reasons})`);
  }
  if (mediaPosts > 0) {
    warnings.push(`${mediaPosts} post(s) hold audio or video: kept as links to the files (this site plays neither)`);
  }
  if (shortcodePosts > 0) {
    warnings.push(`${shortcodePosts} post(s) hold WordPress shortcodes ([playlist]), kept as text`);
  }
  return { posts, skipped, warnings };
}

/**
 * The document, and `whole()`, which throws unless the file is a whole XML document: every
 * element closed by its own end tag, nothing after the root but space, comments and processing
 * instructions. htmlparser2 closes what is still open when the file ends, so a download cut
 * short (mid-post, mid-CDATA, before `</channel>` or `</rss>`) would read as a shorter export.
 */
function readDocument(xml: string): { document: DomHandler['root']; whole(): void } {
  const handler = new CheckedHandler(xml);
  const parser = new Parser(handler, { xmlMode: true });
  parser.write(xml);
  handler.atEnd = true;
  parser.end();
  const lineOf = (index: number | null) => xml.slice(0, index ?? 0).split('\n').length;
  return {
    document: handler.root,
    whole() {
      const { unclosed, rootEnd } = handler;
      if (unclosed?.byEnd) {
        throw new ImportFormatError(
          `The WordPress export is incomplete: the file ends inside <${unclosed.element.name}> (opened on line ${lineOf(unclosed.element.startIndex)}); export it again`,
        );
      }
      if (unclosed) {
        throw new ImportFormatError(
          `The WordPress export is damaged: <${unclosed.element.name}> on line ${lineOf(unclosed.element.startIndex)} has no end tag`,
        );
      }
      const after = rootEnd === undefined ? '' : xml.slice(rootEnd + 1);
      if (!/^(?:\s|<!--[\s\S]*?-->|<\?[\s\S]*?\?>)*$/.test(after)) {
        throw new ImportFormatError(
          `The WordPress export is damaged: something other than comments follows its end (line ${lineOf(rootEnd ?? 0)})`,
        );
      }
    },
  };
}

/**
 * Builds the document as parseDocument does, noting the first element the parser had to close
 * itself (htmlparser2 says so with `isImplied`) and where the root element's end tag ends.
 */
class CheckedHandler extends DomHandler {
  /** Set once the whole file is written: what closes after that, the end of the file closed. */
  atEnd = false;
  unclosed: { element: Element; byEnd: boolean } | undefined;
  /** The index of the `>` of the root's end tag. */
  rootEnd: number | undefined;
  private readonly xml: string;
  private position: { endIndex: number | null } | undefined;

  constructor(xml: string) {
    super(undefined, { xmlMode: true, withStartIndices: true });
    this.xml = xml;
  }

  override onparserinit(parser: { startIndex: number | null; endIndex: number | null }): void {
    this.position = parser;
    super.onparserinit(parser);
  }

  override onclosetag(_name?: string, isImplied?: boolean): void {
    const element = this.tagStack.at(-1) as Element;
    const end = this.position?.endIndex ?? undefined;
    // `<tag/>` is reported as implied too: told apart by the `/` before its `>`.
    const selfClosing = !this.atEnd && end !== undefined && this.xml[end - 1] === '/';
    if (isImplied && !selfClosing) this.unclosed ??= { element, byEnd: this.atEnd };
    else if (this.tagStack.length === 2) this.rootEnd ??= end;
    super.onclosetag();
  }
}

/**
 * The exporting site as `host/path`: without the scheme or `www.`, so that a site that moved to
 * https or dropped its `www.` is the same site. Its home (`base_blog_url`, a blog's own address
 * in a network of sites) first, then the network's (`base_site_url`), then the feed's `<link>`.
 */
function siteOf(channel: Element): string | undefined {
  for (const name of ['wp:base_blog_url', 'wp:base_site_url', 'link']) {
    const site = siteKey(text(channel, name));
    if (site) return site;
  }
  return undefined;
}

/** The address of the blog's front page (`https://old.example/blog`), when the export gives it. */
function homeOf(channel: Element): URL | undefined {
  for (const name of ['wp:base_blog_url', 'link']) {
    try {
      const url = new URL(text(channel, name));
      if (url.protocol === 'http:' || url.protocol === 'https:') return url;
    } catch {
      // not a URL: the next one
    }
  }
  return undefined;
}

/**
 * Where readers found the post on WordPress: its permalink (`<link>`, whatever the permalink
 * structure) and its id's address (`/?p=12`, `/?page_id=7`, under the blog's own path), which
 * every WordPress answers whatever the structure.
 */
function oldPathsOf(item: Element, type: string, home: URL | undefined): string[] {
  const paths: string[] = [];
  const link = text(item, 'link');
  if (link) paths.push(link);
  const id = text(item, 'wp:post_id');
  if (/^\d+$/.test(id)) {
    const base = home ? home.pathname.replace(/\/+$/, '') : '';
    paths.push(`${base}/?${type === 'page' ? 'page_id' : 'p'}=${id}`);
  }
  return paths;
}

function siteKey(address: string): string | undefined {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  return `${url.host.replace(/^www\./, '')}${url.pathname.replace(/\/+$/, '')}`;
}

/** Whether `guid` is a full http(s) URL on `site` (its host, under its path). */
function isOnSite(guid: string, site: string): boolean {
  const key = siteKey(guid);
  return key !== undefined && (key === site || key.startsWith(`${site}/`));
}

const COMMENT_STATUS: Record<string, ImportedComment['status']> = { '1': 'published', '0': 'held', spam: 'spam' };

/** An approved, held or spam comment; undefined for trash, pingbacks and trackbacks. */
function readComment(comment: Element): ImportedComment | undefined {
  const status = COMMENT_STATUS[text(comment, 'wp:comment_approved')];
  const type = text(comment, 'wp:comment_type');
  if (!status || type === 'pingback' || type === 'trackback') return undefined;
  const createdAt = parseDate(text(comment, 'wp:comment_date_gmt')) ?? parseDate(text(comment, 'wp:comment_date'));
  const id = text(comment, 'wp:comment_id');
  const parent = text(comment, 'wp:comment_parent');
  return {
    author: decodeEntities(text(comment, 'wp:comment_author')),
    email: text(comment, 'wp:comment_author_email'),
    content: htmlToText(text(comment, 'wp:comment_content')),
    ...(createdAt ? { createdAt } : {}),
    status,
    ...(/^\d+$/.test(id) ? { sourceId: id } : {}),
    ...(/^[1-9]\d*$/.test(parent) ? { parentSourceId: parent } : {}),
  };
}

/**
 * Categories and tags by name, without WordPress's default category (by slug too: it is renamed
 * in other languages). WXR 1.0 also lists them without a domain, and its tags under `tag`, not
 * `post_tag` (each twice: with and without a nicename).
 */
function tagsOf(item: Element): string[] {
  return children(item, 'category')
    .filter((category) => {
      const { domain, nicename } = category.attribs;
      return (
        (domain === undefined || domain === 'category' || domain === 'post_tag' || domain === 'tag') &&
        nicename !== 'uncategorized'
      );
    })
    .map((category) => decodeEntities(DomUtils.textContent(category)).trim())
    .filter((name) => name && name.toLowerCase() !== 'uncategorized');
}

const BLOCK_TAG =
  /<\/?(?:p|div|h[1-6]|ul|ol|li|dl|dt|dd|table|thead|tbody|tfoot|tr|td|th|blockquote|pre|figure|figcaption|hr|address|section|article|aside|header|footer|nav|details|summary|iframe|script|style)\b|<!--/i;

/**
 * WordPress stores classic-editor posts without <p>: it adds them when it shows the post
 * (wpautop). Blank lines become paragraphs and single newlines <br>, code blocks untouched; posts
 * of the block editor (`<!-- wp:` comments) already carry their markup. [caption] and [embed]
 * shortcodes become what they hold.
 */
const IMAGE_URL = /\.(?:avif|gif|jpe?g|png|webp)(?:[?#]|$)/i;
const MEDIA = /<(?:audio|video)\b|\[(?:audio|video)\b/gi;

/** How many audio or video players a post's HTML holds (block or shortcode). */
const mediaOf = (html: string) => html.match(MEDIA)?.length ?? 0;

/** `a="b" c='d'` -> a: b, c: d. */
function shortcodeAttributes(text: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of text.matchAll(/([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s\]]+))/g)) {
    attributes.set(match[1]!.toLowerCase(), match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attributes;
}

const MEDIA_SOURCES = ['src', 'mp3', 'm4a', 'ogg', 'wav', 'wma', 'mp4', 'm4v', 'webm', 'ogv', 'wmv', 'flv'];

/** The block editor's footnotes (post meta `footnotes`: `[{id, content}]`), by id, in order. */
interface Footnote {
  id: string;
  html: string;
}

function footnotesOf(item: Element): Footnote[] {
  const meta = children(item, 'wp:postmeta').find((entry) => text(entry, 'wp:meta_key') === 'footnotes');
  if (!meta) return [];
  try {
    const list: unknown = JSON.parse(text(meta, 'wp:meta_value'));
    if (!Array.isArray(list)) return [];
    return list.flatMap((note: unknown) =>
      typeof note === 'object' && note !== null && typeof (note as Footnote & { content?: unknown }).content === 'string'
        ? [{ id: String((note as { id?: unknown }).id ?? ''), html: (note as { content: string }).content }]
        : [],
    );
  } catch {
    return [];
  }
}

/** Where a footnote's mark stood in the text, until the markdown is written (private-use characters). */
const footnoteMark = (index: number) => `\ue010${index}\ue011`;

/** The marks turned into `[^n]` references and the notes written after the post, as markdown footnotes. */
function withFootnotes(markdown: string, footnotes: Footnote[]): string {
  if (footnotes.length === 0) return markdown;
  const used = new Set<number>();
  const body = markdown.replace(/\ue010(\d+)\ue011/g, (_mark, index: string) => {
    used.add(Number(index));
    return `[^${Number(index) + 1}]`;
  });
  const notes = footnotes
    .map((note, index) => ({ note, index }))
    .filter(({ index }) => used.has(index))
    .map(({ note, index }) => {
      const [first = '', ...rest] = htmlToMarkdown(note.html).split('\n');
      return [`[^${index + 1}]: ${first}`, ...rest.map((line) => (line ? `    ${line}` : line))].join('\n');
    });
  return notes.length > 0 ? `${body}\n\n${notes.join('\n')}` : body;
}

function wordPressHtml(html: string, gallery: (ids: string[]) => string[] = () => [], footnotes: Footnote[] = []): string {
  let result = html
    .replace(/\r\n?/g, '\n')
    // The block editor's footnote marks: `<sup data-fn="id" class="fn"><a ...>1</a></sup>`.
    .replace(/<sup\b[^>]*\bdata-fn="([^"]*)"[^>]*>[\s\S]*?<\/sup>/gi, (mark, id: string) => {
      const index = footnotes.findIndex((note) => note.id === id);
      return index >= 0 ? footnoteMark(index) : mark;
    })
    .replace(/\[gallery\b([^\]]*)\]/gi, (_match, attributes: string) => {
      const ids = (shortcodeAttributes(attributes).get('ids') ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean);
      const images = gallery(ids).map((url) => `<img src="${escapeHtml(url)}" alt="">`);
      return images.length > 0 ? `<figure>${images.join('\n')}</figure>` : '';
    })
    .replace(/\[(audio|video)\b([^\]]*)\](?:[\s\S]*?\[\/\1\])?/gi, (_match, kind: string, attributes: string) => {
      const found = shortcodeAttributes(attributes);
      const sources = MEDIA_SOURCES.flatMap((name) => found.get(name) ?? []);
      return `<${kind.toLowerCase()}>${sources.map((src) => `<source src="${escapeHtml(src)}">`).join('')}</${kind.toLowerCase()}>`;
    })
    .replace(/\[caption\b[^\]]*\]([\s\S]*?)\[\/caption\]/gi, '<figure>$1</figure>')
    .replace(/\[embed\b[^\]]*\]([\s\S]*?)\[\/embed\]/gi, (_match, url: string) => {
      const href = escapeHtml(url.trim());
      return `<p><a href="${href}">${href}</a></p>`;
    });
  if (result.includes('<!-- wp:')) return result;
  const kept: string[] = [];
  result = result.replace(/<pre\b[\s\S]*?<\/pre>/gi, (pre) => `\ue000${kept.push(pre) - 1}\ue001`);
  result = result
    .split(/\n[ \t]*\n/)
    .map((chunk) => chunk.trim())
    .filter(Boolean)
    .map((chunk) =>
      /^\ue000\d+\ue001$/.test(chunk) || BLOCK_TAG.test(chunk) ? chunk : `<p>${chunk.replace(/\n/g, '<br>\n')}</p>`,
    )
    .join('\n\n');
  return result.replace(/\ue000(\d+)\ue001/g, (_match, index: string) => kept[Number(index)] ?? '');
}

function children(parent: Element, name: string): Element[] {
  return parent.children.filter((node): node is Element => DomUtils.isTag(node) && node.name === name);
}

function child(parent: Element, name: string): Element | undefined {
  return parent.children.find((node): node is Element => DomUtils.isTag(node) && node.name === name);
}

/** The text (CDATA included) of `parent`'s first `name` child, trimmed; '' when there is none. */
function text(parent: Element, name: string): string {
  const element = child(parent, name);
  return element ? DomUtils.textContent(element).trim() : '';
}
