// The brokerage's state on Redis, shared by processes (the class's comment says how).
// Over 300 lines: one protocol (units committed against the change log, catch-up, following the
// log, reload and re-seed after a loss) whose steps share the replica's position and one mutex;
// the records' writes (replica-writes.ts) and the store's health (store-health.ts) are apart.
import { AsyncLocalStorage } from 'node:async_hooks';
import { createRequire } from 'node:module';
import { Mutex } from 'async-mutex';
import type { Redis } from 'ioredis';
import { unavailable } from '../../domain/kernel/errors.js';
import { secretHex } from '../../domain/kernel/secrets.js';
import {
  keptByClear,
  type Collection,
  type Collections,
  type ReplicaListener,
  type Store,
} from '../../domain/kernel/store.js';
import { MemoryStore } from '../memory.js';
import { freeze } from '../../domain/kernel/freeze.js';
import {
  applyWrites,
  fieldsOf,
  keep,
  RedisCollection,
  restorer,
  seqOf,
  Unit,
  type LogEntry,
  type Name,
  type Write,
} from './replica-writes.js';
import { commitScript, snapshotScript } from './scripts.js';
import {
  isConnectionFailure,
  stateMessage,
  StoreHealth,
  storeUnavailable,
  unreachableMessage,
  type StoreState,
} from './store-health.js';

/** How long a command may take before the store counts as unreachable, unless told otherwise. */
export const defaultCommandTimeoutMs = 1000;

/** How many times `open` asks for the first load before it fails (see there). */
const openAttempts = 3;

/** What is shared beside the state (the pacer's counts) uses the store's connection and prefix. */
export interface RedisConnection {
  redis: Redis;
  prefix: string;
}

export interface RedisStoreOptions {
  /** `redis://host:port/db`; `?prefix=name` puts the keys under `name:` (default `brokerage`). */
  url: string;
  /** How often a unit that lost to another process's commit is run again (default 20). */
  maxAttempts?: number;
  /** Approximate length the change log is trimmed to (default 10 000 commits). */
  logLength?: number;
  /** Freeze records deeply (default: unless NODE_ENV is production, where only the top level). */
  deepFreeze?: boolean;
  /** Told about a commit of writes made outside any unit that failed. */
  onError?: (error: unknown) => void;
  /** How long a command may take before the store counts as unreachable (default 1000 ms): a
   * unit that cannot reach Redis answers 503 within about twice this. */
  commandTimeoutMs?: number;
  /** How long the reader waits for other processes' commits before it checks the store (its
   * identity, its reach) anyway (default 1000 ms). */
  followMs?: number;
  /** Told when the store's state moves between ready, degraded and lost, and what happened. */
  onStateChange?: (state: StoreState, message: string) => void;
  /** When set, a process that finds the store's state lost (restarted empty, flushed) does not
   * re-seed it: the store answers 503 from then on and calls this (the command exits, so that
   * `--workers` or a supervisor starts a fresh process). */
  onLost?: () => void;
}

/** ioredis, loaded with the first Redis store: a server on memory (the default, and every test
 * file's) never needs it, and a static import made every start compile it (450 KB). */
const loadRedis = (): typeof Redis =>
  (createRequire(import.meta.url)('ioredis') as { Redis: typeof Redis }).Redis;

/** The outcome of a commit that reached Redis (one that did not throws). */
type Committed = 'committed' | 'conflict' | 'lost';

/**
 * The brokerage's state on Redis, shared by any number of processes. Each process keeps a replica
 * in memory (a `MemoryStore`: reads cost what they cost today); Redis holds the committed state:
 * a hash per collection (`<prefix>:c:<name>`, id → JSON), a sorted set of expiries, a commit
 * counter (`<prefix>:seq`) and a change log (`<prefix>:log`, one entry per commit, its id the
 * commit's number). A unit of work (`unit`) catches the replica up with the log, runs against it
 * while its writes are recorded, and commits them in one script that refuses when another commit
 * came first: the unit is then rolled back and run again. Every committed state is so the result
 * of units run one after the other.
 */
