import { LIMITS } from '../../../../shared/constants.ts';
import { htmlToMarkdown, UnmanageableMarkupError } from '../../../lib/html-to-markdown.ts';
import { parseFrontMatter } from './front-matter.ts';
import { finishPost, parseDate } from './normalize.ts';
import { counted, noteConverted, noteKept, noteWarnings } from './post-notes.ts';
import { convertHighlightBlocks, convertTags } from './shortcodes.ts';
import { parseTomlFrontMatter } from './toml-front-matter.ts';
import { ImportFormatError, type ImportedPost, type ParsedImport } from './types.ts';

/**
 * Markdown files with front matter (a Hugo, Jekyll, Astro or Obsidian folder, zipped) read into
 * posts, one per `.md`, `.markdown` or `.mdx` file; other files, hidden folders (`.obsidian/`)
 * and Hugo's section pages (`_index.md`) are left out and counted.
 *
 * Front matter: YAML between `---` lines (front-matter.ts), or TOML between `+++` lines (Hugo),
 * of which the top-level keys are read (toml-front-matter.ts). The keys each generator uses:
 * - title, else the first `# heading` (taken out of the body when the body starts with it), else
 *   the file name;
 * - date | pubDate | publishDate | published (a date) | created: when it was written; a date
 *   still ahead makes a published post scheduled (publishAt); else Jekyll's `YYYY-MM-DD-` name;
 * - lastmod | updated | updatedDate: when it was last changed;
 * - tags, categories, category, keywords (a list, or one comma-separated string; Obsidian's `#`
 *   dropped): its tags;
 * - draft: true or published: false: a draft;
 * - slug, else the last segment of permalink | url, else Jekyll's or the file's name (the folder's
 *   for a page bundle, `post/index.md`);
 * - description | excerpt | summary: the excerpt;
 * - image | cover | featured_image | heroImage (also `cover: {image}`): the featured image (a path
 *   relative to the file is brought from the zip with the body's images, or left out).
 * Obsidian: `[[note]]` and `[[note|label]]` become their text (the notes are not on this site),
 * embeds `![[file]]` are left out with a warning. MDX: `import`/`export` lines are removed.
 * A file whose front matter cannot be read is left out with a warning naming it.
 */
export function parseMarkdownFiles(files: Array<{ path: string; text: string }>, now = new Date()): ParsedImport {
  const posts: ImportedPost[] = [];
  const warnings: string[] = [];
  const translations = new Map<string, ReadFile[]>();
  let skipped = 0;
  let notPosts = 0;

  for (const file of files) {
    const segments = file.path.split(/[\\/]/).filter(Boolean);
    const name = segments.at(-1) ?? '';
    if (!/\.(?:md|markdown|mdx)$/i.test(name) || segments.some((segment) => segment.startsWith('.')) || name === '_index.md') {
      skipped++;
      notPosts++;
      continue;
    }
    const from = warnings.length;
    const read = readFile(file.path, segments, file.text, now, warnings);
    if (!read) {
      skipped++;
      continue;
    }
    noteWarnings(read.post, warnings, from, file.path);
    posts.push(read.post);
    const group = translations.get(read.group) ?? [];
    group.push(read);
    translations.set(read.group, group);
  }
  for (const group of translations.values()) apartFromTheOriginal(group, warnings);
  convertReferences([...translations.values()].flat(), warnings);
  if (notPosts > 0) warnings.push(`${notPosts} file(s) that are not markdown posts left out`);
  return { posts, skipped, warnings };
}

/**
 * Liquid's `post_url` and `link` and Hugo's `ref` and `relref` become the address of the post
 * they name (by its file, with or without folders and extension, or Jekyll's `YYYY-MM-DD-name`);
 * `youtube` and `figure` become a link and an image; any other tag is kept and named in a warning.
 */
