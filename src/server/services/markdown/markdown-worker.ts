// The markdown thread started by markdown-renderer.ts: renders posts one at a time, for as long
// as it lives. A post that nests too deeply is refused here with the reason.
import { parentPort } from 'node:worker_threads';
import { type ImageSize, uploadIdOf } from '../../../shared/images.ts';
import { MarkdownNestingError, renderMarkdown } from '../../../shared/markdown.ts';

/** Far beyond what anyone writes, far below what overflows the parser's stack (about 1,000). */
export const MAX_MARKDOWN_NESTING = 100;

export interface RenderJob {
  id: number;
  markdown: string;
  /** Pixel sizes of this site's uploads that the post shows, by upload id. */
  sizes: Record<string, ImageSize>;
}
export type RenderReply = { id: number; html: string } | { id: number; refusal: string };
/** Sent once, when the thread has loaded the pipeline and listens for posts. */
export interface ReadyReply {
  ready: true;
}

function render(job: RenderJob): RenderReply {
  try {
    const imageSize = (src: string) => {
      const id = uploadIdOf(src);
      return id ? job.sizes[id] : undefined;
    };
    return { id: job.id, html: renderMarkdown(job.markdown, { imageSize, maxNesting: MAX_MARKDOWN_NESTING }) };
  } catch (error) {
    if (error instanceof MarkdownNestingError) return { id: job.id, refusal: error.message };
    // The parser itself recurses: a deep enough input overflows its stack before the check.
    if (error instanceof RangeError && /call stack/i.test(error.message)) return { id: job.id, refusal: 'it nests too deeply' };
    throw error;
  }
}

parentPort!.on('message', (job: RenderJob) => parentPort!.postMessage(render(job)));
parentPort!.postMessage({ ready: true } satisfies ReadyReply);
