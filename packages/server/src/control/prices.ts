import type { ControlSchema } from '@brokerage/types/control';
import type { Clock } from '../domain/kernel/clock.js';
import { badRequest, notFound } from '../domain/kernel/errors.js';
import type { TimedTasks } from '../domain/kernel/timed-tasks.js';
import { isValidPrice, maxPrice } from '../domain/market/market.js';
import { walkPrices } from '../domain/market/price-walk.js';
import type { MarketReplay } from '../domain/market/replay/market-replay.js';
import { isWholeNumber, type PriceModel } from './shared.js';

type PriceEntry = ControlSchema<'Price'>;
type PriceWalkRequest = ControlSchema<'PriceWalkRequest'>;

/** The steps still to come of a walk with an interval, as its stored task keeps them. */
interface WalkTask {
  conids: number[];
  stepPercent: number;
  intervalMs: number;
  stepsLeft: number;
}

/** The controls of prices: set them, or walk them at once or on the clock. */
export class PriceControls {
  readonly #model: PriceModel;
  readonly #clock: Clock;
  readonly #timedTasks: TimedTasks;
  /** Replayed contracts follow their bars: a walk leaves them alone. */
  readonly #replays: Pick<MarketReplay, 'drives'>;

  /** `timedTasks`: the brokerage's timed work, kept in the store (a walk with an interval is a
   * task, which goes on whichever process runs it, and goes with the state on a reset). */
  constructor(
    model: PriceModel,
    clock: Clock,
    timedTasks: TimedTasks,
    replays: Pick<MarketReplay, 'drives'>,
  ) {
    this.#model = model;
    this.#clock = clock;
    this.#timedTasks = timedTasks;
    this.#replays = replays;
    timedTasks.define<WalkTask>('priceWalk', (walk, dueAt) => {
      this.#walkStep(walk.conids, walk.stepPercent);
      if (walk.stepsLeft <= 1) return undefined;
      return { dueAt: dueAt + walk.intervalMs, args: { ...walk, stepsLeft: walk.stepsLeft - 1 } };
    });
  }

  setPrice(conid: number, price: number): PriceEntry {
    this.setPrices([{ conid, price }]);
    return { conid, price };
  }

  /** Sets every price or none: an unknown contract or a bad price changes nothing. */
  setPrices(prices: PriceEntry[]): PriceEntry[] {
    const { market } = this.#model;
    for (const { conid, price } of prices) {
      if (!market.instrument(conid)) throw notFound(`Contract ${conid} does not exist`);
      if (!isValidPrice(price)) {
        throw badRequest(`The price of ${conid} must be above 0 and at most ${maxPrice}`);
      }
    }
    for (const { conid, price } of prices) market.setPrice(conid, price);
    return prices.map(({ conid, price }) => ({ conid, price }));
  }

  /** Moves every price with market data (or those of `conids`) by a random walk from the
   * server's seeded source: at once, or with `intervalMs` one step each interval of the server's
   * clock (the answer is then the prices before the first step). */
  walkPrices(walk: PriceWalkRequest = {}): PriceEntry[] {
    const { market, random } = this.#model;
    const steps = walk.steps ?? 1;
    const stepPercent = walk.stepPercent ?? 0.5;
    if (!isWholeNumber(steps, 1) || steps > 1000)
      throw badRequest('steps must be an integer from 1 to 1000');
    if (!(stepPercent > 0 && stepPercent <= 50))
      throw badRequest('stepPercent must be above 0 and at most 50');
    const { intervalMs } = walk;
    if (intervalMs !== undefined && (!isWholeNumber(intervalMs, 1) || intervalMs > 86_400_000))
      throw badRequest('intervalMs must be an integer from 1 to 86400000');
    const conids = walk.conids ?? this.#walkedConids();
    for (const conid of walk.conids ?? []) {
      if (market.price(conid) === undefined)
        throw badRequest(`Contract ${conid} has no price to walk`);
    }
    if (intervalMs === undefined) {
      const prices = walkPrices(market, random, conids, { steps, stepPercent });
      return [...prices].map(([conid, price]) => ({ conid, price }));
    }
    const walkTask: WalkTask = { conids, stepPercent, intervalMs, stepsLeft: steps };
    this.#timedTasks.add('priceWalk', this.#clock.now() + intervalMs, walkTask);
    return conids.flatMap((conid) => {
      const price = market.price(conid);
      return price === undefined ? [] : [{ conid, price }];
    });
  }

  /** One step of a walk with an interval. */
  #walkStep(conids: number[], stepPercent: number): void {
    const { market, random } = this.#model;
    walkPrices(market, random, conids, { steps: 1, stepPercent });
  }

  /** Every contract with market data but options (their prices follow their underlyings'
   * through the pricing model) and replayed ones. */
  #walkedConids(): number[] {
    return this.#model.market
      .instruments()
      .filter(
        (instrument) => instrument.option === undefined && !this.#replays.drives(instrument.conid),
      )
      .map((instrument) => instrument.conid);
  }
}
