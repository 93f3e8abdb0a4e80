import type { Clock } from './clock.js';
import { nextInSequence } from './sequences.js';
import { inUnit, type Store } from './store.js';
import type { TaskRun, TimedTask, TimedTasks } from './timed-tasks.js';

/**
 * Timed tasks as records of the store (`timedTasks`): the one path of the brokerage's timed work,
 * in memory as on a shared store. A task runs inside a unit of work that also removes it (or sets
 * its next run), so its commit makes it run once whichever process runs it. Who runs them: the
 * unit that moves the clock runs what the move makes due (`runDue`), as the clock of one process
 * would; as time passes on its own, the leader runs them (in one process, always that process), at
 * each tick of its lease and at a timer for the next one it knows of (`lead`).
 */
export class StoredTasks implements TimedTasks {
  readonly #runs = new Map<string, TaskRun<unknown>>();
  #cancelTimer: () => void = () => undefined;

  /** `clock`: the brokerage's clock as units see it (its callbacks run as units). */
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly isLeader: () => boolean,
  ) {}

  private get tasks() {
    return this.store.collection('timedTasks');
  }

  define<Args>(name: string, run: TaskRun<Args>): void {
    this.#runs.set(name, (args, dueAt) => run(args as Args, dueAt));
  }

  add(name: string, dueAt: number, args: unknown): void {
    const id = String(nextInSequence(this.store, 'timedTasks', 0));
    this.tasks.set(id, { id, name, dueAt, args });
    if (this.isLeader()) this.#arm();
  }

  /** Runs every task due by the clock, earliest first (a task whose next run is due too runs
   * again); inside the running unit of work. */
  runDue(): void {
    const now = this.clock.now();
    for (let task = this.#earliest(); task && task.dueAt <= now; task = this.#earliest()) {
      const next = this.#runs.get(task.name)?.(task.args, task.dueAt);
      if (next) this.tasks.set(task.id, { ...task, dueAt: next.dueAt, args: next.args });
      else this.tasks.delete(task.id);
    }
  }

  /** On the leader: runs what is due in a unit of work, and arms a timer for the next task. */
  lead(): Promise<void> {
    return Promise.resolve(
      inUnit(this.store, () => {
        this.runDue();
        this.#arm();
      }),
    );
  }

  /** Arms one timer, for the earliest task this process knows of; on the leader it runs what is
   * due then. */
  #arm(): void {
    this.#cancelTimer();
    const next = this.#earliest();
    if (!next) return;
    this.#cancelTimer = this.clock.schedule(next.dueAt - this.clock.now(), () => {
      if (!this.isLeader()) return;
      this.runDue();
      this.#arm();
    });
  }

  /** The task due first (the tasks are the walks in progress and the pending banking
   * instructions: a scan, as a record's index gives no order). */
  #earliest(): TimedTask | undefined {
    let earliest: TimedTask | undefined;
    for (const task of this.tasks.values()) {
      if (!earliest || task.dueAt < earliest.dueAt) earliest = task;
    }
    return earliest;
  }
}
