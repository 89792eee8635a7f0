import { parseDocument, stringify } from 'yaml';
import { ImportFormatError } from './types.ts';

/** A markdown file: the YAML between the leading `---` lines, and the body after them. */
export interface FrontMatterFile {
  data: Record<string, unknown>;
  body: string;
}

const OPENING = /^\uFEFF?---[ \t]*\r?\n/;
const CLOSING = /^(?:---|\.\.\.)[ \t]*$/m;

/**
 * Splits a markdown file into its front matter and body. A file without front matter is all
 * body. YAML aliases are capped (the yaml library's default of 100), so a "billion laughs" of
 * anchors is refused rather than expanded.
 */
export function parseFrontMatter(text: string, name = 'file'): FrontMatterFile {
  const opening = OPENING.exec(text);
  if (!opening) return { data: {}, body: text };
  const rest = text.slice(opening[0].length);
  const closing = CLOSING.exec(rest);
  if (!closing) return { data: {}, body: text };
  const yamlText = rest.slice(0, closing.index);
  const body = rest.slice(closing.index + closing[0].length).replace(/^\r?\n/, '');
  const document = parseDocument(yamlText, { uniqueKeys: false });
  if (document.errors.length > 0)
    throw new ImportFormatError(`${name}: the front matter is not valid YAML (${document.errors[0]!.message.split('\n')[0]})`);
  let data: unknown;
  try {
    data = document.toJS({ maxAliasCount: 100 });
  } catch (error) {
    throw new ImportFormatError(`${name}: the front matter cannot be read (${(error as Error).message.split('\n')[0]})`);
  }
  if (data === null || data === undefined) return { data: {}, body };
  if (typeof data !== 'object' || Array.isArray(data))
    throw new ImportFormatError(`${name}: the front matter is not a mapping of keys to values`);
  return { data: data as Record<string, unknown>, body };
}

/** A markdown file with `data` as YAML front matter (keys in the order given). */
export function stringifyFrontMatter(data: Record<string, unknown>, body: string): string {
  const defined = Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined));
  return `---\n${stringify(defined, { lineWidth: 0 })}---\n${body}`;
}
