/** The brokerage's own timed work kept as data (a shared store's processes each run their
 * timers, but a walk started through one must go on when that one is gone): a named task, its
 * due time on the brokerage's clock, and its arguments. */
export interface TimedTask {
  id: string;
  name: string;
  dueAt: number;
  args: unknown;
}

declare module './store.js' {
  interface Collections {
    /** Timed work still to run, by id (kept only on a shared store). */
    timedTasks: TimedTask;
  }
}

/** What a task does when it runs; it answers its next run, or undefined when it is done. */
export type TaskRun<Args> = (
  args: Args,
  dueAt: number,
) => { dueAt: number; args: Args } | undefined;

/** Timed work that outlives the process that scheduled it. */
export interface TimedTasks {
  /** How the tasks named `name` run: every process defines the same names when it starts. */
  define<Args>(name: string, run: TaskRun<Args>): void;
  /** Keeps a task to run at `dueAt`, in the unit of work that adds it. */
  add(name: string, dueAt: number, args: unknown): void;
}
