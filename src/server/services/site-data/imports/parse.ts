import { HttpError } from '../../../errors.ts';
import { runInWorker, type WorkerLimits } from '../../../lib/worker-pool.ts';
import type { ParsedImport } from './types.ts';

/** A WordPress or Ghost export on disk, the markdown files of a zip, or the front matter of a backup's posts. */
export type ParseJob =
  | { kind: 'wordpress' | 'ghost'; file: string }
  | { kind: 'markdown'; files: { path: string; text: string }[] }
  | { kind: 'front-matter'; files: FrontMatterText[] };

/** The YAML of one post file's front matter, named by the file's path. */
export interface FrontMatterText {
  path: string;
  yaml: string;
}

/**
 * Parsing an export takes seconds and hundreds of megabytes for a large blog (1,000 WordPress
 * posts: about 2 s and 220 MB): in a thread of its own, readers' pages keep being served, and an
 * export too big for the machine stops that thread with a 413 instead of the server.
 */
export const PARSE_LIMITS: WorkerLimits = { timeoutMs: 120_000, maxOldGenerationSizeMb: 512 };

const workerUrl = new URL('./parse-worker.ts', import.meta.url);

const tooLarge = (why: string) => new HttpError(413, `The file is too large to import at once: parsing ${why}`);

export function parseInWorker(
  job: Exclude<ParseJob, { kind: 'front-matter' }>,
  limits: WorkerLimits = PARSE_LIMITS,
  signal?: AbortSignal,
): Promise<ParsedImport> {
  return runInWorker<ParseJob, ParsedImport>(workerUrl, job, limits, tooLarge, signal);
}

/**
 * Front matter of a backup's posts, in the same threads and limits as an export: YAML nested a
 * million levels deep takes a thread for minutes, never the server. Answers each file's mapping,
 * in order; a file that is not valid YAML is refused (422 naming it).
 */
export function parseFrontMatterInWorker(
  files: FrontMatterText[],
  limits: WorkerLimits = PARSE_LIMITS,
  signal?: AbortSignal,
): Promise<Record<string, unknown>[]> {
  return runInWorker<ParseJob, Record<string, unknown>[]>(workerUrl, { kind: 'front-matter', files }, limits, tooLarge, signal);
}
