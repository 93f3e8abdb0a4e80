import type { Redis } from 'ioredis';
import type { Clock } from '../../domain/kernel/clock.js';
import { rateLimited } from '../../domain/kernel/errors.js';
import type { PenaltyRule } from '../../domain/accounts/penalty-box.js';
import {
  Pacer,
  penaltyRuleOfLimits,
  type PacingLimits,
  type RequestPacer,
} from '../../http/pacing.js';
import { pacingScript } from './pacing-script.js';
import type { RedisConnection } from './redis-store.js';

type PacingRedis = Redis & { brokeragePace(...args: string[]): Promise<number> };

/**
 * The pacer of processes that share a Redis store: each admission is one script on Redis
 * (`pacing-script.ts`), so requests of one session are counted across every process, whichever
 * answers them. The state of a key expires once it no longer matters. Requests in flight
 * (`enter`) are counted in each process: a count in Redis would outlive a process killed with
 * requests in flight.
 */
export class RedisPacer implements RequestPacer {
  readonly #redis: PacingRedis;
  readonly #prefix: string;
  readonly #inFlight: Pacer;
  /** How long the state of a key matters after its last request. */
  readonly #ttlMs: number;

  constructor(
    { redis, prefix }: RedisConnection,
    private readonly clock: Clock,
    private readonly limits: PacingLimits,
    private readonly onError: (error: unknown) => void,
  ) {
    redis.defineCommand('brokeragePace', { numberOfKeys: 0, lua: pacingScript });
    this.#redis = redis as PacingRedis;
    this.#prefix = prefix;
    this.#inFlight = new Pacer(clock, limits);
    this.#ttlMs = Math.max(
      1000,
      limits.penaltyWindowMs,
      ...Object.values(limits.perEndpointIntervalMs),
    );
  }

  async admit(key: string, endpoint: string, penalty?: PenaltyRule): Promise<void> {
    const { limits } = this;
    const rule = penalty ?? penaltyRuleOfLimits(limits);
    const interval = limits.perEndpointIntervalMs[endpoint];
    const waitSeconds = await this.#redis.brokeragePace(
      this.#prefix,
      key,
      endpoint,
      String(this.clock.now()),
      String(limits.globalPerSecond),
      interval === undefined ? '' : String(interval),
      String(rule.violations),
      String(rule.windowMs),
      String(rule.ms),
      String(Math.max(this.#ttlMs, rule.windowMs)),
    );
    if (waitSeconds > 0) throw rateLimited(waitSeconds);
  }

  enter(key: string, endpoint: string, limit: number): () => void {
    return this.#inFlight.enter(key, endpoint, limit);
  }

  /** Forgets every count: the shared state moves to a new epoch (the old keys expire). The
   * command goes out on the store's connection before the unit that resets commits, so every
   * request admitted after the reset was answered counts afresh. */
  reset(): void {
    this.#inFlight.reset();
    this.#redis.incr(`${this.#prefix}:pacing:epoch`).catch(this.onError);
  }
}
