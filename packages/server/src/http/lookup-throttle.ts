import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import { dropOldest } from '../domain/kernel/bounded-map.js';
import type { Clock } from '../domain/kernel/clock.js';
import { DomainError, rateLimited } from '../domain/kernel/errors.js';

export interface LookupThrottleLimits {
  /** Failed lookups a client address, or one credential, may make within `windowMs` before it
   * is refused. */
  failures: number;
  windowMs: number;
}

export const defaultLookupThrottle: LookupThrottleLimits = { failures: 20, windowMs: 60_000 };

/** Who tries: the address the request came from (behind a trusted proxy, the client's), and
 * the credential it presents (a session id, a token; none for the gateway's own session). */
export interface Attempt {
  address: string;
  credential: string | undefined;
}

interface Burst {
  startedAt: number;
  failures: number;
  logged: boolean;
}

/** Sessions remembered as proven (their id, last admitted at): at most this many, each for this
 * long after its last use (longer than an idle session lives). */
const provenLimit = 10_000;
const provenForMs = 30 * 60_000;

/** Counts failed lookups of credentials (unknown session ids, tokens, signatures, a wrong
 * control token) per client address and per credential, on the server's clock; each burst is
 * logged once. Past the limit:
 * - a credential is refused with 429 from any address until its window ends, for every request
 *   that does not prove it (the lookup fails): a request that proves it (the session is found,
 *   the signature is good) passes, so failures with someone else's token lock no one out but
 *   the sender's address;
 * - an address is refused with 429 for every credential that is not proven: a session this
 *   throttle already admitted before (the neighbours behind the same proxy keep working), so the
 *   guesser learns nothing about any other id. With `proven: false` (the control token: one
 *   secret), nothing passes a refused address.
 * Memory is bounded by the addresses and credentials seen within one window, and the proven
 * sessions (the most recent `provenLimit`, forgotten `provenForMs` after their last use). */
export class LookupThrottle {
  readonly #addresses = new Map<string, Burst>();
  readonly #credentials = new Map<string, Burst>();
  readonly #proven = new Map<string, number>();
  #sweptAt = 0;

  constructor(
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly limits: LookupThrottleLimits = defaultLookupThrottle,
    private readonly what = 'session lookups',
  ) {}

  /** Runs `lookup` for the attempt: answers what it found (and remembers it as proven), or
   * counts its `unauthorized` failure; throws `rateLimited` (Retry-After: the rest of the
   * window) for a refused credential or address, or once the failure reaches the limit. */
  async check<T extends { id: string }>(
    attempt: Attempt,
    lookup: () => T | Promise<T>,
    options: { proven: boolean } = { proven: true },
  ): Promise<T> {
    this.#sweep();
    const key = attempt.credential === undefined ? undefined : digest(attempt.credential);
    const byCredential = key === undefined ? undefined : this.#blocked(this.#credentials, key);
    const byAddress = this.#blocked(this.#addresses, attempt.address);
    let found: T;
    try {
      found = await lookup();
    } catch (error) {
      if (!(error instanceof DomainError && error.kind === 'unauthorized')) throw error;
      const refused = byCredential ?? byAddress;
      if (refused) throw this.#refusal(refused);
      this.#fail(attempt.address, key);
      throw error;
    }
    // A refused credential refuses only those who cannot prove it: its holder's requests (a
    // valid signature with the token) pass, so a token seen in clear cannot lock its owner out.
    if (byAddress && !(options.proven && this.#proven.has(found.id)))
      throw this.#refusal(byAddress);
    this.#proven.delete(found.id);
    this.#proven.set(found.id, this.clock.now());
    dropOldest(this.#proven, provenLimit);
    return found;
  }

  reset(): void {
    this.#addresses.clear();
    this.#credentials.clear();
    this.#proven.clear();
  }

  /** Counts a failure of the address and the credential; throws once either reaches the limit. */
  #fail(address: string, key: string | undefined): void {
    const bursts = [this.#count(this.#addresses, address, { address })];
    if (key !== undefined) bursts.push(this.#count(this.#credentials, key, { credential: key }));
    const reached = bursts.find((burst) => burst.failures >= this.limits.failures);
    if (reached) throw this.#refusal(reached);
  }

  #count(bursts: Map<string, Burst>, key: string, who: Record<string, string>): Burst {
    const now = this.clock.now();
    let burst = this.#current(bursts, key);
    if (!burst) {
      burst = { startedAt: now, failures: 0, logged: false };
      bursts.set(key, burst);
    }
    burst.failures += 1;
    if (burst.failures >= this.limits.failures && !burst.logged) {
      burst.logged = true;
      this.logger.warn(
        { ...who, failures: burst.failures, windowMs: this.limits.windowMs },
        `failed ${this.what} throttled`,
      );
    }
    return burst;
  }

  #blocked(bursts: Map<string, Burst>, key: string): Burst | undefined {
    const burst = this.#current(bursts, key);
    return burst && burst.failures >= this.limits.failures ? burst : undefined;
  }

  #refusal(burst: Burst) {
    const remaining = burst.startedAt + this.limits.windowMs - this.clock.now();
    return rateLimited(Math.max(1, Math.ceil(remaining / 1000)));
  }

  #current(bursts: Map<string, Burst>, key: string): Burst | undefined {
    const burst = bursts.get(key);
    return burst && this.clock.now() - burst.startedAt < this.limits.windowMs ? burst : undefined;
  }

  /** Once a window: forgets the bursts that ended and the proven sessions long unused. */
  #sweep(): void {
    const now = this.clock.now();
    const { windowMs } = this.limits;
    if (now - this.#sweptAt < windowMs) return;
    for (const bursts of [this.#addresses, this.#credentials]) {
      for (const [key, burst] of bursts) if (now - burst.startedAt >= windowMs) bursts.delete(key);
    }
    for (const [id, at] of this.#proven) if (now - at >= provenForMs) this.#proven.delete(id);
    this.#sweptAt = now;
  }
}

/** Credentials are kept as digests, never as given. */
const digest = (credential: string) => createHash('sha256').update(credential).digest('base64');
