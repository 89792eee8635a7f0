// The body of one extraction thread started by importer-pool.ts: reads one page, answers once, ends.
import { parentPort, workerData } from 'node:worker_threads';
import { HttpError } from '../errors.ts';
import { extractArticle } from './importer.ts';
import type { ExtractionJob, ExtractionReply } from './importer-pool.ts';

const { html, pageUrl } = workerData as ExtractionJob;
let reply: ExtractionReply;
try {
  reply = { article: extractArticle(html, pageUrl) };
} catch (error) {
  // Anything else is a bug: thrown, it reaches the pool as the worker's 'error' and is logged as one.
  if (!(error instanceof HttpError)) throw error;
  reply = { refusal: { statusCode: error.statusCode, message: error.message } };
}
parentPort!.postMessage(reply);