function convertReferences(files: ReadFile[], warnings: string[]): void {
  const byName = new Map<string, ImportedPost>();
  for (const { post } of files) {
    const segments = withoutExtension(post.source.slice('markdown:'.length)).split('/');
    for (let start = segments.length - 1; start >= 0; start--) {
      const key = segments.slice(start).join('/').toLowerCase();
      if (!byName.has(key)) byName.set(key, post);
    }
  }
  const addressOf = (reference: string) => {
    const post = byName.get(withoutExtension(reference.trim().replace(/^\.?\/+/, '')).toLowerCase());
    return post?.slug ? `/blog/${encodeURIComponent(post.slug)}` : undefined;
  };
  for (const { post } of files) {
    const { body, kept, converted } = convertTags(post.content, addressOf);
    post.content = body;
    if (converted > 0) noteConverted(post, [`${counted(converted, 'Liquid or Hugo tag')} as links or images`]);
    for (const [tag, count] of kept) {
      const warning = `${tag}${count > 1 ? ` (${count})` : ''} kept as text: this site has no such tag`;
      warnings.push(`${post.source.slice('markdown:'.length)}: ${warning}`);
      noteKept(post, [warning]);
    }
  }
}

const languages = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

/** Whether `code` names a language (`fr`, `pt-br`, `zh-hans`), as Hugo's translation files end. */
function isLanguage(code: string): boolean {
  try {
    return languages.of(code) !== undefined;
  } catch {
    return false;
  }
}

/** `posts/a.md` -> `posts/a`, `posts/a/index.md` -> `posts/a`. */
function withoutExtension(path: string): string {
  return path
    .replace(/\.(?:md|markdown|mdx|html?)$/i, '')
    .replace(/\/(?:_?index)$/i, '')
    .replace(/\/+$/, '');
}

interface ReadFile {
  post: ImportedPost;
  /** Files of one group are one post in several languages: `translationKey`, else folder and name. */
  group: string;
  lang: string | undefined;
}

/**
 * A post and its translations (Hugo's `post.md` and `post.fr.md`, or one `translationKey`): the
 * original (the one with no language, else the first) keeps the slug, each translation gets its
 * language after it (`post-fr`), so that none takes another's address.
 */
function apartFromTheOriginal(group: ReadFile[], warnings: string[]): void {
  if (group.length < 2) return;
  const original = group.find((file) => !file.lang) ?? group[0]!;
  for (const file of group) {
    if (file === original || !file.post.slug) continue;
    const suffix = `-${file.lang?.replace(/[^a-z0-9]+/g, '-') ?? 'translation'}`;
    const slug = `${(original.post.slug ?? file.post.slug).slice(0, LIMITS.slug - suffix.length).replace(/[-_]+$/, '')}${suffix}`;
    noteConverted(file.post, [
      `a translation${file.lang ? ` (${file.lang})` : ''} of ${original.post.source.replace(/^markdown:/, '')}, with an address of its own`,
    ]);
    warnings.push(
      `${file.post.source.replace(/^markdown:/, '')}: a translation${file.lang ? ` (${file.lang})` : ''} of ${original.post.source.replace(/^markdown:/, '')}, imported as a post of its own with the slug "${slug}"`,
    );
    file.post.slug = slug;
  }
}

