import { Parser } from 'htmlparser2';
import { HttpError } from '../errors.ts';

/**
 * How much structure a page may have before the importer builds a DOM of it. Building linkedom's
 * DOM slows down with the square of the nesting depth, and Readability and turndown recurse on
 * it: 100,000 nested <div>s took minutes and then overflowed the stack. Real articles nest a few
 * dozen levels and hold a few tens of thousands of elements.
 */
const MARKUP_LIMITS = { maxDepth: 500, maxElements: 100_000 } as const;

/**
 * Refuses (422) a page nested deeper or holding more elements than `limits`. The tags are read by
 * htmlparser2, the parser linkedom builds its DOM with, so the depth counted here is the depth
 * the DOM would have (implied closing tags, void elements and all); nothing is built.
 */
export function assertManageableMarkup(html: string, limits: { maxDepth: number; maxElements: number } = MARKUP_LIMITS): void {
  let depth = 0;
  let elements = 0;
  const parser = new Parser({
    onopentag() {
      elements++;
      if (++depth > limits.maxDepth) {
        throw new HttpError(
          422,
          `The page is nested too deeply to import: more than ${limits.maxDepth.toLocaleString('en-US')} levels of elements`,
        );
      }
      if (elements > limits.maxElements) {
        throw new HttpError(
          422,
          `The page has too many elements to import: more than ${limits.maxElements.toLocaleString('en-US')}`,
        );
      }
    },
    onclosetag() {
      depth--;
    },
  });
  parser.end(html);
}
