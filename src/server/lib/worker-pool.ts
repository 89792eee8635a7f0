import { Worker } from 'node:worker_threads';
import pLimit from 'p-limit';
import { HttpError } from '../errors.ts';

export interface WorkerLimits {
  /** Time for the job, thread start-up included; the thread is stopped when it runs out. */
  timeoutMs: number;
  /** The thread's heap: a job that needs more stops its thread instead of the server. */
  maxOldGenerationSizeMb: number;
}

/** What a job's thread posts back, once: its answer, or a refusal to send as an HTTP error. */
export type WorkerReply<Answer> = { answer: Answer } | { refusal: { statusCode: number; message: string } };

/** Threads at once on a two-core machine, whatever the kind of job; others wait for a turn. */
const turns = pLimit(2);

/** Job threads alive now, for tests and diagnostics. */
export const workersRunning = () => turns.activeCount;

/**
 * Runs the module at `url` in a thread of its own with `job` as its workerData: a job that is slow
 * or greedy (reading a page, parsing an export) stalls or exhausts its own thread, never the
 * server's requests. `tooComplex(why)` is the error when it runs out of time or memory. When
 * `signal` aborts (the client left, the server is stopping), the thread is stopped and the job
 * fails with the signal's reason.
 */
export async function runInWorker<Job, Answer>(
  url: URL,
  job: Job,
  limits: WorkerLimits,
  tooComplex: (why: string) => HttpError,
  signal?: AbortSignal,
): Promise<Answer> {
  return new Promise<Answer>((resolve, reject) => {
    // The turn ends when the thread is gone, not when the answer is known: a stopped thread may
    // take a moment to let go of its memory.
    void turns(
      () =>
        new Promise<void>((endTurn) => {
          if (signal?.aborted) {
            endTurn();
            reject(signal.reason);
            return;
          }
          let worker: Worker;
          try {
            worker = new Worker(url, {
              workerData: job,
              resourceLimits: { maxOldGenerationSizeMb: limits.maxOldGenerationSizeMb },
            });
          } catch (error) {
            endTurn();
            reject(error);
            return;
          }
          worker.once('exit', () => endTurn());
          watch(worker, limits, tooComplex, signal, resolve, reject);
        }),
    );
  });
}

/** Settles the job once, from the thread's answer, error or exit, the time limit or `signal`. */
function watch<Answer>(
  worker: Worker,
  limits: WorkerLimits,
  tooComplex: (why: string) => HttpError,
  signal: AbortSignal | undefined,
  resolve: (answer: Answer) => void,
  reject: (error: unknown) => void,
): void {
  let settled = false;
  const settle = (outcome: () => void) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    signal?.removeEventListener('abort', abort);
    outcome();
    void worker.terminate();
  };
  const abort = () => settle(() => reject(signal!.reason));
  signal?.addEventListener('abort', abort, { once: true });
  const timer = setTimeout(
    () => settle(() => reject(tooComplex(`it took longer than ${limits.timeoutMs / 1000} seconds`))),
    limits.timeoutMs,
  );
  worker.once('message', (reply: WorkerReply<Answer>) =>
    settle(() =>
      'answer' in reply ? resolve(reply.answer) : reject(new HttpError(reply.refusal.statusCode, reply.refusal.message)),
    ),
  );
  worker.once('error', (error: Error & { code?: string }) =>
    settle(() =>
      reject(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? tooComplex(`it needed more than ${limits.maxOldGenerationSizeMb} MB of memory`)
          : error,
      ),
    ),
  );
  worker.once('exit', (code) => settle(() => reject(new Error(`A worker thread stopped (exit code ${code}) without an answer`))));
}

/** The body of a job's thread: `run`'s answer, or its HttpError as a refusal; anything else is a bug and thrown. */
export async function answerFromWorker<Answer>(run: () => Answer | Promise<Answer>): Promise<WorkerReply<Answer>> {
  try {
    return { answer: await run() };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { refusal: { statusCode: error.statusCode, message: error.message } };
  }
}