function readFile(path: string, segments: string[], raw: string, now: Date, warnings: string[]): ReadFile | undefined {
  // eslint-disable-next-line no-control-regex -- NUL is what is being removed
  const text = raw.replace(/\u0000/g, '');
  if (text !== raw) warnings.push(`${path}: NUL characters removed`);

  let data: Record<string, unknown>;
  let body: string;
  const toml = parseTomlFrontMatter(text);
  if (toml) {
    ({ data, body } = toml);
    if (toml.unreadable.length > 0) warnings.push(`${path}: front matter keys not read: ${toml.unreadable.join(', ')}`);
  } else {
    try {
      ({ data, body } = parseFrontMatter(text, path));
    } catch (error) {
      if (!(error instanceof ImportFormatError)) throw error;
      warnings.push(`${error.message}; the file is left out`);
      return undefined;
    }
  }

  // Hugo names a translation `post.fr.md` (or `index.fr.md` in a bundle).
  const [, named = '', code] = /^(.*?)(?:\.([a-z]{2}(?:-[a-z]{2,4})?))?$/i.exec(segments.at(-1)!.replace(/\.[^.]+$/, '')) ?? [];
  // `learning-next.js.md` is no translation into `js`: only a language's code counts.
  const suffix = code && isLanguage(code) ? code : undefined;
  const stem = suffix ? named : segments.at(-1)!.replace(/\.[^.]+$/, '');
  const fileName = stem || segments.at(-1)!.replace(/\.[^.]+$/, '');
  const bundle = /^(?:_?index|readme)$/i.test(fileName) && segments.length > 1 ? segments.at(-2)! : undefined;
  const jekyll = /^(\d{4}-\d{2}-\d{2})-(.+)$/.exec(fileName);
  const baseName = bundle ?? jekyll?.[2] ?? fileName;
  const lang = (suffix || scalar(data.lang) || scalar(data.language)).toLowerCase() || undefined;

  const converted: string[] = [];
  const highlighted = convertHighlightBlocks(body);
  body = highlighted.body;
  if (highlighted.converted > 0) converted.push(`${counted(highlighted.converted, '{% highlight %} block')} as fenced code`);
  try {
    const before = body;
    body = htmlBlocksAsMarkdown(body);
    if (body !== before) converted.push('raw HTML as markdown');
  } catch (error) {
    if (!(error instanceof UnmanageableMarkupError)) throw error;
    warnings.push(`${path}: ${error.message}; its HTML is kept as it is`);
  }
  if (/\.mdx$/i.test(path)) {
    const stripped = outsideFences(body, (line) => (/^(?:import|export)\s/.test(line) ? undefined : line));
    if (stripped !== body) warnings.push(`${path}: MDX import and export lines removed; MDX components are not supported`);
    body = stripped;
  }
  let embeds = 0;
  body = outsideFences(body, (line) => {
    const edited = outsideCodeSpans(line, (text) =>
      text
        .replace(/!\[\[[^\]\n]*\]\]/g, () => {
          embeds++;
          return '';
        })
        .replace(/\[\[([^\]|\n]*)(?:\|([^\]\n]*))?\]\]/g, (_match, target: string, label: string | undefined) => {
          if (label?.trim()) return label.trim();
          const [page = '', heading = ''] = target.split('#');
          return (page.replace(/\.md$/i, '') || heading.replace(/^\^.*/, '')).trim();
        }),
    );
    // A line that held only an embed goes with it.
    return edited.trim() || !line.trim() ? edited : undefined;
  });
  if (embeds > 0) warnings.push(`${path}: ${embeds} embedded file(s) (![[...]]) left out`);

  let title = scalar(data.title);
  if (!title) {
    const heading = firstHeading(body);
    if (heading) {
      title = heading.text;
      if (heading.leading) body = body.slice(heading.end).replace(/^\s*\n/, '');
    } else title = fileTitle(baseName);
  }

  const draft = data.draft === true || data.draft === 'true' || data.published === false || data.published === 'false';
  const date =
    firstDate(data, ['date', 'pubDate', 'publishDate', 'published', 'created']) ?? (jekyll ? parseDate(jekyll[1]) : undefined);
  const updatedAt = firstDate(data, ['lastmod', 'updated', 'updatedDate', 'modified']);
  const publishAt = !draft && date && date.getTime() > now.getTime() ? date : undefined;

  // A path relative to the file is brought with the zip's images (site-data/import-images.ts).
  const featuredImage = imageOf(data);
  const excerpt = scalar(data.description) || scalar(data.excerpt) || scalar(data.summary);

  const slug = scalar(data.slug) || lastSegment(scalar(data.permalink) || scalar(data.url)) || baseName;
  const post = finishPost(
    {
      source: `markdown:${path}`,
      title,
      slug,
      content: body,
      ...(excerpt ? { excerpt } : {}),
      tags: [data.tags, data.categories, data.category, data.keywords].flatMap(tagList),
      published: !draft,
      ...(publishAt ? { publishAt } : {}),
      ...(date ? { createdAt: date } : {}),
      ...(updatedAt ? { updatedAt } : {}),
      ...(featuredImage ? { featuredImage } : {}),
      comments: [],
      oldPaths: oldPathsOf(segments, data, { slug, baseName, jekyll, bundle: bundle !== undefined, lang: suffix?.toLowerCase() }),
    },
    path,
    warnings,
  );
  if (!post) return undefined;
  noteConverted(post, converted);
  const folder = segments.slice(0, bundle ? -2 : -1).join('/');
  return { post, group: scalar(data.translationKey) ? `key:${scalar(data.translationKey)}` : `file:${folder}/${baseName}`, lang };
}

