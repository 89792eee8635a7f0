/**
 * Hugo's TOML front matter (between `+++` lines), read as far as a post needs: the top-level
 * `key = value` pairs (strings of all four kinds, booleans, numbers, dates, arrays of these).
 * Tables (`[params]`, `[[cascade]]`) and everything after the first of them are not read: Hugo
 * keeps its own settings there. A pair that cannot be read is named in `unreadable`, the others
 * are kept. Dates are given as the text written (parseDate reads them).
 */
export interface TomlFrontMatter {
  data: Record<string, unknown>;
  body: string;
  unreadable: string[];
}

const OPENING = /^\uFEFF?\+\+\+[ \t]*\r?\n/;
const CLOSING = /^\+\+\+[ \t]*$/m;

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

class TomlError extends Error {}

function readPairs(source: string): { data: Record<string, unknown>; unreadable: string[] } {
  const data: Record<string, unknown> = {};
  const unreadable: string[] = [];
  let pos = 0;
  const skipBlank = () => {
    while (pos < source.length) {
      if (/\s/.test(source[pos]!)) pos++;
      else if (source[pos] === '#') while (pos < source.length && source[pos] !== '\n') pos++;
      else break;
    }
  };
  const skipLine = () => {
    while (pos < source.length && source[pos] !== '\n') pos++;
  };

  for (;;) {
    skipBlank();
    if (pos >= source.length || source[pos] === '[') break;
    const lineStart = pos;
    try {
      const key = readKey();
      if (source[pos] !== '=') throw new TomlError('no =');
      pos++;
      const value = readValue();
      while (source[pos] === ' ' || source[pos] === '\t') pos++;
      if (source[pos] === '#') skipLine();
      if (pos < source.length && source[pos] !== '\n' && source[pos] !== '\r') throw new TomlError('text after the value');
      data[key] = value;
    } catch (error) {
      if (!(error instanceof TomlError)) throw error;
      pos = lineStart;
      skipLine();
      unreadable.push(source.slice(lineStart, pos).split('=')[0]!.trim() || source.slice(lineStart, pos).trim());
    }
  }
  return { data, unreadable };

  function readKey(): string {
    const parts: string[] = [];
    for (;;) {
      while (source[pos] === ' ' || source[pos] === '\t') pos++;
      const quote = source[pos];
      if (quote === '"' || quote === "'") parts.push(readString());
      else {
        const match = /^[A-Za-z0-9_-]+/.exec(source.slice(pos, pos + 200));
        if (!match) throw new TomlError('no key');
        parts.push(match[0]);
        pos += match[0].length;
      }
      while (source[pos] === ' ' || source[pos] === '\t') pos++;
      if (source[pos] !== '.') return parts.join('.');
      pos++;
    }
  }

  function readValue(): unknown {
    while (source[pos] === ' ' || source[pos] === '\t') pos++;
    const char = source[pos];
    if (char === '"' || char === "'") return readString();
    if (char === '[') {
      pos++;
      const items: unknown[] = [];
      for (;;) {
        skipBlank();
        if (source[pos] === ']') {
          pos++;
          return items;
        }
        items.push(readValue());
        skipBlank();
        if (source[pos] === ',') pos++;
        else if (source[pos] !== ']') throw new TomlError('bad array');
      }
    }
    const match = /^[^\s,\]#]+(?: [0-9]{2}:[0-9]{2}[^\s,\]#]*)?/.exec(source.slice(pos, pos + 100));
    if (!match) throw new TomlError('no value');
    pos += match[0].length;
    const token = match[0];
    if (token === 'true') return true;
    if (token === 'false') return false;
    if (/^[+-]?(?:\d[\d_]*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/.test(token)) return Number(token.replace(/_/g, ''));
    if (/^\d{4}-\d{2}-\d{2}/.test(token)) return token;
    throw new TomlError('unknown value');
  }

  function readString(): string {
    const quote = source[pos]!;
    const multiline = source.startsWith(quote.repeat(3), pos);
    const delimiter = multiline ? quote.repeat(3) : quote;
    pos += delimiter.length;
    if (multiline && source[pos] === '\n') pos++;
    let result = '';
    while (pos < source.length) {
      if (source.startsWith(delimiter, pos)) {
        pos += delimiter.length;
        return result;
      }
      const char = source[pos]!;
      if (char === '\n' && !multiline) break;
      if (char === '\\' && quote === '"') {
        const escape = source[pos + 1];
        const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', '"': '"', '\\': '\\', b: '\b', f: '\f' };
        if (escape && simple[escape] !== undefined) {
          result += simple[escape];
          pos += 2;
          continue;
        }
        const unicode = /^\\(?:u([0-9a-fA-F]{4})|U([0-9a-fA-F]{8}))/.exec(source.slice(pos, pos + 10));
        const codePoint = unicode ? parseInt(unicode[1] ?? unicode[2]!, 16) : -1;
        if (unicode && codePoint <= 0x10ffff) {
          result += String.fromCodePoint(codePoint);
          pos += unicode[0].length;
          continue;
        }
        if (multiline && escape === '\n') {
          pos += 2;
          while (/\s/.test(source[pos] ?? '')) pos++;
          continue;
        }
        throw new TomlError('bad escape');
      }
      result += char;
      pos++;
    }
    throw new TomlError('unclosed string');
  }
}
