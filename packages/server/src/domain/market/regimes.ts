import type { MarketStore } from './store-view.js';
import type { SeededRandom } from '../kernel/random.js';
import { dayAt, hoursOf, isTradingDay } from './exchange-hours.js';
import type { Market } from './market.js';
import type { Instrument } from './model.js';
import { onGrid, traitsOf } from './price-traits.js';

/** How an instrument's price moves while the clock jumps (`advanceMarket`). */
export interface MarketRegime {
  /** Expected move per trading day, percent (may be negative). */
  driftPercent: number;
  /** Typical move per trading day, percent (standard deviation). */
  volatilityPercent: number;
  /** Trading is halted: no trades; the snapshot's last price carries `H`. */
  halted: boolean;
  /** Move at each regular open, percent, before the session's first trade. */
  gapPercent: number;
}

/** The regime of an instrument without one set: no drift, the usual volatility of its kind. */
export const defaultRegime = (instrument: Instrument): MarketRegime => ({
  driftPercent: 0,
  volatilityPercent: Number((traitsOf(instrument).dailyVolatility * 100).toFixed(4)),
  halted: false,
  gapPercent: 0,
});

/** The instrument's regime: the one set through the control API, else the default. */
export const regimeOf = (store: MarketStore, instrument: Instrument): MarketRegime =>
  store.collection('marketRegimes').get(String(instrument.conid)) ?? defaultRegime(instrument);

/** Changes parts of the instrument's regime; answers the regime now in force. */
export function setRegime(
  store: MarketStore,
  instrument: Instrument,
  changes: Partial<MarketRegime>,
): MarketRegime {
  const regime = { ...regimeOf(store, instrument), ...changes };
  store.collection('marketRegimes').set(String(instrument.conid), regime);
  return regime;
}

/** The most time one market jump covers. */
export const maxMarketJumpMs = 3 * 86_400_000;
const minuteMs = 60_000;

/** Moves the clock forward by `ms` a minute at a time, and at every minute trades each
 * instrument with market data that is open then (its exchange's extended hours, not halted),
 * drawn from its regime and the brokerage's seeded random source: a gap at each regular open,
 * then drift plus noise. Every trade goes through `Market.setPrice`, so the bars of the jumped
 * interval exist, orders fill and alerts trigger on the way. */
export function advanceMarket(
  market: Market,
  random: SeededRandom,
  instruments: readonly Instrument[],
  regimeOf: (instrument: Instrument) => MarketRegime,
  advance: (ms: number) => void,
  now: () => number,
  ms: number,
): void {
  for (let elapsed = 0; elapsed < ms; elapsed += minuteMs) {
    const step = Math.min(minuteMs, ms - elapsed);
    const before = now();
    advance(step);
    const t = now();
    for (const instrument of instruments) {
      const last = market.price(instrument.conid);
      const regime = regimeOf(instrument);
      if (last === undefined || regime.halted || market.isExpired(instrument)) continue;
      const hours = hoursOf(instrument.exchange);
      const day = dayAt(hours, t);
      if (!isTradingDay(day) || t < day.extendedOpen || t >= day.extendedClose) continue;
      const regularMinutes = hours.regular[1] - hours.regular[0];
      const share = step / minuteMs / regularMinutes;
      const noise = (random.next() * 2 - 1) * Math.sqrt(3) * Math.sqrt(share);
      const opened = before < day.regularOpen && t >= day.regularOpen;
      const move =
        ((opened ? regime.gapPercent : 0) +
          regime.driftPercent * share +
          regime.volatilityPercent * noise) /
        100;
      market.setPrice(instrument.conid, onGrid(traitsOf(instrument), last * (1 + move)));
    }
  }
}
