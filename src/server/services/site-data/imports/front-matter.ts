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
  const { yaml, body } = splitFrontMatter(text);
  return { data: yaml === undefined ? {} : parseFrontMatterYaml(yaml, name), body };
}

/**
 * The YAML between the leading `---` lines (undefined when there is none) and the body after
 * them: one pass over the text, no parsing, so it can be done where the parsing cannot.
 */
export function splitFrontMatter(text: string): { yaml: string | undefined; body: string } {
  const opening = OPENING.exec(text);
  if (!opening) return { yaml: undefined, body: text };
  const rest = text.slice(opening[0].length);
  const closing = CLOSING.exec(rest);
  if (!closing) return { yaml: undefined, body: text };
  const body = rest.slice(closing.index + closing[0].length).replace(/^\r?\n/, '');
  return { yaml: rest.slice(0, closing.index), body };
}

/**
 * Front matter's YAML as a mapping; a 422 naming `name` when it is not valid YAML, cannot be read
 * (too many aliases, nested deeper than the parser's stack) or is no mapping.
 */
export function parseFrontMatterYaml(yamlText: string, name = 'file'): Record<string, unknown> {
  const document = parseDocument(yamlText, { uniqueKeys: false });
  if (document.errors.length > 0)
    throw new ImportFormatError(`${name}: the front matter is not valid YAML (${document.errors[0]!.message.split('\n')[0]})`);
  let data: unknown;
  try {
    data = document.toJS({ maxAliasCount: 100 });
  } catch (error) {
    throw new ImportFormatError(`${name}: the front matter cannot be read (${(error as Error).message.split('\n')[0]})`);
  }
  if (data === null || data === undefined) return {};
  if (typeof data !== 'object' || Array.isArray(data))
    throw new ImportFormatError(`${name}: the front matter is not a mapping of keys to values`);
  return data as Record<string, unknown>;
}

/** A markdown file with `data` as YAML front matter (keys in the order given). */
export function stringifyFrontMatter(data: Record<string, unknown>, body: string): string {
  const defined = Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined));
  return `---\n${stringify(defined, { lineWidth: 0 })}---\n${body}`;
}
