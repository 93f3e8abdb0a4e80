import type { Logger } from 'pino';
import type { Clock } from '../domain/kernel/clock.js';
import { rateLimited } from '../domain/kernel/errors.js';

export interface LookupThrottleLimits {
  /** Failed session lookups a client may make within `windowMs` before it is refused. */
  failures: number;
  windowMs: number;
}

export const defaultLookupThrottle: LookupThrottleLimits = { failures: 20, windowMs: 60_000 };

interface Burst {
  startedAt: number;
  failures: number;
  logged: boolean;
}

/** Counts the requests of each client address whose credentials named no live session (unknown
 * cookie, token or signature) on the server's clock. Past the limit, the address is refused with
 * 429 until its window ends, so that session ids cannot be guessed at speed; each burst is logged
 * once. Memory is bounded by the addresses seen within one window. */
export class LookupThrottle {
  readonly #bursts = new Map<string, Burst>();
  #sweptAt = 0;

  constructor(
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly limits: LookupThrottleLimits = defaultLookupThrottle,
  ) {}

  /** Throws `rateLimited` (Retry-After: the rest of the window) while the address is blocked. */
  admit(address: string): void {
    const burst = this.#current(address);
    if (burst && burst.failures >= this.limits.failures) throw this.#refusal(burst);
  }

  /** Records a failed lookup; throws `rateLimited` once the address reaches the limit. */
  fail(address: string): void {
    const now = this.clock.now();
    let burst = this.#current(address);
    if (!burst) {
      burst = { startedAt: now, failures: 0, logged: false };
      this.#bursts.set(address, burst);
    }
    burst.failures += 1;
    if (burst.failures < this.limits.failures) return;
    if (!burst.logged) {
      burst.logged = true;
      this.logger.warn(
        { address, failures: burst.failures, windowMs: this.limits.windowMs },
        'failed session lookups throttled',
      );
    }
    throw this.#refusal(burst);
  }

  reset(): void {
    this.#bursts.clear();
  }

  #refusal(burst: Burst) {
    const remaining = burst.startedAt + this.limits.windowMs - this.clock.now();
    return rateLimited(Math.max(1, Math.ceil(remaining / 1000)));
  }

  #current(address: string): Burst | undefined {
    const now = this.clock.now();
    if (now - this.#sweptAt >= this.limits.windowMs) {
      for (const [key, burst] of this.#bursts) {
        if (now - burst.startedAt >= this.limits.windowMs) this.#bursts.delete(key);
      }
      this.#sweptAt = now;
    }
    const burst = this.#bursts.get(address);
    return burst && now - burst.startedAt < this.limits.windowMs ? burst : undefined;
  }
}