export class RedisStore implements Store {
  readonly #replica = new MemoryStore();
  readonly #redis: Redis;
  readonly #prefix: string;
  /** The connection that waits for other processes' commits (`XREAD BLOCK`). */
  readonly #reader: Redis;
  readonly #mutex = new Mutex();
  readonly #current = new AsyncLocalStorage<Unit>();
  readonly #maxAttempts: number;
  readonly #logLength: number;
  readonly #deep: boolean;
  readonly #onError: (error: unknown) => void;
  readonly #onStateChange: (state: StoreState, message: string) => void;
  readonly #onLost: (() => void) | undefined;
  readonly #commandTimeoutMs: number;
  readonly #followMs: number;
  readonly #health: StoreHealth;
  /** The last commit the replica holds (-1: unknown, the next catch-up reloads everything). */
  #seq = 0;
  /** The identity of the state the replica holds (`<prefix>:sandbox`, set with the first state):
   * when it changes or goes, the state was lost (a restart without persistence, a flush). */
  #identity: string | undefined;
  /** Redis's clock minus this process's (ms), for the deadlines of commits. */
  #redisClockOffsetMs = 0;
  /** The round trip of the measure of that offset (the quickest so far). */
  #clockRoundTripMs = Infinity;
  /** The first state's writes (the fixtures), kept to seed the store again if its state is lost. */
  #seed: Unit | undefined;
  #opened: Promise<void> | undefined;
  #closed: Promise<void> | undefined;
  /** The reader's loop, until `close`. */
  #following: Promise<void> | undefined;
  #closing = false;
  /** This store's own commit that a catch-up may meet in the log (its events are not replayed). */
  #ownSeq = 0;
  readonly #changeListeners = new Set<ReplicaListener>();
  readonly #eventListeners = new Set<(events: unknown[]) => void>();
  /** Writes made before `open`: the state a new brokerage starts from, if Redis has none. */
  #initial: Unit | undefined = new Unit();
  /** Writes made outside any unit after `open` (a test moving a manual clock), committed soon. */
  #loose: Unit | undefined;

