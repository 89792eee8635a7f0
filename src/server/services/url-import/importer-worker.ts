// The body of one extraction thread started by importer-pool.ts: reads one page, answers once, ends.
import { parentPort, workerData } from 'node:worker_threads';
import { extractArticle } from './importer.ts';
import type { ExtractionJob } from './importer-pool.ts';
import { answerFromWorker } from '../../lib/worker-pool.ts';

const { html, pageUrl } = workerData as ExtractionJob;
parentPort!.postMessage(await answerFromWorker(() => extractArticle(html, pageUrl)));
