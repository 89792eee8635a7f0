import { parse, TomlDate, TomlError } from 'smol-toml';

/**
 * Hugo's TOML front matter (between `+++` lines), read with smol-toml as far as a post needs: the
 * top-level `key = value` pairs. Tables (`[params]`, `[[cascade]]`) are left out: Hugo keeps its
 * own settings there. A pair that cannot be read (an inline table, or TOML in error) is named in
 * `unreadable`, the others are kept. Dates are given as ISO text (parseDate reads them).
 */
export interface TomlFrontMatter {
  data: Record<string, unknown>;
  body: string;
  unreadable: string[];
}

const OPENING = /^\uFEFF?\+\+\+[ \t]*\r?\n/;
const CLOSING = /^\+\+\+[ \t]*$/m;
// A table header, and the top-level key it fills (`[params]`, `[[cascade]]`, `[params.author]`).
const HEADER = /^[ \t]*\[\[?[ \t]*(?:"([^"\n]*)"|'([^'\n]*)'|([A-Za-z0-9_-]+))/gm;
// The start of a `key = value` line, where the pairs of a document in error are split.
const PAIR_START =
  /^(?=[ \t]*(?:"[^"\n]*"|'[^'\n]*'|[A-Za-z0-9_.-]+)(?:[ \t]*\.[ \t]*(?:"[^"\n]*"|'[^'\n]*'|[A-Za-z0-9_-]+))*[ \t]*=)/m;
// Post fields are flat: arrays of strings at most, so a deeper value is not front matter a post uses.
const MAX_DEPTH = 8;

/** Undefined when the text does not start with TOML front matter. */
export function parseTomlFrontMatter(text: string): TomlFrontMatter | undefined {
  const opening = OPENING.exec(text);
  if (!opening) return undefined;
  const rest = text.slice(opening[0].length);
  const closing = CLOSING.exec(rest);
  if (!closing) return undefined;
  const body = rest.slice(closing.index + closing[0].length).replace(/^\r?\n/, '');
  return { ...readPairs(rest.slice(0, closing.index)), body };
}

function readPairs(source: string): { data: Record<string, unknown>; unreadable: string[] } {
  const data: Record<string, unknown> = {};
  const unreadable: string[] = [];
  const keep = (table: Record<string, unknown>, tables: Set<string>) => {
    for (const [key, value] of Object.entries(table)) {
      if (tables.has(key)) continue;
      if (isTable(value)) unreadable.push(key);
      else data[key] = plain(value);
    }
  };
  const tables = new Set([...source.matchAll(HEADER)].map((match) => match[1] ?? match[2] ?? match[3]!));
  try {
    keep(parse(source, { maxDepth: MAX_DEPTH }), tables);
    return { data, unreadable };
  } catch (error) {
    if (!(error instanceof TomlError)) throw error;
  }
  // In error: the pairs before the first table are read one by one, so one bad line costs one key.
  HEADER.lastIndex = 0;
  const firstTable = HEADER.exec(source)?.index ?? source.length;
  HEADER.lastIndex = 0;
  for (const pair of source.slice(0, firstTable).split(PAIR_START)) {
    try {
      keep(parse(pair, { maxDepth: MAX_DEPTH }), new Set());
    } catch (error) {
      if (!(error instanceof TomlError)) throw error;
      const line = pair.trim().split('\n')[0]!;
      unreadable.push(line.split('=')[0]!.trim() || line);
    }
  }
  return { data, unreadable };
}

function isTable(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

/** Dates become their ISO text, as the other front matter formats give them. */
function plain(value: unknown): unknown {
  if (value instanceof TomlDate) return value.toISOString();
  if (Array.isArray(value)) return value.map(plain);
  return value;
}
