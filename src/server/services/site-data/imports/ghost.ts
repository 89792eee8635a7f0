import { lexicalToMarkdown, mobiledocToMarkdown } from './ghost-content.ts';
import { htmlToMarkdown, UnmanageableMarkupError } from '../../../lib/html-to-markdown.ts';
import { finishPost, parseDate } from './normalize.ts';
import { htmlConversions, noteConverted, noteKept, noteWarnings } from './post-notes.ts';
import { ImportFormatError, type ImportedPost, type ParsedImport } from './types.ts';

/**
 * A Ghost export (Settings > Advanced > Export: `{db: [{meta, data: {posts, tags, posts_tags,
 * ...}}]}`, or `{meta, data}` as Ghost's own importer also accepts) read into posts. Posts and
 * pages come in alike. The body is the post's `html` when the export has it, else its `lexical`
 * (Ghost 5+), else its `mobiledoc` (Ghost 1-4). Ghost exports hold no comments and no images.
 *
 * Images: Ghost writes its own uploads as `__GHOST_URL__/content/images/...`. The prefix is
 * removed, leaving the site path `/content/images/...` (in the feature image and in the post).
 * The JSON holds no image: the import fetches them from the old site when the author says where
 * it is (`from`), else the store warns that they must be uploaded again (site-data.ts).
 *
 * Posts only members could read (visibility other than public) come in as drafts, like password
 * protected WordPress posts: the export holds their whole text, which must not become public.
 *
 * Each post is known by its Ghost id (`ghost:<id>`): an export does not name its site (Ghost
 * writes its own address as `__GHOST_URL__`). Two sites' posts of the same id (Ghost 0.x
 * numbered them 1, 2, ...) are told apart by when each was created (ImportedPost.sourceDate).
 */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

const NOT_GHOST = 'The file is not a Ghost export: no {db: [{data: {posts: [...]}}]}';

/** The `data` objects of an export, whichever of Ghost's shapes it has. */
function exportData(json: unknown): Json[] {
  if (!isObject(json)) throw new ImportFormatError(NOT_GHOST);
  const databases = Array.isArray(json.db) ? json.db : [json];
  const data = databases.filter(isObject).flatMap((database) => (isObject(database.data) ? [database.data] : []));
  if (data.length === 0 || !data.every((entry) => Array.isArray(entry.posts))) throw new ImportFormatError(NOT_GHOST);
  return data;
}

const withoutGhostUrl = (text: string) => text.replaceAll('__GHOST_URL__', '');

export function parseGhost(json: unknown): ParsedImport {
  const posts: ImportedPost[] = [];
  const warnings: string[] = [];
  const unsupportedCards = new Set<string>();
  let skipped = 0;

  for (const data of exportData(json)) {
    const tagNames = new Map<string, string>();
    for (const tag of list(data.tags).filter(isObject)) {
      const name = str(tag.name).trim();
      // Internal tags (`#name`) organise Ghost's themes; they are not topics.
      if (name && !name.startsWith('#') && tag.visibility !== 'internal') tagNames.set(String(tag.id), name);
    }
    const tagsOfPost = new Map<string, Array<{ name: string; order: number }>>();
    for (const link of list(data.posts_tags).filter(isObject)) {
      const name = tagNames.get(String(link.tag_id));
      if (!name) continue;
      const key = String(link.post_id);
      const order = typeof link.sort_order === 'number' ? link.sort_order : 0;
      tagsOfPost.set(key, [...(tagsOfPost.get(key) ?? []), { name, order }]);
    }

    for (const post of list(data.posts).filter(isObject)) {
      const id = String(post.id ?? post.uuid ?? '');
      const type = str(post.type) || (post.page === true || post.page === 1 ? 'page' : 'post');
      if (!id || (type !== 'post' && type !== 'page')) {
        skipped++;
        continue;
      }
      const from = warnings.length;
      const title = str(post.title).trim();
      const label = `Ghost ${type} "${title || str(post.slug) || id}"`;

      let content: string;
      const cardsLeftOut = new Set<string>();
      try {
        content = postMarkdown(post, cardsLeftOut);
      } catch (error) {
        if (!(error instanceof UnmanageableMarkupError || error instanceof SyntaxError || error instanceof RangeError))
          throw error;
        warnings.push(`${label}: its content cannot be read (${error.message}); left out`);
        skipped++;
        continue;
      }

      const status = str(post.status);
      const publishedAt = parseDate(post.published_at);
      let published = status === 'published' || status === 'scheduled';
      let publishAt: Date | undefined;
      if (status === 'scheduled') {
        if (publishedAt) publishAt = publishedAt;
        else {
          published = false;
          warnings.push(`${label}: scheduled without a date, imported as a draft`);
        }
      }
      const visibility = str(post.visibility) || 'public';
      if (published && visibility !== 'public') {
        published = false;
        publishAt = undefined;
        warnings.push(`${label}: only for members (${visibility}) on Ghost, imported as a draft`);
      }

      const featuredImage = withoutGhostUrl(str(post.feature_image)).trim();
      // A published post is dated when it went out, the date its readers saw on Ghost.
      const dated = (status === 'published' ? publishedAt : undefined) ?? parseDate(post.created_at);
      const updatedAt = parseDate(post.updated_at);
      // Ghost never changes when a post was created: it tells two sites' posts of the same id apart.
      const sourceDate = parseDate(post.created_at);
      const tags = (tagsOfPost.get(id) ?? []).sort((a, b) => a.order - b.order).map((tag) => tag.name);
      const excerpt = str(post.custom_excerpt).trim();

      const finished = finishPost(
        {
          source: `ghost:${id}`,
          ...(sourceDate ? { sourceDate } : {}),
          title,
          slug: str(post.slug) || undefined,
          content,
          ...(excerpt ? { excerpt } : {}),
          tags,
          published,
          ...(publishAt ? { publishAt } : {}),
          ...(dated ? { createdAt: dated } : {}),
          ...(updatedAt ? { updatedAt } : {}),
          ...(featuredImage ? { featuredImage } : {}),
          comments: [],
          // Ghost's default permalink, for posts and pages alike.
          ...(str(post.slug) ? { oldPaths: [`/${encodeURIComponent(str(post.slug))}/`] } : {}),
        },
        label,
        warnings,
      );
      for (const card of cardsLeftOut) unsupportedCards.add(card);
      if (finished) {
        posts.push(finished);
        noteConverted(finished, htmlConversions(str(post.html)));
        if (cardsLeftOut.size > 0) noteKept(finished, [`Ghost cards left out: ${[...cardsLeftOut].sort().join(', ')}`]);
        noteWarnings(finished, warnings, from, label);
      } else skipped++;
    }
  }

  if (unsupportedCards.size > 0) {
    warnings.push(`Ghost cards left out (no equivalent in a post): ${[...unsupportedCards].sort().join(', ')}`);
  }
  return { posts, skipped, warnings };
}

/** The post's body as markdown: its html, else its Lexical document, else its Mobiledoc. */
function postMarkdown(post: Json, unsupportedCards: Set<string>): string {
  const html = str(post.html);
  if (html.trim()) return htmlToMarkdown(withoutGhostUrl(html));
  const lexical = str(post.lexical);
  if (lexical.trim()) return lexicalToMarkdown(withoutGhostUrl(lexical), unsupportedCards);
  const mobiledoc = str(post.mobiledoc);
  if (mobiledoc.trim()) return mobiledocToMarkdown(withoutGhostUrl(mobiledoc), unsupportedCards);
  return '';
}
