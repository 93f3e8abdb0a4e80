import { globalRequestsPerSecond, pacingIntervals } from '@brokerage/types';
import type { Clock } from '../domain/kernel/clock.js';
import { rateLimited } from '../domain/kernel/errors.js';
import { defaultPenaltyRule, type PenaltyRule } from '../domain/accounts/penalty-box.js';

export interface PacingLimits {
  /** Requests per second per session (or per address without a session). */
  globalPerSecond: number;
  /** Minimum milliseconds between two requests to one path, per session. */
  perEndpointIntervalMs: Record<string, number>;
  /** A key over the limit this many times within `penaltyWindowMs` is refused for `penaltyMs`. */
  penaltyViolations: number;
  penaltyWindowMs: number;
  penaltyMs: number;
}

/** The service's published limits, as the document states them (`x-pacing`,
 * `x-pacing-interval-ms`), and its penalty box for repeat offenders. */
export function defaultPacing(mode: 'gateway' | 'hosted'): PacingLimits {
  return {
    globalPerSecond: globalRequestsPerSecond(mode),
    perEndpointIntervalMs: pacingIntervals(),
    penaltyViolations: defaultPenaltyRule.violations,
    penaltyWindowMs: defaultPenaltyRule.windowMs,
    penaltyMs: defaultPenaltyRule.ms,
  };
}

/** The penalty rule of pacing limits. */
export const penaltyRuleOfLimits = (limits: PacingLimits): PenaltyRule => ({
  violations: limits.penaltyViolations,
  windowMs: limits.penaltyWindowMs,
  ms: limits.penaltyMs,
});

/** What the gate asks of pacing: the in-memory `Pacer` below, or one whose counters several
 * processes share (`store/redis/redis-pacer.ts`), whose admission answers a promise. */
export interface RequestPacer {
  /** Throws (or rejects with) `rateLimited`, with Retry-After seconds, when this request is over
   * a limit; otherwise counts it. `penalty`: the rule that boxes a repeat offender, when the
   * control API set one (else the pacer's limits). */
  admit(key: string, endpoint: string, penalty?: PenaltyRule): void | Promise<void>;
  /** Counts a request in flight until the returned function is called (once, when it was
   * answered); throws `rateLimited` when `limit` requests of the key to the endpoint already are. */
  enter(key: string, endpoint: string, limit: number): () => void;
  /** Forgets every count. */
  reset(): void;
}

interface KeyState {
  recent: number[];
  lastByEndpoint: Map<string, number>;
  violations: number[];
  boxedUntil: number;
}

/** Counts requests per key on the server's clock and refuses those over a limit with 429. */
export class Pacer implements RequestPacer {
  readonly #keys = new Map<string, KeyState>();
  /** Requests in flight, by key and endpoint. */
  readonly #inFlight = new Map<string, number>();

  constructor(
    private readonly clock: Clock,
    private readonly limits: PacingLimits,
  ) {}

  admit(key: string, endpoint: string, penalty?: PenaltyRule): void {
    const now = this.clock.now();
    const { violations, windowMs, ms } = penalty ?? penaltyRuleOfLimits(this.limits);
    let state = this.#keys.get(key);
    if (!state) {
      state = { recent: [], lastByEndpoint: new Map(), violations: [], boxedUntil: 0 };
      this.#keys.set(key, state);
    }
    if (state.boxedUntil > now) throw rateLimited(Math.ceil((state.boxedUntil - now) / 1000));

    state.recent = state.recent.filter((at) => now - at < 1000);
    let waitMs = 0;
    if (state.recent.length >= this.limits.globalPerSecond) {
      waitMs = 1000 - (now - (state.recent[0] ?? now));
    }
    const interval = this.limits.perEndpointIntervalMs[endpoint];
    const last = state.lastByEndpoint.get(endpoint);
    if (interval !== undefined && last !== undefined && now - last < interval) {
      waitMs = Math.max(waitMs, interval - (now - last));
    }
    if (waitMs > 0) {
      state.violations = [...state.violations.filter((at) => now - at < windowMs), now];
      if (state.violations.length >= violations) {
        state.boxedUntil = now + ms;
        waitMs = ms;
      }
      throw rateLimited(Math.max(1, Math.ceil(waitMs / 1000)));
    }
    state.recent.push(now);
    if (interval !== undefined) state.lastByEndpoint.set(endpoint, now);
  }

  enter(key: string, endpoint: string, limit: number): () => void {
    const slot = `${key}|${endpoint}`;
    const count = this.#inFlight.get(slot) ?? 0;
    if (count >= limit) throw rateLimited(1);
    this.#inFlight.set(slot, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const remaining = (this.#inFlight.get(slot) ?? 1) - 1;
      if (remaining > 0) this.#inFlight.set(slot, remaining);
      else this.#inFlight.delete(slot);
    };
  }

  reset(): void {
    this.#keys.clear();
    this.#inFlight.clear();
  }
}
