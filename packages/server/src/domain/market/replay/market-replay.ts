import type { Clock } from '../../kernel/clock.js';
import { badRequest, notFound } from '../../kernel/errors.js';
import type { Market } from '../market.js';
import { tradesOfBar, type BarTrade } from './bar-path.js';
import { replayBarsOf, type MarketDataSource } from './market-data-source.js';
import type { ReplayBars, SourceBar } from './replay-bars.js';

/** A contract's replay as the control API shows it. */
export interface ReplayState {
  conid: number;
  bars: number;
  /** Width of a bar, milliseconds. */
  barMs: number;
  /** Start of the first bar and end of the last, epoch milliseconds. */
  from: number;
  to: number;
  /** Bars whose trades all happened. */
  replayed: number;
}

interface Running {
  conid: number;
  replay: ReplayBars;
  /** The next trade to make: bar `bar`, trade `trade` of its four. */
  bar: number;
  trade: number;
  cancel: () => void;
}

const iso = (t: number) => new Date(t).toISOString();

/** Drives contracts' prices from replayed bars on the clock: each bar is four trades
 * (`tradesOfBar`) made through `Market.setPrice` at their own times, so snapshots, history, the
 * stream, fills, alerts and valuation all read the one price path. One timer per contract, for
 * its next trade: a manual clock moved by a day runs the day's trades in order. */
export class MarketReplay {
  readonly #running = new Map<number, Running>();

  constructor(
    private readonly market: Market,
    private readonly clock: Clock,
  ) {}

  /** Replays `source` on `conid` from its first bar, replacing a replay it had. The first bar
   * must not start before the clock's time (the path cannot take trades in its past); with
   * `fromNow`, the bars already passed are skipped instead (a replay set again after a reset). */
  start(conid: number, source: MarketDataSource, options: { fromNow?: boolean } = {}): ReplayState {
    const instrument = this.market.instrument(conid);
    if (!instrument) throw notFound(`Contract ${conid} does not exist`);
    const replay = replayBarsOf(source, instrument);
    const now = this.clock.now();
    const first = replay.bars.at(0) as SourceBar;
    if (first.t < now && !options.fromNow) {
      throw badRequest(
        `The bars of ${conid} start at ${iso(first.t)}, before the clock's time ${iso(now)}: start the clock before them, or move them to a later day (day)`,
      );
    }
    this.stop(conid);
    const running: Running = { conid, replay, bar: 0, trade: 0, cancel: () => undefined };
    while (running.bar < replay.bars.length && (this.#next(running) as BarTrade).t < now) {
      this.#moveOn(running);
    }
    this.#running.set(conid, running);
    this.#arm(running);
    return this.#state(running);
  }

  /** The exchange of the contract `conid`, or undefined when there is none. */
  exchangeOf(conid: number): string | undefined {
    return this.market.instrument(conid)?.exchange;
  }

  /** Ends the replay of `conid` (the price stays where it was); false when there was none. */
  stop(conid: number): boolean {
    const running = this.#running.get(conid);
    running?.cancel();
    return this.#running.delete(conid);
  }

  stopAll(): void {
    for (const conid of [...this.#running.keys()]) this.stop(conid);
  }

  /** Whether a replay drives the contract's price (walks and regimes leave it alone). */
  drives(conid: number): boolean {
    return this.#running.has(conid);
  }

  list(): ReplayState[] {
    return [...this.#running.values()].map((running) => this.#state(running));
  }

  #state(running: Running): ReplayState {
    const { bars, barMs } = running.replay;
    return {
      conid: running.conid,
      bars: bars.length,
      barMs,
      from: bars.time(0),
      to: bars.time(bars.length - 1) + barMs,
      replayed: running.bar,
    };
  }

  #next(running: Running): BarTrade | undefined {
    const bar = running.replay.bars.at(running.bar);
    return bar && tradesOfBar(bar, running.replay.barMs)[running.trade];
  }

  #moveOn(running: Running): void {
    running.trade++;
    if (running.trade === 4) {
      running.trade = 0;
      running.bar++;
    }
  }

  /** Sets a timer for the next trade; at it, makes every trade now due, in order. */
  #arm(running: Running): void {
    const next = this.#next(running);
    if (!next) return;
    running.cancel = this.clock.schedule(next.t - this.clock.now(), () => {
      for (
        let trade = this.#next(running);
        trade && trade.t <= this.clock.now();
        trade = this.#next(running)
      ) {
        this.#moveOn(running);
        this.market.setPrice(running.conid, trade.price, trade);
      }
      this.#arm(running);
    });
  }
}
