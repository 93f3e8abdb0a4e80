import type { Clock } from './clock.js';
import type { Store } from './store.js';

/** How often, in the clock's time, records past their `expiresAt` are dropped. */
export const retentionSweepMs = 60_000;

/** Drops expired records every `retentionSweepMs` of the clock, for as long as the clock runs:
 * memory stays bounded by what the service would still show, and no request pays for it. */
export function sweepExpiredRecords(store: Store, clock: Clock): void {
  clock.schedule(retentionSweepMs, () => {
    store.expire(clock.now());
    sweepExpiredRecords(store, clock);
  });
}
