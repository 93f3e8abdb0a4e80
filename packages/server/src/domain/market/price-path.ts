import { SeededRandom } from '../kernel/random.js';
import type { Store } from '../kernel/store.js';
import { dayMs, dayOfIndex, dayAt, hoursOf, isTradingDay } from './exchange-hours.js';
import type { Instrument } from './model.js';

/** One trade of the price path. */
export interface Tick {
  /** Epoch milliseconds. */
  t: number;
  price: number;
  /** Quantity traded (shares, contracts, units of the base currency). */
  size: number;
}

/** How an instrument's prices move and round. */
export interface PriceTraits {
  /** Smallest price step. */
  increment: number;
  /** Decimals of `increment`: how prices are written. */
  decimals: number;
  /** Quantity of one round lot: trade sizes are whole lots. */
  lot: number;
  /** Typical daily move, as a fraction of the price. */
  dailyVolatility: number;
  /** Highest price the instrument can have (event contracts pay at most 1). */
  ceiling: number;
}

const traitsBySecType: Record<Instrument['secType'], Omit<PriceTraits, 'decimals'>> = {
  STK: { increment: 0.01, lot: 100, dailyVolatility: 0.018, ceiling: 10_000_000 },
  OPT: { increment: 0.01, lot: 1, dailyVolatility: 0.05, ceiling: 10_000_000 },
  FUT: { increment: 0.25, lot: 1, dailyVolatility: 0.012, ceiling: 10_000_000 },
  CASH: { increment: 0.0001, lot: 10_000, dailyVolatility: 0.005, ceiling: 10_000_000 },
  EVENT: { increment: 0.01, lot: 1, dailyVolatility: 0.03, ceiling: 0.99 },
};

export function traitsOf(instrument: Pick<Instrument, 'secType'>): PriceTraits {
  const traits = traitsBySecType[instrument.secType];
  return { ...traits, decimals: Math.max(0, -Math.floor(Math.log10(traits.increment))) };
}

/** `value` on the instrument's grid of prices, within (0, ceiling]. */
export function onGrid(traits: PriceTraits, value: number): number {
  const steps = Math.min(
    Math.floor(traits.ceiling / traits.increment),
    Math.max(1, Math.round(value / traits.increment)),
  );
  return Number((steps * traits.increment).toFixed(traits.decimals));
}

/** Calendar days of seeded history before the first recorded trade (a year of daily bars). */
export const historyDays = 370;
/** The most recent days of seeded history have a trade every minute; older days every 15. */
const minuteDetailDays = 10;
const minuteMs = 60_000;

/** The seeded trades before `anchor` (the first recorded trade), oldest first: a random walk run
 * backwards from the anchor's price, a trade per slot of the exchange's extended hours on
 * weekdays, with a gap between days. The same seed, instrument and anchor give the same trades. */
export function seededHistory(seed: number, instrument: Instrument, anchor: Tick): Tick[] {
  const traits = traitsOf(instrument);
  const hours = hoursOf(instrument.exchange);
  const random = new SeededRandom((Math.imul(seed, 0x9e3779b1) ^ instrument.conid) >>> 0);
  const regularMs = (hours.regular[1] - hours.regular[0]) * minuteMs;
  const uniform = (sigma: number) => (random.next() * 2 - 1) * sigma * Math.sqrt(3);
  const earliest = anchor.t - historyDays * dayMs;
  const ticks: Tick[] = [];
  let value = anchor.price;
  for (let index = dayAt(hours, anchor.t).index; ; index--) {
    const day = dayOfIndex(hours, index);
    if (day.extendedClose <= earliest) break;
    if (!isTradingDay(day)) continue;
    const spacing =
      anchor.t - day.extendedOpen <= minuteDetailDays * dayMs ? minuteMs : 15 * minuteMs;
    const sigma = traits.dailyVolatility * Math.sqrt(spacing / regularMs);
    const end = Math.min(day.extendedClose, anchor.t);
    for (
      let t = day.extendedOpen + Math.ceil((end - day.extendedOpen) / spacing - 1) * spacing;
      t >= day.extendedOpen;
      t -= spacing
    ) {
      ticks.push({ t, price: onGrid(traits, value), size: random.int(1, 20) * traits.lot });
      value = Math.min(traits.ceiling, value / (1 + uniform(sigma)));
    }
    value = Math.min(traits.ceiling, value / (1 + uniform(traits.dailyVolatility * 0.3)));
  }
  return ticks.reverse();
}

/** Seeded histories already generated, by seed, conid and anchor: they are pure functions of
 * those, so every market of the process shares them (a reset or another server on the same seed
 * finds them ready). The oldest are dropped beyond `cachedHistories`. */
const histories = new Map<string, Tick[]>();
const cachedHistories = 256;

function cachedHistory(seed: number, instrument: Instrument, anchor: Tick): Tick[] {
  const key = `${seed}|${instrument.conid}|${instrument.exchange}|${anchor.t}|${anchor.price}`;
  let ticks = histories.get(key);
  if (!ticks) {
    ticks = seededHistory(seed, instrument, anchor);
    histories.set(key, ticks);
    for (const oldest of histories.keys()) {
      if (histories.size <= cachedHistories) break;
      histories.delete(oldest);
    }
  }
  return ticks;
}

/** Every instrument's price path: the seeded history, then the trades recorded since the start
 * (each price the market is given is a trade at the clock's time). */
export class PricePath {
  /** The last whole path built per conid, reused while its parts are the same arrays and no
   * trade was recorded since. */
  readonly #paths = new Map<
    number,
    { history: Tick[]; recorded: readonly Tick[]; length: number; ticks: readonly Tick[] }
  >();

  constructor(
    private readonly store: Store,
    private readonly seed: number,
  ) {}

  /** Records a trade at `price`, time `t`. */
  record(instrument: Instrument, price: number, t: number): void {
    const recorded = this.store.collection('priceTicks');
    const ticks = recorded.get(String(instrument.conid)) ?? [];
    const size = traitsOf(instrument).lot * (1 + ((ticks.length * 7 + instrument.conid) % 10));
    ticks.push({ t, price, size });
    recorded.set(String(instrument.conid), ticks);
  }

  /** The trades recorded since the start, oldest first. */
  recorded(conid: number): readonly Tick[] {
    return this.store.collection('priceTicks').get(String(conid)) ?? [];
  }

  /** The whole path of the instrument, oldest first; empty without market data. */
  ticks(instrument: Instrument): readonly Tick[] {
    const recorded = this.recorded(instrument.conid);
    const anchor = recorded[0];
    if (!anchor) return [];
    const history = cachedHistory(this.seed, instrument, anchor);
    const built = this.#paths.get(instrument.conid);
    if (
      built?.history === history &&
      built.recorded === recorded &&
      built.length === recorded.length
    ) {
      return built.ticks;
    }
    const ticks = [...history, ...recorded];
    this.#paths.set(instrument.conid, { history, recorded, length: recorded.length, ticks });
    return ticks;
  }
}

/** Index of the first tick at or after `t` (ticks sorted by time). */
export function firstAtOrAfter(ticks: readonly Tick[], t: number): number {
  let low = 0;
  let high = ticks.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((ticks[middle] as Tick).t < t) low = middle + 1;
    else high = middle;
  }
  return low;
}
