import { createHash } from 'node:crypto';
import { channel } from 'node:diagnostics_channel';
import { Worker } from 'node:worker_threads';
import { inArray } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { type ImageSize, uploadIdsIn } from '../../../shared/images.ts';
import type { Database } from '../../db/client.ts';
import { uploads } from '../../db/schema.ts';
import type { ReadyReply, RenderJob, RenderReply } from './markdown-worker.ts';

/** A post that cannot be rendered: nested too deeply, or too slow to render. */
export class MarkdownRefusedError extends Error {}

export interface MarkdownRendererOptions {
  /** Longest a post may take to render; the thread is stopped and the post refused after it. */
  timeoutMs?: number;
  /** The thread ends after this long without work, giving its memory back. */
  idleMs?: number;
  /** Rendered HTML kept in memory, by the characters of HTML. */
  cacheChars?: number;
}

type Outcome = { html: string } | { refusal: string };

/**
 * Each markdown render done in the thread (a cache miss) is published here as `{chars}`, the
 * length of the markdown: how often posts are rendered can be watched without reaching the service.
 */
export const MARKDOWN_RENDER_CHANNEL = 'folio:markdown:render';
const renders = channel(MARKDOWN_RENDER_CHANNEL);

interface Pending {
  job: RenderJob;
  resolve(html: string): void;
  reject(error: Error): void;
}

// A .ts file: Node strips its types, under `node src/server/main.ts` as under vitest.
const workerUrl = new URL('./markdown-worker.ts', import.meta.url);

/**
 * Markdown is rendered off the main thread, once per version of a post: the parser is slow on
 * some inputs (its time grows faster than the text) and recursive (deep nesting overflows it),
 * and neither may hold up other readers. One long-lived thread takes the posts one at a time,
 * within a time limit; the result (or the refusal) is kept by the text and image sizes it came
 * from, so a post is rendered again only when it changes. Saving renders it first, so a post
 * that cannot be rendered is refused to its author (see PostService), never shown to readers.
 */
export class MarkdownRenderer {
  private readonly db: Database;
  private readonly timeoutMs: number;
  private readonly idleMs: number;
  /** Least recently used out first, once the characters kept pass `cacheChars`. */
  private readonly cache: LRUCache<string, Outcome>;
  private worker: Worker | undefined;
  private readonly queue: Pending[] = [];
  private current: { pending: Pending; timer: NodeJS.Timeout | undefined; worker: Worker } | undefined;
  /** Threads that have loaded the pipeline (see startClock). */
  private readonly readyWorkers = new WeakSet<Worker>();
  private idleTimer: NodeJS.Timeout | undefined;
  private nextId = 1;

  constructor(db: Database, options: MarkdownRendererOptions = {}) {
    this.db = db;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.idleMs = options.idleMs ?? 10_000;
    this.cache = new LRUCache({
      maxSize: options.cacheChars ?? 16_000_000,
      // lru-cache counts sizes from 1: an empty post still takes a place.
      sizeCalculation: (outcome) => Math.max(1, 'html' in outcome ? outcome.html.length : outcome.refusal.length),
    });
  }

  /** The post's body as HTML, with the sizes of this site's images; MarkdownRefusedError when it cannot be. */
  async render(markdown: string): Promise<string> {
    const sizes = await this.imageSizes(markdown);
    const key = createHash('sha256').update(markdown).update('\0').update(JSON.stringify(sizes)).digest('base64url');
    let outcome = this.cache.get(key);
    if (!outcome) {
      outcome = await this.renderInWorker(markdown, sizes);
      this.cache.set(key, outcome);
    }
    if ('refusal' in outcome) throw new MarkdownRefusedError(outcome.refusal);
    return outcome.html;
  }

  async close(): Promise<void> {
    for (const pending of this.queue.splice(0)) pending.reject(new Error('The markdown renderer is closed'));
    await this.stopWorker();
  }

  private async imageSizes(markdown: string): Promise<Record<string, ImageSize>> {
    const ids = uploadIdsIn(markdown);
    const sizes: Record<string, ImageSize> = {};
    if (ids.length === 0) return sizes;
    const rows = await this.db
      .select({ id: uploads.id, width: uploads.width, height: uploads.height })
      .from(uploads)
      .where(inArray(uploads.id, ids));
    for (const { id, width, height } of rows) if (width && height) sizes[id] = { width, height };
    return sizes;
  }

  private async renderInWorker(markdown: string, sizes: Record<string, ImageSize>): Promise<Outcome> {
    if (renders.hasSubscribers) renders.publish({ chars: markdown.length });
    try {
      return {
        html: await new Promise<string>((resolve, reject) => {
          this.queue.push({ job: { id: this.nextId++, markdown, sizes }, resolve, reject });
          this.sendNext();
        }),
      };
    } catch (error) {
      if (error instanceof MarkdownRefusedError) return { refusal: error.message };
      throw error;
    }
  }

  private sendNext(): void {
    if (this.current) return;
    const pending = this.queue.shift();
    if (!pending) {
      this.idleTimer = setTimeout(() => void this.stopWorker(), this.idleMs).unref();
      return;
    }
    clearTimeout(this.idleTimer);
    const worker = (this.worker ??= this.startWorker());
    this.current = { pending, timer: undefined, worker };
    worker.postMessage(pending.job);
    // A thread that is still loading the pipeline (slow on a busy machine) starts the clock when
    // it is ready: only the rendering counts against the post.
    if (this.readyWorkers.has(worker)) this.startClock(worker);
  }

  private startClock(worker: Worker): void {
    const current = this.current;
    if (!current || current.worker !== worker || current.timer) return;
    current.timer = setTimeout(() => {
      // The thread is busy on this post and will not stop by itself: end it, refuse the post.
      void this.stopWorker();
      this.finish(worker, new MarkdownRefusedError(`it takes longer than ${this.timeoutMs / 1000} seconds to render`));
    }, this.timeoutMs);
  }

  private startWorker(): Worker {
    const worker = new Worker(workerUrl);
    worker.unref();
    worker.on('message', (reply: RenderReply | ReadyReply) => {
      if ('ready' in reply) {
        this.readyWorkers.add(worker);
        this.startClock(worker);
      } else {
        this.finish(worker, 'html' in reply ? reply.html : new MarkdownRefusedError(reply.refusal));
      }
    });
    worker.on('error', (error) => this.finish(worker, error));
    worker.on('exit', () => {
      if (this.worker === worker) this.worker = undefined;
      this.finish(worker, new Error('The markdown thread stopped without an answer'));
    });
    return worker;
  }

  /** Settles the post in progress, if `worker` is the thread working on it, and starts the next. */
  private finish(worker: Worker, outcome: string | Error): void {
    const current = this.current;
    if (!current || current.worker !== worker) return;
    this.current = undefined;
    clearTimeout(current.timer);
    if (typeof outcome === 'string') current.pending.resolve(outcome);
    else current.pending.reject(outcome);
    this.sendNext();
  }

  private async stopWorker(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    clearTimeout(this.idleTimer);
    if (worker) await worker.terminate();
  }
}
