import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';

/** `--workers N`: the primary process of N server processes sharing one port (`node:cluster`).
 * It serves nothing itself: it forks the workers (each runs the same command line and listens on
 * the same port; the primary hands each new connection to one of them), forks a replacement for a
 * worker that dies once it was serving, and stops them all on `close()`. */
export interface RunningWorkers {
  kind: 'workers';
  /** `http(s)://host:port`, as the first worker to listen reported it. */
  url: string;
  logger: Logger;
  /** Stops every worker (SIGTERM: each finishes its requests in flight) and resolves once all
   * have exited. */
  close(): Promise<void>;
}

export interface WorkersOptions {
  count: number;
  /** Added to each worker's environment. */
  env: Record<string, string>;
  logger: Logger;
  /** Told the URL once every worker of the first generation listens. */
  onListening: (url: string) => void;
  /** Told when the workers are gone without `close()`: a worker died before it ever listened (a
   * start that fails, such as a Redis that cannot be reached: the others are stopped rather than
   * forked again and again; `code` 1), or each stopped by itself (a signal to the whole process
   * group, as Ctrl-C sends; `code` 0). */
  onEnd: (code: number) => void;
}

/** What a worker reports to the primary once it listens. */
interface ListeningMessage {
  listening: string;
}

function isListeningMessage(message: unknown): message is ListeningMessage {
  return (
    typeof message === 'object' &&
    message !== null &&
    typeof (message as Partial<ListeningMessage>).listening === 'string'
  );
}

/** In a worker: tells the primary the URL it listens on. */
export function reportListening(url: string): void {
  process.send?.({ listening: url } satisfies ListeningMessage);
}

/** The id of this process among the workers (undefined outside a cluster). */
export function workerId(): number | undefined {
  return cluster.worker?.id;
}

function livingWorkers(): Worker[] {
  return Object.values(cluster.workers ?? {}).filter(
    (worker): worker is Worker => worker !== undefined && !worker.isDead(),
  );
}

export function startWorkers({
  count,
  env,
  logger,
  onListening,
  onEnd,
}: WorkersOptions): Promise<RunningWorkers> {
  let stopping = false;
  let url: string | undefined;
  const serving = new Set<number>();
  return new Promise((resolve) => {
    const fork = (): Worker => {
      const worker = cluster.fork(env);
      logger.info({ worker: worker.id, workerPid: worker.process.pid }, 'worker started');
      worker.on('message', (message: unknown) => {
        if (!isListeningMessage(message)) return;
        serving.add(worker.id);
        if (url !== undefined) return;
        if (serving.size < count) return;
        url = message.listening;
        onListening(url);
        resolve({ kind: 'workers', url, logger, close });
      });
      worker.on('exit', (code, signal) => {
        const wasServing = serving.delete(worker.id);
        if (stopping) return;
        if (!wasServing) {
          logger.error({ worker: worker.id, code, signal }, 'worker failed to start: stopping');
          void close().then(() => onEnd(1));
          return;
        }
        if (code === 0) {
          // Stopped by a signal it handled (Ctrl-C reaches every process of the group).
          logger.info({ worker: worker.id }, 'worker stopped');
          if (livingWorkers().length === 0) onEnd(0);
          return;
        }
        logger.warn(
          { worker: worker.id, workerPid: worker.process.pid, code, signal },
          'worker died: starting a replacement',
        );
        fork();
      });
      return worker;
    };
    const close = async (): Promise<void> => {
      stopping = true;
      await Promise.all(
        livingWorkers().map(
          (worker) =>
            new Promise<void>((exited) => {
              worker.once('exit', () => exited());
              worker.process.kill('SIGTERM');
            }),
        ),
      );
    };
    for (let i = 0; i < count; i++) fork();
  });
}
