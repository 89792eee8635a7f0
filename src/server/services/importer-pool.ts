import { Worker } from 'node:worker_threads';
import { HttpError } from '../errors.ts';
import type { ExtractedArticle } from './importer.ts';

export interface ExtractionLimits {
  /** Time to read the page, thread start-up included; the thread is stopped when it runs out. */
  timeoutMs: number;
  /** The thread's heap: a page that needs more stops it instead of the server. */
  maxOldGenerationSizeMb: number;
}

/**
 * Pages are read (parse, Readability, turndown) in a worker thread, one per page, so a page that
 * is slow to read stalls its own thread and never the server's requests. At most `concurrency`
 * of them run at once, on a two-core machine; other imports wait for a turn.
 */
export const EXTRACTION_LIMITS = { timeoutMs: 10_000, maxOldGenerationSizeMb: 256, concurrency: 2 } as const;

export interface ExtractionJob {
  html: string;
  pageUrl: string;
}
export type ExtractionReply = { article: ExtractedArticle } | { refusal: { statusCode: number; message: string } };

// A .ts file: Node strips its types, under `node src/server/main.ts` as under vitest.
const workerUrl = new URL('./importer-worker.ts', import.meta.url);

let running = 0;
const waiting: (() => void)[] = [];

async function takeTurn(): Promise<void> {
  if (running < EXTRACTION_LIMITS.concurrency) {
    running++;
    return;
  }
  // The thread that ends hands its turn over (see endTurn): `running` stays the same.
  await new Promise<void>((resolve) => waiting.push(resolve));
}

/** Extraction threads alive now, for tests and diagnostics. */
export const extractionsRunning = () => running;

function endTurn(): void {
  const next = waiting.shift();
  if (next) next();
  else running--;
}

const tooComplex = (why: string) => new HttpError(422, `The page is too complex to import: ${why}`);

/** `extractArticle(html, pageUrl)` in a worker thread, within `limits`. */
export async function extractInWorker(
  html: string,
  pageUrl: string,
  limits: ExtractionLimits = EXTRACTION_LIMITS,
): Promise<ExtractedArticle> {
  await takeTurn();
  let worker: Worker;
  try {
    worker = new Worker(workerUrl, {
      workerData: { html, pageUrl } satisfies ExtractionJob,
      resourceLimits: { maxOldGenerationSizeMb: limits.maxOldGenerationSizeMb },
    });
  } catch (error) {
    endTurn();
    throw error;
  }
  // The turn ends when the thread is gone, not when the answer is known: a stopped thread may
  // take a moment to let go of its memory.
  worker.once('exit', endTurn);

  return new Promise<ExtractedArticle>((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      void worker.terminate();
    };
    const timer = setTimeout(
      () => settle(() => reject(tooComplex(`reading it took longer than ${limits.timeoutMs / 1000} seconds`))),
      limits.timeoutMs,
    );
    worker.once('message', (reply: ExtractionReply) =>
      settle(() =>
        'article' in reply ? resolve(reply.article) : reject(new HttpError(reply.refusal.statusCode, reply.refusal.message)),
      ),
    );
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() =>
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? tooComplex(`reading it needed more than ${limits.maxOldGenerationSizeMb} MB of memory`)
            : error,
        ),
      ),
    );
    worker.once('exit', (code) =>
      settle(() => reject(new Error(`The import worker stopped (exit code ${code}) without an answer`))),
    );
  });
}