  constructor(options: RedisStoreOptions) {
    const url = new URL(options.url);
    this.#prefix = url.searchParams.get('prefix') ?? 'brokerage';
    this.#commandTimeoutMs =
      options.commandTimeoutMs ?? commandTimeoutOf(url) ?? defaultCommandTimeoutMs;
    url.search = '';
    this.#followMs = options.followMs ?? 1000;
    // Fail fast rather than wait: a command has a deadline, a command sent while disconnected
    // fails at once, and one in flight when the connection drops fails (is not sent again).
    this.#redis = new (loadRedis())(url.toString(), {
      lazyConnect: true,
      commandTimeout: this.#commandTimeoutMs,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      autoResendUnfulfilledCommands: false,
    });
    // The reader blocks in XREAD: no command deadline, but the block ends on the client's side
    // too (`blockingTimeout`) when Redis does not answer (paused); it waits out a disconnection.
    this.#reader = this.#redis.duplicate({
      commandTimeout: undefined,
      enableOfflineQueue: true,
      maxRetriesPerRequest: null,
      blockingTimeout: this.#followMs,
    });
    this.#maxAttempts = options.maxAttempts ?? 20;
    this.#logLength = options.logLength ?? 10_000;
    this.#deep = options.deepFreeze ?? process.env.NODE_ENV !== 'production';
    this.#onError = options.onError ?? (() => undefined);
    this.#onStateChange = options.onStateChange ?? (() => undefined);
    this.#onLost = options.onLost;
    this.#health = new StoreHealth(this.#redis, (state, cause) => {
      if (state === 'ready') this.#measureClock().catch(() => undefined);
      this.#onStateChange(state, stateMessage(state, cause));
    });
    // A connection error between commands is the probe's business, not an unhandled event.
    for (const connection of [this.#redis, this.#reader]) connection.on('error', () => undefined);
  }

  /** `ready`, `degraded` (Redis did not answer: units answer 503 until it does) or `lost`. */
  get state(): StoreState {
    return this.#health.state;
  }

  /** Connects, and loads the committed state; or, when Redis has none under the prefix, commits
   * what was written so far (the fixtures) as the first state. Then follows the other processes'
   * commits as they land. Idempotent. */
  open(): Promise<void> {
    this.#opened ??= this.#mutex
      .runExclusive(async () => {
        await Promise.all([this.#redis.connect(), this.#reader.connect()]);
        await this.#measureClock();
        const initial = this.#initial;
        this.#initial = undefined;
        this.#seed = initial;
        // The first load moves the whole state in one command (the seed's commit, or a reload),
        // which a Redis slowed down (a busy machine) may answer past the command deadline. Asking
        // again is safe: the seed commits only on a store with no state, and a reload only reads.
        for (let attempt = 1; ; attempt++) {
          try {
            const seeded = initial && initial.writes.length > 0;
            if (seeded && (await this.#commit(initial, 0, '')) === 'committed') return;
            await this.#reload();
            return;
          } catch (error) {
            if (attempt >= openAttempts || !isConnectionFailure(error)) throw error;
          }
        }
      })
      .then(() => {
        this.#following = this.#follow();
      });
    return this.#opened;
  }

  /** Commits what is pending, stops following the log and disconnects. */
  close(): Promise<void> {
    const opened = this.#opened;
    this.#closed ??= opened
      ? opened
          .then(() => this.settled())
          .then(async () => {
            this.#closing = true;
            // The reader is blocked in XREAD: a QUIT would wait behind it.
            this.#reader.disconnect();
            await this.#following;
            await this.#health.stop();
            // QUIT when connected; a connection that is down is just dropped.
            if (this.#redis.status === 'ready') await this.#redis.quit().catch(() => undefined);
            this.#redis.disconnect();
            // Out of the process's list of storages (on Node 20 an enabled one stays in it, and
            // runs its hook on every promise after: request-work.ts says more).
            this.#current.disable();
          })
      : Promise.resolve();
    return this.#closed;
  }

  /** Calls `listener` after records of the replica changed otherwise than by this process's
   * writes (`ReplicaListener`). */
  onReplicaChange(listener: ReplicaListener): void {
    this.#changeListeners.add(listener);
  }

  /** Adds `event` to the log entry of the commit being built: the other processes' `onEvents`
   * listeners hear it once they applied the commit's writes. */
  share(event: unknown): void {
    this.#target().events.push(event);
  }

  /** Runs `callback` once the running unit commits, never if it loses; at once outside a unit
   * (the writes made outside any unit are this process's already). */
  afterCommit(callback: () => void): void {
    const unit = this.#current.getStore();
    if (unit?.active) unit.committed.push(callback);
    else callback();
  }

  /** Calls `listener` with the events of each other process's commit, right after its writes are
   * applied to the replica (in commit order). */
  onEvents(listener: (events: unknown[]) => void): void {
    this.#eventListeners.add(listener);
  }

  /** Resolves once the writes made outside any unit so far are committed. */
  settled(): Promise<void> {
    return this.#mutex.runExclusive(() => this.#commitLoose());
  }

  collection<N extends Name>(name: N): Collection<Collections[N]> {
    return new RedisCollection(name, this.#replica.collection(name), this);
  }

  clear(): void {
    this.record(['c'], () => undefined, true);
    this.#replica.clear();
  }

  expire(now: number): void {
    this.#replica.expire(now, (name, id) => {
      const collection = this.#replica.collection(name);
      this.record(['d', name, id], restorer(collection, id));
    });
  }

  /** Runs `work` as a unit of work (see the class). While the store is unreachable or lost it
   * answers 503 at once; a command that fails or times out on the way makes it 503. */
  async unit<T>(work: () => T | Promise<T>): Promise<T> {
    if (this.#current.getStore()?.active) return work();
    await this.open();
    this.#health.admit();
    return this.#mutex.runExclusive(async () => {
      // The store may have failed while this unit waited its turn.
      this.#health.admit();
      try {
        return await this.#run(work);
      } catch (error) {
        throw this.#health.failed(error);
      }
    });
  }

  async #run<T>(work: () => T | Promise<T>): Promise<T> {
    await this.#commitLoose();
    for (let attempt = 1; ; attempt++) {
      await this.#catchUp();
      const unit = new Unit();
      let outcome: { value: T } | { error: unknown };
      try {
        outcome = { value: await this.#current.run(unit, work) };
      } catch (error) {
        outcome = { error };
      } finally {
        unit.active = false;
      }
      // Like the memory store, what a failing unit wrote before it failed stays written.
      const committed = unit.writes.length === 0 ? 'committed' : await this.#commitOrUndo(unit);
      if (committed === 'committed') {
        this.#afterCommitted(unit);
        if ('error' in outcome) throw outcome.error;
        return outcome.value;
      }
      if (committed === 'lost') await this.#stateLost(null);
      if (attempt >= this.#maxAttempts) {
        throw unavailable('The brokerage is busy: too many concurrent changes, try again');
      }
    }
  }

  /** Runs what waited for the unit's commit; one that throws does not stop the others. */
  #afterCommitted(unit: Unit): void {
    for (const callback of unit.committed) {
      try {
        callback();
      } catch (error) {
        this.#onError(error);
      }
    }
  }

  /** Commits the unit, or takes its writes back from the replica when it did not commit. A
   * commit whose outcome is unknown (no answer in time) is taken back too, and the next
   * catch-up reloads the replica: the commit script refuses to apply after its deadline, so
   * what the unit reports (503) is what the store keeps, unless Redis stalled between running it
   * and answering (a client placing an order again with its cOID then learns it was booked). */
  async #commitOrUndo(unit: Unit): Promise<Committed> {
    let committed: Committed;
    try {
      committed = await this.#commit(unit, this.#seq);
    } catch (error) {
      this.#rollback(unit);
      throw error;
    }
    if (committed !== 'committed') this.#rollback(unit);
    return committed;
  }

  /** Records a write the replica has taken (or, for `clear`, is about to take). */
  record(write: Write, undo: () => void, reloadOnRollback = false): void {
    const into = this.#target();
    into.writes.push(write);
    into.undo.push(undo);
    if (reloadOnRollback) into.reloadOnRollback = true;
  }

  freeze<T>(value: T): T {
    return freeze(value, this.#deep);
  }

  /** The connection and key prefix, for what is shared beside the state (the pacer's counts). */
  connection(): RedisConnection {
    return { redis: this.#redis, prefix: this.#prefix };
  }

  /** Where a write or a shared event goes: the running unit, else the first state (before `open`),
   * else the writes made outside any unit. */
  #target(): Unit {
    const unit = this.#current.getStore();
    return unit?.active ? unit : (this.#initial ?? this.#looseUnit());
  }

  #looseUnit(): Unit {
    if (!this.#loose) {
      this.#loose = new Unit();
      queueMicrotask(() => {
        this.settled().catch(this.#onError);
      });
    }
    return this.#loose;
  }

  /** Commits the writes made outside any unit, whatever was committed meanwhile (they are already
   * in the replica); to be called holding the mutex. */
  async #commitLoose(): Promise<void> {
    const loose = this.#loose;
    this.#loose = undefined;
    if (loose && loose.writes.length > 0) await this.#commit(loose, undefined);
  }

  /** Commits the unit's writes if the last commit is still `expected` (any, when undefined) and
   * the store's identity is `identity` (`''`: only on a store with no state, the first state,
   * which gives it one). Throws when Redis does not answer in time (the outcome is then unknown:
   * the next catch-up reloads) or answers past the commit's deadline (nothing applied). */
  async #commit(
    unit: Unit,
    expected: number | undefined,
    identity = this.#identity ?? '',
  ): Promise<Committed> {
    const writes = JSON.stringify(unit.writes);
    const events = JSON.stringify(unit.events);
    // Past this time (Redis's clock) the script applies nothing: a commit that reaches a Redis
    // that stalled does not apply behind the back of a unit that already answered 503. The first
    // state has none: no request waits for it, and a reload follows whatever its outcome.
    const deadline =
      identity === ''
        ? ''
        : String(Math.floor(Date.now() + this.#redisClockOffsetMs + this.#commandTimeoutMs / 2));
    let answer: [number, number, string?];
    try {
      answer = (await this.#redis.eval(
        commitScript,
        0,
        this.#prefix,
        expected === undefined ? '' : String(expected),
        writes,
        events,
        String(this.#logLength),
        identity,
        newIdentity(),
        deadline,
      )) as [number, number, string?];
    } catch (error) {
      this.#seq = -1;
      throw error;
    }
    const [committed, seq, stored] = answer;
    if (committed === -2) {
      this.#health.degrade(new Error('Redis ran a commit after its deadline'));
      throw storeUnavailable(unreachableMessage);
    }
    if (committed === -1) return 'lost';
    if (committed !== 1) return 'conflict';
    this.#identity = stored;
    this.#ownSeq = seq;
    if (seq === this.#seq + 1) this.#seq = seq;
    // Otherwise other commits came between (a commit of loose writes): the log has them, in order.
    else await this.#catchUp();
    return 'committed';
  }

  /** Takes the unit's writes back from the replica, latest first. */
  #rollback(unit: Unit): void {
    if (unit.reloadOnRollback) {
      this.#seq = -1; // the next catch-up reloads everything
      return;
    }
    for (const undo of unit.undo.reverse()) undo();
    this.#changed(unit.writes);
  }

  /** Applies to the replica the commits it has not seen (one round trip, usually answering
   * none); reloads everything when the log no longer reaches back to them. */
  async #catchUp(): Promise<void> {
    if (this.#seq < 0) return this.#reload();
    const answers = await this.#redis
      .pipeline()
      .get(`${this.#prefix}:seq`)
      .get(`${this.#prefix}:sandbox`)
      .xrange(`${this.#prefix}:log`, `(${this.#seq}-0`, '+')
      .exec();
    // A pipeline answers each command's error (a timeout) in place of its result.
    const failure = answers?.find(([error]) => error)?.[0];
    if (failure) throw failure;
    const identity = (answers?.[1]?.[1] ?? null) as string | null;
    if (identity !== (this.#identity ?? null)) return this.#stateLost(identity);
    const latest = Number(answers?.[0]?.[1] ?? 0);
    if (latest === this.#seq) return;
    if (!this.#applyLog((answers?.[2]?.[1] ?? []) as LogEntry[])) await this.#reload();
  }

  /** The store's identity is not the replica's (`found`; null: gone, or unknown). When the
   * replica had none, the store was empty and another process seeded it: reload. Otherwise its
   * state was lost (a restart without persistence, a flush): unless told to stop (`onLost`),
   * seed it again (the commit of the first state applies only on a store with no state, so one
   * process of many seeds it, once) and reload what the store then holds. */
  async #stateLost(found: string | null): Promise<void> {
    if (this.#identity === undefined) return this.#reload();
    if (this.#onLost) {
      this.#health.markLost();
      this.#onLost();
      throw storeUnavailable(stateMessage('lost'));
    }
    let reseeded = false;
    if (found === null && this.#seed && this.#seed.writes.length > 0) {
      reseeded = (await this.#commit(this.#seed, 0, '')) === 'committed';
    }
    await this.#reload();
    this.#onStateChange(
      'ready',
      reseeded
        ? 'Store lost and re-seeded: the state on Redis was gone (restarted empty or flushed); this process seeded the fixtures again'
        : 'Store lost and re-seeded: the state on Redis was gone (restarted empty or flushed); reloaded the state another process seeded again',
    );
  }

  /** Applies the log entries after the replica's last commit, in order, telling the listeners of
   * each; answers false when the entries do not follow on from it (a reload is due). */
  #applyLog(entries: LogEntry[]): boolean {
    const next = entries.findIndex(([id]) => seqOf(id) > this.#seq);
    if (next === -1) return true;
    if (seqOf((entries[next] as LogEntry)[0]) !== this.#seq + 1) return false;
    for (const [id, fields] of entries.slice(next)) {
      const entry = fieldsOf(fields);
      const writes = JSON.parse(entry.w ?? '[]') as Write[];
      applyWrites(this.#replica, writes, (json) => this.#parse(json));
      this.#seq = seqOf(id);
      this.#changed(writes);
      const events = JSON.parse(entry.e ?? '[]') as unknown[];
      if (this.#seq !== this.#ownSeq && events.length > 0) {
        for (const listener of this.#eventListeners) listener(events);
      }
    }
    return true;
  }

  /** Follows the log on the reader's connection: each batch of commits is applied as it lands,
   * in its turn (between units), so that this process hears other processes' changes at once. */
  async #follow(): Promise<void> {
    const log = `${this.#prefix}:log`;
    while (!this.#closing) {
      try {
        const answer = await this.#reader.xread(
          'BLOCK',
          this.#followMs,
          'STREAMS',
          log,
          `${Math.max(this.#seq, 0)}-0`,
        );
        const entries = (answer?.[0]?.[1] ?? []) as LogEntry[];
        if (this.#closing || this.#health.state !== 'ready') continue;
        // With no commit to read, catch up anyway: a process that serves nothing notices that
        // the store's state was lost (or that Redis stalls) within `followMs`.
        await this.#mutex.runExclusive(async () => {
          if (entries.length === 0 || this.#seq < 0 || !this.#applyLog(entries)) {
            await this.#catchUp();
          }
        });
      } catch (error) {
        if (this.#closing) continue;
        const reported = this.#health.failed(error);
        if (reported === error) this.#onError(error);
      }
    }
  }

  /** Tells the replica's listeners which records the writes changed. */
  #changed(writes: readonly Write[]): void {
    if (this.#changeListeners.size === 0) return;
    for (const write of writes) {
      const [collection, id] =
        write[0] === 'c' ? [] : [write[1], write[0] === 'x' ? undefined : write[2]];
      for (const listener of this.#changeListeners) listener(collection, id);
    }
  }

  /** Replaces the replica with the committed state. */
  async #reload(): Promise<void> {
    const [seq, identity, expiries, ...collections] = (await this.#redis.eval(
      snapshotScript,
      0,
      this.#prefix,
      newIdentity(),
    )) as [number, string | null, string[], ...(string | string[])[]];
    const expiresAt = new Map<string, number>();
    for (let i = 0; i + 1 < expiries.length; i += 2) {
      expiresAt.set(expiries[i] as string, Number(expiries[i + 1]));
    }
    this.#replica.clear();
    for (const name of keptByClear) this.#replica.collection(name as Name).clear(); // which `clear` keeps
    for (let i = 0; i + 1 < collections.length; i += 2) {
      const name = collections[i] as Name;
      const fields = collections[i + 1] as string[];
      const replica = this.#replica.collection(name);
      for (let j = 0; j + 1 < fields.length; j += 2) {
        const id = fields[j] as string;
        const at = expiresAt.get(`${name}/${id}`);
        replica.set(id, this.#parse(fields[j + 1] as string), keep(at));
      }
    }
    this.#seq = seq;
    this.#identity = identity ?? undefined;
    for (const listener of this.#changeListeners) listener(undefined, undefined);
  }

  /** Measures Redis's clock against this process's, for the commits' deadlines: a few round
   * trips, keeping the quickest (a busy event loop makes an answer look late), so the offset is
   * right within half of that round trip. */
  async #measureClock(): Promise<void> {
    for (let sample = 0; sample < 3; sample++) {
      const sent = Date.now();
      const [seconds, micros] = await this.#redis.time();
      const received = Date.now();
      if (received - sent > this.#clockRoundTripMs) continue;
      this.#clockRoundTripMs = received - sent;
      this.#redisClockOffsetMs =
        Number(seconds) * 1000 + Number(micros) / 1000 - (sent + received) / 2;
    }
  }

  #parse(json: string): never {
    return this.freeze(JSON.parse(json) as never);
  }
}

const newIdentity = (): string => secretHex(16);

/** The URL's `commandTimeoutMs` (`redis://host:port/db?commandTimeoutMs=3000`): a longer deadline
 * for a Redis on a busy machine (a test runner's); undefined when the URL gives none. */
function commandTimeoutOf(url: URL): number | undefined {
  const given = url.searchParams.get('commandTimeoutMs');
  if (given === null) return undefined;
  const ms = Number(given);
  if (!Number.isInteger(ms) || ms <= 0)
    throw new Error(
      `commandTimeoutMs must be a positive whole number of milliseconds, not ${JSON.stringify(given)}`,
    );
  return ms;
}