/**
 * Where the generator published the file (docs/decisions/019): front matter `url` or `permalink`
 * when it is a path (not a pattern), Hugo's `aliases` and Jekyll's `redirect_from`, and the path
 * the file's place gives: Jekyll's default `/<categories>/YYYY/MM/DD/<name>.html` (and its
 * `pretty` form without `.html`) for `_posts/`; below Hugo's `content/`, Astro's `src/content/`
 * or `src/pages/`, or else the zip's root, the file's path without its extension, the page
 * bundle's folder for `index.md`, the front matter's slug in place of the name, and a Hugo
 * translation under its language (`/fr/posts/...`).
 */
function oldPathsOf(
  segments: string[],
  data: Record<string, unknown>,
  file: { slug: string; baseName: string; jekyll: RegExpExecArray | null; bundle: boolean; lang: string | undefined },
): string[] {
  const paths: string[] = [];
  for (const key of ['url', 'permalink']) {
    const value = scalar(data[key]);
    if (value && !value.includes(':') && value.startsWith('/')) paths.push(value);
  }
  for (const key of ['aliases', 'redirect_from']) {
    const value = data[key];
    for (const alias of Array.isArray(value) ? value : [value]) {
      const text = scalar(alias);
      if (text && !text.includes(':')) paths.push(text.startsWith('/') ? text : `/${text}`);
    }
  }
  const folders = segments.slice(0, file.bundle ? -2 : -1);
  const posts = folders.lastIndexOf('_posts');
  if (file.jekyll && posts >= 0) {
    const categories = [data.categories, data.category].flatMap((value) =>
      typeof value === 'string' ? value.split(/\s+/) : Array.isArray(value) ? value.map(scalar) : [],
    );
    const dated = `${[...categories.filter(Boolean).map((name) => name.toLowerCase()), ...file.jekyll[1]!.split('-')].join('/')}/${file.baseName}`;
    paths.push(`/${dated}.html`, `/${dated}/`);
    return paths;
  }
  let start = 0;
  for (const root of [['content'], ['src', 'content'], ['src', 'pages']]) {
    const at = folders.findIndex((_, index) => root.every((name, offset) => folders[index + offset] === name));
    if (at >= 0) {
      start = at + root.length;
      break;
    }
  }
  const name = scalar(data.slug) ? file.slug : file.baseName;
  const section = folders.slice(start);
  paths.push(`/${[...(file.lang ? [file.lang] : []), ...section, name].map(encodeURIComponent).join('/')}/`);
  return paths;
}

/** An HTML block's first line (CommonMark's kinds 1 and 6): what the renderer would drop whole. */
const HTML_BLOCK_START =
  /^ {0,3}<\/?(address|article|aside|blockquote|center|details|dialog|dd|div|dl|dt|figcaption|figure|footer|h[1-6]|header|hr|li|main|nav|ol|p|pre|section|summary|table|tbody|td|tfoot|th|thead|tr|ul)(?=[\s/>]|$)/i;

/**
 * HTML blocks of a markdown file (a table, paragraphs, a figure written as HTML) turned into
 * markdown: posts never pass raw HTML, and the renderer would drop such a block text and all. A
 * block runs to the next blank line (`<pre>` to its end tag), as in CommonMark; fenced code is left.
 */
