// Save-Data's images, in a module of their own: the HTML tokenizer is loaded by the first page
// asked with `Save-Data: on`, not by every server (the renderer imports this file when needed).
import escapeHtml from 'escape-html';
import { Parser } from 'htmlparser2';
import { smallestCopyOf } from '../../shared/images.ts';

/**
 * A page's HTML with every image stored by this site shown from its smallest copy (DESIGN.md:
 * with `Save-Data: on`, no image wider than the 480 px copy): `src` becomes that copy and the
 * `srcset`/`sizes` that would let the browser pick a wider one are dropped. Other images (another
 * site's) stay as they are: they have no copies. The HTML is tokenized, not searched, so an `<img`
 * inside text or an attribute (a post's alt text) is never taken for a tag.
 */
export function smallestImages(html: string): string {
  const edits: Array<{ start: number; end: number; tag: string }> = [];
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name !== 'img') return;
      const copy = smallestCopyOf(attributes.src ?? '');
      if (!copy) return;
      const kept = Object.entries(attributes).filter(([attribute]) => attribute !== 'srcset' && attribute !== 'sizes');
      const tag = `<img${kept.map(([attribute, value]) => ` ${attribute}="${escapeHtml(attribute === 'src' ? copy : value)}"`).join('')}>`;
      edits.push({ start: parser.startIndex, end: parser.endIndex + 1, tag });
    },
  });
  parser.end(html);
  let result = '';
  let from = 0;
  for (const { start, end, tag } of edits) {
    result += html.slice(from, start) + tag;
    from = end;
  }
  return result + html.slice(from);
}
