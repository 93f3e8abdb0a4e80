import type { Brokerage } from '../accounts/brokerage.js';
import type { Session } from '../auth/sessions.js';
import { badRequest } from '../kernel/errors.js';
import { parseDashedTimestamp } from '../kernel/time-format.js';
import type { BarSource } from './bars.js';
import {
  historyOf,
  parseBarSize,
  parsePeriod,
  type History,
  type HistoryRequest,
} from './history.js';
import { marketDataTexts } from './market-data-texts.js';
import { marketStateAt, type MarketState } from './market-state.js';
import { regimeOf } from './regimes.js';
import { runScan, type ScanRequest, type ScanResult } from './scanner.js';
import type { Instrument } from './model.js';

/** Delayed data lags the market by this much. */
export const delayMs = 15 * 60_000;

/** The exchanges each demo user sees delayed (no real-time subscription); real time elsewhere. */
const delayedExchangesByUser: Record<string, readonly string[]> = {
  demo_individual: ['IBIS'],
  demo_broker: ['NYSE', 'IBIS'],
};

/** A session's market-data subscription to one contract (started by its first snapshot). */
export interface MarketDataSubscription {
  sessionId: string;
  conid: number;
  since: number;
}

/** What one snapshot answers for a contract. */
export type SnapshotEntry =
  | { conid: number; subscribed: false }
  | {
      conid: number;
      subscribed: true;
      instrument: Instrument;
      state: MarketState | undefined;
      availability: string;
      /** Trading is halted (the market regime). */
      halted: boolean;
    };

/** The history operation's query, as the service takes it. */
export interface HistoryQuery {
  conid: number;
  period: string;
  bar: string;
  outsideRth?: boolean;
  startTime?: string;
  direction?: -1 | 1;
  source?: string;
}

const sources: Record<string, BarSource> = {
  last: 'Last',
  trades: 'Last',
  midpoint: 'Midpoint',
  bid_ask: 'Bid_Ask',
  bidask: 'Bid_Ask',
};

/** Market data for sessions: snapshots with their subscriptions, and history bars, all read from
 * the market's price path. */
export class MarketData {
  constructor(private readonly brokerage: Brokerage) {}

  #subscriptions() {
    return this.brokerage.store.collection('marketDataSubscriptions');
  }

  /** `R` (real time) or `D` (delayed) for the session's user on the instrument's exchange, then
   * `p` (consolidated) and `B` (top of book): field 6509. */
  availability(session: Session, instrument: Instrument): string {
    const delayed = delayedExchangesByUser[session.username]?.includes(instrument.exchange);
    return `${delayed ? 'D' : 'R'}pB`;
  }

  /** A snapshot of each contract; the first request for a contract starts its subscription and
   * answers no fields yet. Needs `/iserver/accounts` first in the session. */
  snapshot(session: Session, conids: number[]): SnapshotEntry[] {
    if (!session.accountsQueried) throw badRequest(marketDataTexts.accountsFirst);
    const now = this.brokerage.clock.now();
    return conids.map((conid) => {
      const key = `${session.id}|${conid}`;
      const instrument = this.brokerage.market.instrument(conid);
      if (!instrument || !this.#subscriptions().get(key)) {
        if (instrument)
          this.#subscriptions().set(key, { sessionId: session.id, conid, since: now });
        return { conid, subscribed: false };
      }
      const availability = this.availability(session, instrument);
      const asOf = availability.startsWith('D') ? now - delayMs : now;
      return {
        conid,
        subscribed: true,
        instrument,
        state: marketStateAt(instrument, this.brokerage.market.path, asOf),
        availability,
        halted: regimeOf(this.brokerage.store, instrument).halted,
      };
    });
  }

  /** Ends the session's subscription to the contract (none is fine). */
  unsubscribe(session: Session, conid: number): void {
    this.#subscriptions().delete(`${session.id}|${conid}`);
  }

  /** Ends every subscription of the session. */
  unsubscribeAll(session: Session): void {
    for (const subscription of this.#subscriptions().values()) {
      if (subscription.sessionId === session.id) this.unsubscribe(session, subscription.conid);
    }
  }

  /** Bars of the contract's price path for the query. */
  history(query: HistoryQuery): {
    instrument: Instrument;
    request: HistoryRequest;
    history: History;
  } {
    const instrument = this.brokerage.market.instrument(query.conid);
    if (!instrument) throw badRequest(marketDataTexts.unknownContract(query.conid));
    if (this.brokerage.market.price(query.conid) === undefined) {
      throw badRequest(marketDataTexts.noMarketData(query.conid));
    }
    const startTime =
      query.startTime === undefined ? undefined : parseDashedTimestamp(query.startTime);
    if (query.startTime !== undefined && startTime === undefined) {
      throw badRequest(marketDataTexts.invalidStartTime(query.startTime));
    }
    if (query.direction === 1 && startTime === undefined) {
      throw badRequest(marketDataTexts.directionNeedsStartTime);
    }
    const request: HistoryRequest = {
      period: parsePeriod(query.period),
      bar: parseBarSize(query.bar),
      startTime,
      direction: query.direction ?? -1,
      outsideRth: query.outsideRth ?? false,
      source: sources[(query.source ?? 'Last').toLowerCase()] ?? 'Last',
    };
    const history = historyOf(
      this.brokerage.market.path,
      instrument,
      request,
      this.brokerage.clock.now(),
    );
    return { instrument, request, history };
  }

  /** A scan over the catalogue's unexpired contracts, from their current prices. */
  scan(request: ScanRequest): ScanResult {
    const { market, store, clock } = this.brokerage;
    const instruments = store
      .collection('instruments')
      .values()
      .filter((instrument) => !market.isExpired(instrument));
    return runScan(instruments, market.path, request, clock.now());
  }
}
