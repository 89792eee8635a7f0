import { HttpError } from '../../errors.ts';
import { runInWorker, type WorkerLimits } from '../worker-pool.ts';
import type { ParsedImport } from './types.ts';

/** A WordPress or Ghost export on disk, or the markdown files of a zip. */
export type ParseJob =
  { kind: 'wordpress' | 'ghost'; file: string } | { kind: 'markdown'; files: { path: string; text: string }[] };

/**
 * Parsing an export takes seconds and hundreds of megabytes for a large blog (1,000 WordPress
 * posts: about 2 s and 220 MB): in a thread of its own, readers' pages keep being served, and an
 * export too big for the machine stops that thread with a 413 instead of the server.
 */
export const PARSE_LIMITS: WorkerLimits = { timeoutMs: 120_000, maxOldGenerationSizeMb: 512 };

const workerUrl = new URL('./parse-worker.ts', import.meta.url);

const tooLarge = (why: string) => new HttpError(413, `The file is too large to import at once: parsing ${why}`);

export function parseInWorker(job: ParseJob, limits: WorkerLimits = PARSE_LIMITS): Promise<ParsedImport> {
  return runInWorker<ParseJob, ParsedImport>(workerUrl, job, limits, tooLarge);
}
