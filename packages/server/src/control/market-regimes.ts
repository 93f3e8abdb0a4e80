import type { ControlSchema } from '@brokerage/types/control';
import type { Clock } from '../domain/kernel/clock.js';
import { badRequest, notFound } from '../domain/kernel/errors.js';
import type { MarketReplay } from '../domain/market/replay/market-replay.js';
import { advanceMarket, maxMarketJumpMs, regimeOf, setRegime } from '../domain/market/regimes.js';
import { advanceableClock, clockState } from './server-clock.js';
import { isWholeNumber, type PriceModel } from './shared.js';

/** The controls of market regimes: change a contract's, or jump the market forward by them. */
export class RegimeControls {
  readonly #model: PriceModel;
  readonly #clock: Clock;
  /** Replayed contracts follow their bars: a jump leaves them to their replay. */
  readonly #replays: Pick<MarketReplay, 'drives'>;

  constructor(model: PriceModel, clock: Clock, replays: Pick<MarketReplay, 'drives'>) {
    this.#model = model;
    this.#clock = clock;
    this.#replays = replays;
  }

  /** Changes parts of a contract's market regime (drift, volatility, halt, gap at open). */
  set(conid: number, changes: ControlSchema<'MarketRegimeRequest'>): ControlSchema<'MarketRegime'> {
    const { store, market } = this.#model;
    const instrument = market.instrument(conid);
    if (!instrument) throw notFound(`Contract ${conid} does not exist`);
    return { conid, ...setRegime(store, instrument, changes) };
  }

  /** Moves the clock forward a minute at a time with every open market trading on the way, each
   * contract by its regime (a replayed one by its bars); the jumped interval has its bars. */
  advance(ms: number): ControlSchema<'ClockState'> {
    if (!isWholeNumber(ms, 0) || ms > maxMarketJumpMs) {
      throw badRequest(`ms must be an integer from 0 to ${maxMarketJumpMs}`);
    }
    const clock = advanceableClock(this.#clock);
    const { store, market, random } = this.#model;
    advanceMarket(
      market,
      random,
      market.instruments().filter((instrument) => !this.#replays.drives(instrument.conid)),
      (instrument) => regimeOf(store, instrument),
      (step) => clock.advance(step),
      () => clock.now(),
      ms,
    );
    return clockState(clock);
  }
}
