import { publicImageUrl } from '../../../../shared/images.ts';
import { parseFrontMatter } from './front-matter.ts';
import { finishPost, parseDate } from './normalize.ts';
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
 * - image | cover | featured_image | heroImage (also `cover: {image}`): the featured image, when an
 *   http(s) URL or a site path (a path relative to the file would point nowhere here).
 * Obsidian: `[[note]]` and `[[note|label]]` become their text (the notes are not on this site),
 * embeds `![[file]]` are left out with a warning. MDX: `import`/`export` lines are removed.
 * A file whose front matter cannot be read is left out with a warning naming it.
 */
export function parseMarkdownFiles(files: Array<{ path: string; text: string }>, now = new Date()): ParsedImport {
  const posts: ImportedPost[] = [];
  const warnings: string[] = [];
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
    const post = readFile(file.path, segments, file.text, now, warnings);
    if (post) posts.push(post);
    else skipped++;
  }
  if (notPosts > 0) warnings.push(`${notPosts} file(s) that are not markdown posts left out`);
  return { posts, skipped, warnings };
}

function readFile(path: string, segments: string[], raw: string, now: Date, warnings: string[]): ImportedPost | undefined {
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

  const fileName = segments.at(-1)!.replace(/\.[^.]+$/, '');
  const bundle = /^(?:_?index|readme)$/i.test(fileName) && segments.length > 1 ? segments.at(-2)! : undefined;
  const jekyll = /^(\d{4}-\d{2}-\d{2})-(.+)$/.exec(fileName);
  const baseName = bundle ?? jekyll?.[2] ?? fileName;

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

  const featuredImage = imageOf(data);
  if (featuredImage && !publicImageUrl(featuredImage)) {
    warnings.push(`${path}: the image "${featuredImage}" is not an http(s) address or a path of the site; left out`);
  }
  const excerpt = scalar(data.description) || scalar(data.excerpt) || scalar(data.summary);

  return finishPost(
    {
      source: `markdown:${path}`,
      title,
      slug: scalar(data.slug) || lastSegment(scalar(data.permalink) || scalar(data.url)) || baseName,
      content: body,
      ...(excerpt ? { excerpt } : {}),
      tags: [data.tags, data.categories, data.category, data.keywords].flatMap(tagList),
      published: !draft,
      ...(publishAt ? { publishAt } : {}),
      ...(date ? { createdAt: date } : {}),
      ...(updatedAt ? { updatedAt } : {}),
      ...(featuredImage && publicImageUrl(featuredImage) ? { featuredImage } : {}),
      comments: [],
    },
    path,
    warnings,
  );
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
