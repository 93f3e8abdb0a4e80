// The penalty box as a scenario (docs/decisions/service/control-scenarios.md): the service puts a
// client over its limits in a "penalty box", refusing every request with 429 until the box's time
// ends (10 minutes, the vendor's pacing pages). The control API boxes a user for a time of the
// simulation's clock; the gate refuses each request of the user's sessions until then, with the
// seconds left as Retry-After. The pacer's own box (`http/pacing.ts`) answers the same way.
import type { Brokerage } from './brokerage.js';

/** The service's box: 10 minutes. */
export const defaultPenaltyMs = 10 * 60_000;

/** When the pacer boxes a client by itself: `violations` requests over a limit within
 * `windowMs` box it for `ms`. The 30 in a minute are ours (the vendor publishes no threshold);
 * the 10 minutes are the service's. */
export interface PenaltyRule {
  violations: number;
  windowMs: number;
  ms: number;
}

export const defaultPenaltyRule: PenaltyRule = {
  violations: 30,
  windowMs: 60_000,
  ms: defaultPenaltyMs,
};

type BoxContext = Pick<Brokerage, 'store' | 'clock'>;

const boxes = (brokerage: BoxContext) => brokerage.store.collection('penaltyBoxes');

/** Boxes `username` until `until` (epoch ms of the clock); a later call replaces the time. The
 * record expires with the box. */
export function boxUser(brokerage: BoxContext, username: string, until: number): void {
  boxes(brokerage).set(username, { username, until }, { expiresAt: until });
}

/** Milliseconds the user still sits in the box (0: free). */
export function penaltyLeftMs(brokerage: BoxContext, username: string): number {
  const box = boxes(brokerage).get(username);
  return box ? Math.max(0, box.until - brokerage.clock.now()) : 0;
}

const rules = (brokerage: Pick<Brokerage, 'store'>) => brokerage.store.collection('penaltyRules');

/** The pacer's rule from now on, for every process of the store (a reset restores the
 * default). */
export function setPenaltyRule(brokerage: Pick<Brokerage, 'store'>, rule: PenaltyRule): void {
  rules(brokerage).set('current', rule);
}

/** The rule a control call set, if any (else the pacer's own limits hold). */
export function penaltyRuleOf(brokerage: Pick<Brokerage, 'store'>): PenaltyRule | undefined {
  return rules(brokerage).get('current');
}
