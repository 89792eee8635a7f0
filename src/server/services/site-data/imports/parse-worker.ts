// The body of one parsing thread started by parse.ts: reads one export (or a backup's front
// matter), answers once, ends.
import { readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { HttpError } from '../../../errors.ts';
import { answerFromWorker } from '../../../lib/worker-pool.ts';
import type { ParseJob } from './parse.ts';
import type { ParsedImport } from './types.ts';

async function parse(job: ParseJob): Promise<ParsedImport | Record<string, unknown>[]> {
  if (job.kind === 'front-matter') {
    const { parseFrontMatterYaml } = await import('./front-matter.ts');
    return job.files.map((file) => parseFrontMatterYaml(file.yaml, file.path));
  }
  if (job.kind === 'markdown') {
    const { parseMarkdownFiles } = await import('./markdown-files.ts');
    return parseMarkdownFiles(job.files);
  }
  const text = (await readFile(job.file)).toString('utf8');
  if (job.kind === 'wordpress') {
    const { parseWordPress } = await import('./wordpress.ts');
    return parseWordPress(text);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'The file is not valid JSON');
  }
  const { parseGhost } = await import('./ghost.ts');
  return parseGhost(json);
}

parentPort!.postMessage(await answerFromWorker(() => parse(workerData as ParseJob)));
