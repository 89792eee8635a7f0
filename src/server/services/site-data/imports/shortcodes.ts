/**
 * Jekyll's Liquid tags and Hugo's shortcodes in imported markdown: converted where their meaning
 * is clear, kept as text and named in a warning otherwise (docs/decisions/019). Text inside fenced
 * code stays as it is.
 */

const FENCE = /^\s{0,3}(`{3,}|~{3,})/;

const HIGHLIGHT_START = /^[ \t]*\{%-?[ \t]*highlight\b([^%\n]*)%\}[ \t]*$/;
const HIGHLIGHT_END = /^[ \t]*\{%-?[ \t]*endhighlight[ \t]*-?%\}[ \t]*$/;

/**
 * `{% highlight ruby linenos %}...{% endhighlight %}` (each tag on a line of its own) -> a fenced
 * code block. Line by line, each line looked at once: a start without an end is left as it is.
 */
export function convertHighlightBlocks(body: string): { body: string; converted: number } {
  const lines = body.split('\n');
  const ends = lines.flatMap((line, index) => (HIGHLIGHT_END.test(line) ? [index] : []));
  const out: string[] = [];
  let converted = 0;
  let nextEnd = 0;
  for (let index = 0; index < lines.length; index++) {
    const start = HIGHLIGHT_START.exec(lines[index]!);
    while (nextEnd < ends.length && ends[nextEnd]! <= index) nextEnd++;
    if (!start || nextEnd >= ends.length) {
      out.push(lines[index]!);
      continue;
    }
    const end = ends[nextEnd]!;
    const language = /^[\w+#.-]+/.exec(start[1]!.replace(/-$/, '').trim())?.[0] ?? '';
    const code = lines.slice(index + 1, end).join('\n');
    let longest = 2;
    for (const run of code.matchAll(/`+/g)) longest = Math.max(longest, run[0].length);
    const fence = '`'.repeat(longest + 1);
    out.push(`${fence}${language}`, code, fence);
    converted++;
    index = end;
  }
  return { body: out.join('\n'), converted };
}

/** What a tag refers to: a post of the same import (its file, or Jekyll's `YYYY-MM-DD-name`). */
export type PostAddressOf = (reference: string) => string | undefined;

/**
 * A Liquid tag, not the `{{% ... %}}` of a Hugo shortcode. Each character has one way to match
 * (no nested or adjacent quantifiers over the same characters): linear time on any line.
 */
const LIQUID = /(?<!\{)\{%-?[ \t]*(\w+)([^%]*)%\}(?!\})/g;
/** A Hugo shortcode: its arguments hold no brace, so a match never runs past the next shortcode's start. */
const HUGO = /\{\{([<%])[ \t]*(\/?[\w.-]+)((?:[^>%{}]|[>%](?!\}\}))*)[>%]\}\}/g;

/**
 * The tags of `body` outside fenced code: `post_url`, `link`, `ref` and `relref` become the
 * imported post's address, `youtube` a link to the video, `figure` an image with its caption;
 * any other is kept as it is. Answers the new body and the tags kept, by name.
 */
export function convertTags(
  body: string,
  addressOf: PostAddressOf,
): { body: string; kept: Map<string, number>; converted: number } {
  const kept = new Map<string, number>();
  let converted = 0;
  const keep = (name: string, text: string) => {
    kept.set(name, (kept.get(name) ?? 0) + 1);
    return text;
  };
  let fence: string | undefined;
  const lines = body.split('\n').map((line) => {
    const fenceMatch = FENCE.exec(line);
    if (fence) {
      if (fenceMatch && fenceMatch[1]!.startsWith(fence)) fence = undefined;
      return line;
    }
    if (fenceMatch) {
      fence = fenceMatch[1]!;
      return line;
    }
    return line
      .replace(LIQUID, (text, name: string, rest: string) => {
        const argument = rest.replace(/-$/, '').trim();
        if (name === 'post_url' || name === 'link') {
          const address = addressOf(unquote(argument));
          if (address) {
            converted++;
            return address;
          }
        }
        return keep(`{% ${name} %}`, text);
      })
      .replace(HUGO, (text, kind: string, name: string, argument: string) => {
        const params = shortcodeParams(argument.trim());
        if (name === 'ref' || name === 'relref') {
          const address = addressOf(params.get('0') ?? params.get('path') ?? '');
          if (address) {
            converted++;
            return address;
          }
        }
        if (name === 'youtube') {
          const id = params.get('id') ?? params.get('0');
          if (id && /^[\w-]{6,20}$/.test(id)) {
            converted++;
            return `[${params.get('title') ?? 'Video on YouTube'}](https://www.youtube.com/watch?v=${id})`;
          }
        }
        if (name === 'figure') {
          const src = params.get('src');
          if (src) {
            converted++;
            const caption = params.get('caption') ?? params.get('title');
            const alt = (params.get('alt') ?? caption ?? '').replace(/[[\]]/g, '');
            return `![${alt}](${src.includes(' ') ? `<${src}>` : src})${caption ? `\n*${caption}*` : ''}`;
          }
        }
        return keep(`{{${kind} ${name} ${kind === '<' ? '>' : '%'}}}`, text);
      });
  });
  return { body: lines.join('\n'), kept, converted };
}

function unquote(text: string): string {
  return text.trim().replace(/^(["'])(.*)\1$/, '$2');
}

/** `"a" b="c d" e=f` -> 0: a, b: c d, e: f. */
function shortcodeParams(argument: string): Map<string, string> {
  const params = new Map<string, string>();
  let position = 0;
  for (const match of argument.matchAll(/(?:([\w-]+)=)?(?:"([^"]*)"|'([^']*)'|`([^`]*)`|([^\s"'`]+))/g)) {
    const value = match[2] ?? match[3] ?? match[4] ?? match[5] ?? '';
    params.set(match[1] ?? String(position++), value);
  }
  return params;
}
