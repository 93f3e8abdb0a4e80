import { badRequest, DomainError, notFound } from '../domain/kernel/errors.js';
import type { MarketDataSource } from '../domain/market/replay/market-data-source.js';
import type { MarketReplay, ReplayState } from '../domain/market/replay/market-replay.js';

/** A replay the server starts with, and starts again after each reset. */
export interface ConfiguredReplay {
  conid: number;
  source: MarketDataSource;
}

// The replays' timers live in this process; processes sharing a store would each replay.
const needsOneProcess = () => badRequest('Market replay needs the in-memory store (one process)');

/** The controls of market replays: start, stop and list them; the configured ones start with
 * the server and again after each reset. */
export class ReplayControls {
  readonly #replays: MarketReplay;
  readonly #configured: readonly ConfiguredReplay[];
  readonly #sharedStore: boolean;

  /** `sharedStore`: processes share the store (timed work is kept as data there). */
  constructor(
    replays: MarketReplay,
    configured: readonly ConfiguredReplay[],
    sharedStore: boolean,
  ) {
    this.#replays = replays;
    this.#configured = configured;
    this.#sharedStore = sharedStore;
    this.startConfigured(false);
  }

  /** Replays market data on a contract from now on, in place of a replay it had: its price
   * follows the bars on the server's clock (walks and regimes leave it alone). Takes the domain's
   * source, wider than the document's request (a saved history answer may be any value here:
   * the replay checks it), so that the in-process API accepts what it always did. */
  start(conid: number, source: MarketDataSource): ReplayState {
    if (this.#sharedStore) throw needsOneProcess();
    return this.#replays.start(conid, source);
  }

  /** The exchange of the contract a replay would drive (its bars are read for its days). */
  exchangeOf(conid: number): string {
    if (this.#sharedStore) throw needsOneProcess();
    const exchange = this.#replays.exchangeOf(conid);
    if (exchange === undefined) throw notFound(`Contract ${conid} does not exist`);
    return exchange;
  }

  /** Ends a contract's replay; its price stays where the replay left it. */
  stop(conid: number): void {
    if (!this.#replays.stop(conid)) throw notFound(`Contract ${conid} is not replayed`);
  }

  list(): ReplayState[] {
    return this.#replays.list();
  }

  /** Ends every replay (a reset, before the state is emptied). */
  stopAll(): void {
    this.#replays.stopAll();
  }

  /** The configured replays: at the start from their first bar, after a reset (`fromNow`) from
   * the bars still to come. */
  startConfigured(fromNow: boolean): void {
    if (this.#configured.length > 0 && this.#sharedStore) throw needsOneProcess();
    for (const { conid, source } of this.#configured) {
      try {
        this.#replays.start(conid, source, { fromNow });
      } catch (error) {
        // Several replays may be configured: the error says which one has the bad data.
        if (!(error instanceof DomainError)) throw error;
        throw new DomainError(error.kind, `Market replay of ${conid}: ${error.message}`);
      }
    }
  }
}
