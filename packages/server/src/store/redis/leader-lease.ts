import type { Clock } from '../../domain/kernel/clock.js';
import { secretHex } from '../../domain/kernel/secrets.js';
import type { RedisConnection } from './redis-store.js';

/** ARGV: the holder's id, the TTL (ms). Extends the lease only while it holds that id. */
const renewScript = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 0
`;

/** ARGV: the holder's id. Deletes the lease only while it holds that id. */
const releaseScript = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;

export interface LeaderLeaseOptions {
  /** How long the lease lasts without a renewal (default 5 s): another process takes it then. */
  ttlMs?: number;
  /** Called on each tick of the lease while this process holds it. */
  onLead: () => void;
  onError: (error: unknown) => void;
}

/**
 * Which process of a shared store leads: `SET <prefix>:leader <id> NX PX <ttl>`, tried (or
 * renewed, by a script that extends it only for its holder) every third of the TTL of `clock`;
 * released on `stop`. A process that dies without releasing it leaves it to expire: another
 * takes it within the TTL.
 */
export class LeaderLease {
  readonly #key: string;
  readonly #id = `${process.pid}:${secretHex(8)}`;
  readonly #ttlMs: number;
  #held = false;
  #stopped = false;
  #cancelTick: () => void = () => undefined;
  #ticking: Promise<void> = Promise.resolve();

  constructor(
    private readonly connection: RedisConnection,
    private readonly clock: Clock,
    private readonly options: LeaderLeaseOptions,
  ) {
    this.#key = `${connection.prefix}:leader`;
    this.#ttlMs = options.ttlMs ?? 5000;
  }

  /** Whether this process held the lease at its last tick. */
  get held(): boolean {
    return this.#held;
  }

  /** Takes the lease if it is free, and keeps ticking; resolves after the first tick. */
  start(): Promise<void> {
    this.#ticking = this.#tick();
    return this.#ticking;
  }

  /** Stops ticking and releases the lease if this process holds it. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#cancelTick();
    await this.#ticking;
    if (this.#held) await this.connection.redis.eval(releaseScript, 1, this.#key, this.#id);
    this.#held = false;
  }

  async #tick(): Promise<void> {
    const { redis } = this.connection;
    try {
      this.#held = this.#held
        ? (await redis.eval(renewScript, 1, this.#key, this.#id, this.#ttlMs)) === 1
        : (await redis.set(this.#key, this.#id, 'PX', this.#ttlMs, 'NX')) === 'OK';
    } catch (error) {
      this.#held = false;
      this.options.onError(error);
    }
    if (this.#stopped) return;
    this.#cancelTick = this.clock.schedule(Math.ceil(this.#ttlMs / 3), () => {
      this.#ticking = this.#tick();
    });
    if (this.#held) this.options.onLead();
  }
}
