import { DomUtils, parseDocument } from 'htmlparser2';
import { decodeEntities, escapeHtml, htmlToMarkdown, htmlToText, UnmanageableMarkupError } from './html-to-markdown.ts';
import { finishPost, parseDate } from './normalize.ts';
import { ImportFormatError, type ImportedComment, type ImportedPost, type ParsedImport } from './types.ts';

/**
 * A WordPress export (WXR 1.0-1.2: Tools > Export) read into posts. Posts and pages come in alike
 * (a page becomes a post); attachments only lend their URL to the posts that feature them; menus,
 * blocks, revisions and other types are left out and counted.
 *
 * Read by htmlparser2 in XML mode, which decodes the five XML entities and character references
 * and never expands entities a DOCTYPE declares; a file that declares any is refused outright, as
 * no WordPress export does ("billion laughs", external entities).
 */

type Element = ReturnType<typeof DomUtils.getElementsByTagName>[number];

const NOT_WXR = 'The file is not a WordPress export (WXR): no <rss><channel> with WordPress items';

export function parseWordPress(xml: string): ParsedImport {
  const document = parseDocument(xml, { xmlMode: true });
  for (const node of document.children) {
    if (node.type !== 'directive') continue;
    const directive = node.name.toLowerCase();
    if (directive === '!entity' || (directive === '!doctype' && node.data.includes('['))) {
      throw new ImportFormatError('The file declares XML entities, which a WordPress export never does: refused');
    }
  }
  const rss = document.children.find((node): node is Element => DomUtils.isTag(node) && node.name === 'rss');
  const channel = rss && child(rss, 'channel');
  if (!channel) throw new ImportFormatError(NOT_WXR);
  const items = children(channel, 'item');
  if (!child(channel, 'wp:wxr_version') && !items.some((item) => child(item, 'wp:post_type'))) {
    throw new ImportFormatError(NOT_WXR);
  }

  const attachmentUrls = new Map<string, string>();
  for (const item of items) {
    const url = text(item, 'wp:attachment_url');
    if (text(item, 'wp:post_type') === 'attachment' && url) attachmentUrls.set(text(item, 'wp:post_id'), url);
  }

  const posts: ImportedPost[] = [];
  const warnings: string[] = [];
  const leftOut = new Map<string, number>();
  const count = (reason: string) => leftOut.set(reason, (leftOut.get(reason) ?? 0) + 1);
  let skipped = 0;
  let shortcodePosts = 0;

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

    const title = decodeEntities(text(item, 'title')).trim();
    const guid = text(item, 'guid') || text(item, 'link') || `post-${text(item, 'wp:post_id')}`;
    const label = `WordPress ${type} "${title || text(item, 'wp:post_name') || guid}"`;
    const html = text(item, 'content:encoded');
    if (/\[(?:gallery|video|audio|playlist)\b[^\]]*\]/i.test(html)) shortcodePosts++;
    let content: string;
    try {
      content = htmlToMarkdown(wordPressHtml(html));
    } catch (error) {
      if (!(error instanceof UnmanageableMarkupError)) throw error;
      warnings.push(`${label}: ${error.message}; left out`);
      skipped++;
      continue;
    }

    const date =
      parseDate(text(item, 'wp:post_date_gmt')) ?? parseDate(text(item, 'wp:post_date')) ?? parseDate(text(item, 'pubDate'));
    const updatedAt = parseDate(text(item, 'wp:post_modified_gmt')) ?? parseDate(text(item, 'wp:post_modified'));
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
        source: `wordpress:${guid}`,
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
      },
      label,
      warnings,
    );
    if (post) posts.push(post);
    else skipped++;
  }

  if (leftOut.size > 0) {
    const reasons = [...leftOut].map(([reason, number]) => `${reason}: ${number}`).join(', ');
    warnings.push(`Left out what is not a post, a page or a comment to keep (${reasons})`);
  }
  if (shortcodePosts > 0) {
    warnings.push(`${shortcodePosts} post(s) hold WordPress shortcodes ([gallery], [video], ...), kept as text`);
  }
  return { posts, skipped, warnings };
}

const COMMENT_STATUS: Record<string, ImportedComment['status']> = { '1': 'published', '0': 'held', spam: 'spam' };

/** An approved, held or spam comment; undefined for trash, pingbacks and trackbacks. */
function readComment(comment: Element): ImportedComment | undefined {
  const status = COMMENT_STATUS[text(comment, 'wp:comment_approved')];
  const type = text(comment, 'wp:comment_type');
  if (!status || type === 'pingback' || type === 'trackback') return undefined;
  const createdAt = parseDate(text(comment, 'wp:comment_date_gmt')) ?? parseDate(text(comment, 'wp:comment_date'));
  return {
    author: decodeEntities(text(comment, 'wp:comment_author')),
    email: text(comment, 'wp:comment_author_email'),
    content: htmlToText(text(comment, 'wp:comment_content')),
    ...(createdAt ? { createdAt } : {}),
    status,
  };
}

/**
 * Categories and tags by name, without WordPress's default category (by slug too: it is renamed
 * in other languages). WXR 1.0 also lists them without a domain.
 */
function tagsOf(item: Element): string[] {
  return children(item, 'category')
    .filter((category) => {
      const { domain, nicename } = category.attribs;
      return (domain === undefined || domain === 'category' || domain === 'post_tag') && nicename !== 'uncategorized';
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
export function wordPressHtml(html: string): string {
  let result = html
    .replace(/\r\n?/g, '\n')
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
