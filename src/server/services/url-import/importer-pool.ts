import { HttpError } from '../../errors.ts';
import type { ExtractedArticle } from './importer.ts';
import { runInWorker, workersRunning, type WorkerLimits } from '../../lib/worker-pool.ts';

export type ExtractionLimits = WorkerLimits;

/**
 * Pages are read (parse, Readability, turndown) in a worker thread, one per page, so a page that
 * is slow to read stalls its own thread and never the server's requests. At most `concurrency`
 * threads run at once (worker-pool.ts, shared with the parsing of imported exports).
 */
export const EXTRACTION_LIMITS = { timeoutMs: 10_000, maxOldGenerationSizeMb: 256, concurrency: 2 } as const;

export interface ExtractionJob {
  html: string;
  pageUrl: string;
}

// A .ts file: Node strips its types, under `node src/server/main.ts` as under vitest.
const workerUrl = new URL('./importer-worker.ts', import.meta.url);

/** Extraction threads alive now, for tests and diagnostics. */
export const extractionsRunning = workersRunning;

const tooComplex = (why: string) => new HttpError(422, `The page is too complex to import: reading ${why}`);

/** `extractArticle(html, pageUrl)` in a worker thread, within `limits`. */
export function extractInWorker(
  html: string,
  pageUrl: string,
  limits: ExtractionLimits = EXTRACTION_LIMITS,
): Promise<ExtractedArticle> {
  return runInWorker<ExtractionJob, ExtractedArticle>(workerUrl, { html, pageUrl }, limits, tooComplex);
}
