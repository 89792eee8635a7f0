import { SAFE_LINK_PROTOCOLS } from '../../shared/constants.ts';

/** A run of excerpt text, or a link written in it as `[label](href)`. */
export type ExcerptPart = { text: string } | { text: string; href: string; newTab: boolean };

const MARKDOWN_LINK = /(!?)\[([^\][]*)\]\(([^()\s]+)\)/g;
/** As rehype-sanitize reads an href: text before a `:` that comes before any `/`, `?` or `#` is its protocol. */
const PROTOCOL = /^([^/?#]*):/;

/**
 * SPEC.md section 9: excerpt text turns markdown-style links into anchors, and only links beginning
 * http:// or https:// open in a new tab. A link to a protocol the markdown pipeline would blank
 * (javascript:, data:, ...) keeps only its label, as text, and so does an image (`![alt](src)`).
 */
export function excerptParts(excerpt: string): ExcerptPart[] {
  const parts: ExcerptPart[] = [];
  let last = 0;
  const pushText = (text: string) => {
    if (!text) return;
    const previous = parts.at(-1);
    if (previous && !('href' in previous)) previous.text += text;
    else parts.push({ text });
  };
  for (const match of excerpt.matchAll(MARKDOWN_LINK)) {
    const [whole, bang, label, href] = match as unknown as [string, string, string, string];
    pushText(excerpt.slice(last, match.index));
    last = match.index + whole.length;
    // An image written in the text (an excerpt cut from the content) reads as its description.
    if (bang || !label) {
      pushText(label);
      continue;
    }
    const protocol = PROTOCOL.exec(href)?.[1]?.toLowerCase();
    if (protocol !== undefined && !(SAFE_LINK_PROTOCOLS as readonly string[]).includes(protocol)) {
      pushText(label);
      continue;
    }
    parts.push({ text: label, href, newTab: /^https?:\/\//i.test(href) });
  }
  pushText(excerpt.slice(last));
  return parts;
}
