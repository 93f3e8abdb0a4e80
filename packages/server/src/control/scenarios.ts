// What the service does to a running program, on demand (docs/decisions/control-scenarios.md):
// each scenario one control call, documented in openapi/control/ with how a client recovers.
import type { ControlSchema } from '@brokerage/types/control';
import type { Brokerage } from '../domain/accounts/brokerage.js';
import { setMarketDataLifetime } from '../domain/market-data/stream-lifetime.js';

export class ScenarioControls {
  constructor(private readonly brokerage: Pick<Brokerage, 'store'>) {}

  /** Market-data subscriptions on the socket made from now on end after `lifetimeMs` (0: never). */
  marketDataLifetime(lifetimeMs: number): ControlSchema<'MarketDataLifetime'> {
    setMarketDataLifetime(this.brokerage, lifetimeMs);
    return { lifetimeMs };
  }
}