function htmlBlocksAsMarkdown(body: string): string {
  const lines = body.split('\n');
  const out: string[] = [];
  let fence: string | undefined;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const fenceMatch = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (fence || fenceMatch) {
      if (fence && fenceMatch && fenceMatch[1]!.startsWith(fence)) fence = undefined;
      else if (!fence && fenceMatch) fence = fenceMatch[1]!;
      out.push(line);
      continue;
    }
    const start = HTML_BLOCK_START.exec(line);
    if (!start) {
      out.push(line);
      continue;
    }
    const block = [line];
    const pre = start[1]!.toLowerCase() === 'pre';
    while (index + 1 < lines.length && (pre ? !/<\/pre>/i.test(block.at(-1)!) : lines[index + 1]!.trim() !== '')) {
      block.push(lines[++index]!);
    }
    out.push(htmlToMarkdown(block.join('\n')));
  }
  return out.join('\n');
}

/** A string or number value as trimmed text; '' for anything else. */
function scalar(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

function firstDate(data: Record<string, unknown>, keys: string[]): Date | undefined {
  for (const key of keys) {
    const value = data[key];
    if (typeof value === 'boolean' || value === undefined || value === null) continue;
    const date = parseDate(value);
    if (date) return date;
  }
  return undefined;
}

function tagList(value: unknown): string[] {
  const items = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : [];
  return items.map(scalar).map((tag) => tag.replace(/^#+/, '').trim());
}

function imageOf(data: Record<string, unknown>): string | undefined {
  for (const key of ['image', 'cover', 'featured_image', 'featuredImage', 'heroImage']) {
    const value = data[key];
    const found =
      scalar(value) ||
      (typeof value === 'object' && value !== null && !Array.isArray(value)
        ? scalar((value as Record<string, unknown>).image) ||
          scalar((value as Record<string, unknown>).src) ||
          scalar((value as Record<string, unknown>).url)
        : '');
    if (found) return found;
  }
  return undefined;
}

/** `/2023/05/my-post/` -> `my-post`; a pattern (`/:year/:title/`) gives nothing. */
function lastSegment(permalink: string): string {
  const segment = permalink.split(/[/?#]/).filter(Boolean).at(-1) ?? '';
  return segment.includes(':') ? '' : segment.replace(/\.html?$/i, '');
}

/** `my-first-post` -> `My first post`; a name with spaces (Obsidian's) is kept as it is. */
function fileTitle(name: string): string {
  const words = name.includes(' ') ? name : name.replace(/[-_]+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The first `# heading` outside code, and whether the body starts with it. */
function firstHeading(body: string): { text: string; leading: boolean; end: number } | undefined {
  let offset = 0;
  let fence: string | undefined;
  let sawText = false;
  for (const line of body.split('\n')) {
    const end = offset + line.length + 1;
    const fenceMatch = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (fenceMatch && fenceMatch[1]!.startsWith(fence)) fence = undefined;
    } else if (fenceMatch) {
      fence = fenceMatch[1]!;
      sawText = true;
    } else {
      const heading = /^#\s+(.+?)(?:\s+#+)?\s*$/.exec(line);
      if (heading) return { text: heading[1]!, leading: !sawText, end: Math.min(end, body.length) };
      if (line.trim()) sawText = true;
    }
    offset = end;
  }
  return undefined;
}

/** `edit` applied to each line outside fenced code blocks; a line it answers undefined for is removed. */
function outsideFences(body: string, edit: (line: string) => string | undefined): string {
  let fence: string | undefined;
  const lines: string[] = [];
  for (const line of body.split('\n')) {
    const fenceMatch = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (fenceMatch && fenceMatch[1]!.startsWith(fence)) fence = undefined;
      lines.push(line);
    } else if (fenceMatch) {
      fence = fenceMatch[1]!;
      lines.push(line);
    } else {
      const edited = edit(line);
      if (edited !== undefined) lines.push(edited);
    }
  }
  return lines.join('\n');
}

/** `edit` applied to the text of a line around its inline code spans. */
function outsideCodeSpans(line: string, edit: (text: string) => string): string {
  // Odd pieces of the split are the code spans.
  return line
    .split(/(`+[^`]*`+)/)
    .map((piece, index) => (index % 2 === 1 ? piece : edit(piece)))
    .join('');
}
