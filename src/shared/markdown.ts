import rehypeExternalLinks from 'rehype-external-links';
import rehypeHighlight from 'rehype-highlight';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import rehypeSlug from 'rehype-slug';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { SAFE_LINK_PROTOCOLS } from './constants.ts';
import { type ImageSize, articleImageSizes, uploadSrcSet } from './images.ts';

const schema = {
  ...defaultSchema,
  protocols: { ...defaultSchema.protocols, href: [...SAFE_LINK_PROTOCOLS] },
  // remark-rehype already prefixes the only ids a post can name (footnotes: `user-content-fn-1`),
  // and raw HTML never reaches the tree; prefixing them again broke every footnote link.
  clobberPrefix: '',
};

/**
 * The one markdown pipeline (DESIGN.md): GitHub-flavoured markdown, raw HTML never passed through
 * (remark-rehype drops it, rehype-sanitize removes anything else unsafe) but for `<sup>` and
 * `<sub>` pairs around text (superAndSubscripts: markdown has no other way to write x²), then the trusted
 * additions: heading anchors, code highlighted at render time, external links in a new tab.
 */
const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(superAndSubscripts)
  .use(remarkRehype)
  .use(rehypeSanitize, schema)
  .use(labelTaskCheckboxes)
  .use(responsiveImages)
  .use(rehypeSlug)
  .use(rehypeHighlight, { detect: false })
  .use(rehypeExternalLinks, {
    target: '_blank',
    rel: ['noopener', 'noreferrer'],
    test: (element) => /^https?:\/\//i.test(String(element.properties?.href ?? '')),
  })
  .use(rehypeStringify)
  .freeze();

interface HastNode {
  type: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

interface MdastNode {
  type: string;
  value?: string;
  children?: MdastNode[];
  data?: { hName?: string };
}

const SCRIPT_TAG = /^<(\/?)(sup|sub)>$/i;

/**
 * `<sup>2</sup>` and `<sub>2</sub>` in a paragraph become superscript and subscript: the pair of
 * tags, written exactly so (no attributes), with the phrasing between them (text, emphasis, a
 * link) inside. Every other tag stays raw HTML, which the pipeline drops. Not nested: an inner pair
 * stays as it is.
 */
function superAndSubscripts() {
  const visit = (node: MdastNode) => {
    const children = node.children;
    if (!children) return;
    for (let index = 0; index < children.length; index++) {
      const open = children[index]!.type === 'html' ? SCRIPT_TAG.exec(children[index]!.value ?? '') : null;
      if (!open || open[1]) {
        visit(children[index]!);
        continue;
      }
      const tag = open[2]!.toLowerCase();
      const close = children.findIndex(
        (child, at) => at > index && child.type === 'html' && child.value?.toLowerCase() === `</${tag}>`,
      );
      if (close < 0) continue;
      const inside = children.slice(index + 1, close);
      children.splice(index, close - index + 1, {
        type: tag === 'sup' ? 'superscript' : 'subscript',
        data: { hName: tag },
        children: inside,
      });
    }
  };
  return (tree: MdastNode) => visit(tree);
}

/** GFM task-list checkboxes get an accessible name: a form control without one fails WCAG. */
function labelTaskCheckboxes() {
  const visit = (node: HastNode) => {
    if (node.type === 'element' && node.tagName === 'input' && node.properties?.type === 'checkbox') {
      node.properties.ariaLabel = node.properties.checked ? 'Completed task' : 'Open task';
    }
    node.children?.forEach(visit);
  };
  return (tree: HastNode) => visit(tree);
}

export interface RenderOptions {
  /** The pixel size of an image stored by this site, when known (the server looks it up). */
  imageSize?: (src: string) => ImageSize | undefined;
  /** Refuse (MarkdownNestingError) a tree deeper than this, before the recursive steps run. */
  maxNesting?: number;
}

/**
 * Images load lazily (readers on slow networks fetch only what they scroll to). An image stored
 * by this site whose size is known also gets its size (no layout shift while it loads) and its
 * resized WebP copies, so that a phone downloads a phone-sized file.
 */
function responsiveImages() {
  return (tree: HastNode, file: { data: object }) => {
    const { imageSize } = file.data as RenderOptions;
    const visit = (node: HastNode) => {
      if (node.type === 'element' && node.tagName === 'img' && node.properties) {
        node.properties.loading = 'lazy';
        node.properties.decoding = 'async';
        const src = String(node.properties.src ?? '');
        const size = imageSize?.(src);
        const srcSet = size && uploadSrcSet(src, size.width);
        if (size && srcSet) {
          node.properties.srcSet = srcSet;
          node.properties.sizes = articleImageSizes(size.width);
          node.properties.width = size.width;
          node.properties.height = size.height;
        }
      }
      node.children?.forEach(visit);
    };
    visit(tree);
  };
}

/** How deep a markdown tree goes (blockquote in list in emphasis ...), walked without recursion. */
function nestingDepth(tree: HastNode): number {
  let deepest = 0;
  const stack: Array<[HastNode, number]> = [[tree, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    deepest = Math.max(deepest, depth);
    for (const child of node.children ?? []) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** Markdown nested deeper than the caller allows (`maxNesting`). */
export class MarkdownNestingError extends RangeError {}

export function renderMarkdown(markdown: string, options: RenderOptions = {}): string {
  const file = { value: markdown, data: { imageSize: options.imageSize } };
  const tree = processor.parse(file);
  if (options.maxNesting !== undefined) {
    const depth = nestingDepth(tree as HastNode);
    if (depth > options.maxNesting) {
      throw new MarkdownNestingError(
        `it nests ${depth} levels deep (blockquotes, lists, emphasis or links); at most ${options.maxNesting}`,
      );
    }
  }
  return String(processor.stringify(processor.runSync(tree, file), file));
}
