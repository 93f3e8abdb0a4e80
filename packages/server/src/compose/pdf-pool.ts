// PDFs are drawn off the request thread: a long statement takes seconds of CPU, during which a
// server drawing it in its own thread answered nothing else (not even /health). The pool keeps at
// most `threads` worker threads, each drawing one report at a time; other reports wait their
// turn, `maxWaiting` at most: one more is refused at once (503 with Retry-After) rather than held
// until its request times out. The request a report is drawn for (its signal) cancels it when it
// ends first (timed out, dropped): a waiting report leaves the queue, a report being drawn stops
// with its thread.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { unavailable } from '../domain/kernel/errors.js';
import type { Report } from '../domain/reports/report.js';
import { renderPdfWith } from '../domain/reports/report-formats.js';

/** The thread's entry point in the package's build, from this module in `src/` or in `dist/`. */
const threadEntry = new URL('../../dist/compose/pdf-render-thread.js', import.meta.url);

interface Job {
  report: Report;
  signal: AbortSignal | undefined;
  resolve: (bytes: Uint8Array) => void;
  reject: (error: unknown) => void;
}

type Answer = { bytes: Uint8Array } | { error: string };

const cancelled = () => unavailable('The document was cancelled: its request ended first');

/** Seconds a refused report is told to wait: about what a long document takes to draw. */
export const busyRetryAfterSeconds = 5;

const busy = (waiting: number) =>
  unavailable(
    `The documents being drawn and ${waiting} waiting fill the renderer: retry later`,
    busyRetryAfterSeconds,
  );

export class PdfPool {
  readonly #idle: Worker[] = [];
  readonly #busy = new Set<Worker>();
  readonly #queue: Job[] = [];

  /** `threads`: drawn at once at most (default: the cores, up to 2); `maxWaiting`: reports
   * waiting for a thread at most (default 8: with 2 threads, more would rarely be drawn within a
   * request's 10 seconds). */
  constructor(
    readonly threads = Math.min(2, availableParallelism()),
    readonly maxWaiting = 8,
  ) {}

  /** Threads running now (idle or drawing). */
  get threadCount(): number {
    return this.#idle.length + this.#busy.size;
  }

  /** Reports waiting for a thread. */
  get waiting(): number {
    return this.#queue.length;
  }

  /** The report's PDF, drawn in a thread of the pool; cancelled with the request it is for. */
  render(report: Report, signal?: AbortSignal): Promise<Uint8Array> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) {
        reject(cancelled());
        return;
      }
      const free = this.#idle.length > 0 || this.threadCount < this.threads;
      if (!free && this.#queue.length >= this.maxWaiting) {
        reject(busy(this.#queue.length));
        return;
      }
      const job: Job = { report, signal, resolve, reject };
      signal?.addEventListener('abort', () => this.#dequeue(job), { once: true });
      this.#queue.push(job);
      this.#next();
    });
  }

  /** Ends every thread (a waiting report is cancelled). */
  async close(): Promise<void> {
    for (const job of this.#queue.splice(0)) job.reject(cancelled());
    const threads = [...this.#idle.splice(0), ...this.#busy];
    this.#busy.clear();
    await Promise.all(threads.map((worker) => worker.terminate()));
  }

  #dequeue(job: Job): void {
    const at = this.#queue.indexOf(job);
    if (at < 0) return;
    this.#queue.splice(at, 1);
    job.reject(cancelled());
  }

  #next(): void {
    if (this.#queue.length === 0) return;
    const found = this.#idle.pop() ?? (this.threadCount < this.threads ? this.#start() : undefined);
    if (!found) return;
    const worker = found;
    const job = this.#queue.shift() as Job;
    this.#busy.add(worker);
    worker.ref();
    const detach = () => {
      job.signal?.removeEventListener('abort', abort);
      worker.off('message', settle);
      worker.off('error', settle);
      worker.off('exit', exited);
      this.#busy.delete(worker);
    };
    function abort() {
      // The thread is mid-draw: it is ended, and the next report gets a new one.
      detach();
      void worker.terminate();
      job.reject(cancelled());
      next();
    }
    function exited(code: number) {
      settle(new Error(`the PDF thread exited (code ${code})`));
    }
    const next = () => this.#next();
    const settle = (answer: Answer | Error) => {
      detach();
      if (answer instanceof Error) {
        void worker.terminate();
        job.reject(answer);
      } else {
        worker.unref();
        this.#idle.push(worker);
        if ('bytes' in answer) job.resolve(new Uint8Array(answer.bytes));
        else job.reject(new Error(answer.error));
      }
      this.#next();
    };
    job.signal?.addEventListener('abort', abort, { once: true });
    worker.on('message', settle);
    worker.on('error', settle);
    worker.once('exit', exited);
    worker.postMessage(job.report);
  }

  #start(): Worker {
    const worker = new Worker(threadEntry);
    // An idle thread keeps no process alive.
    worker.unref();
    return worker;
  }
}

let installed: PdfPool | undefined;

/** The process's pool, made and installed as its PDF renderer (`renderPdfWith`) on first call:
 * every server of the process shares it. */
export function installPdfPool(): PdfPool {
  if (!installed) {
    const pool = new PdfPool();
    renderPdfWith((report, signal) => pool.render(report, signal));
    installed = pool;
  }
  return installed;
}
