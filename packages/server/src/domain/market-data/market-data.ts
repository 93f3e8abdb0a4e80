// The market-data service: snapshots and their subscriptions, history bars, scanners.
// Over 300 lines: one service whose operations share the sessions' subscriptions and the rules of
// delayed data; its fields, views and texts are apart.
import { streamedFields } from './accumulated-fields.js';
import type { AreaContext } from '../accounts/brokerage.js';
import type { Session } from '../accounts/sessions.js';
import { badRequest, notFound, rejected } from '../kernel/errors.js';
import { nextInSequence } from '../kernel/sequences.js';
import type { Index } from '../kernel/store.js';
import { parseDashedTimestamp } from '../kernel/time-format.js';
import type { BarSource } from '../market/bars.js';
import {
  historyOf,
  parseBarSize,
  parsePeriod,
  type History,
  type HistoryRequest,
} from './history.js';
import { marketDataTexts } from './market-data-texts.js';
import { marketStateAt, type MarketState } from '../market/market-state.js';
import { regimeOf } from '../market/regimes.js';
import { runScan, type ScanRequest, type ScanResult } from './scanner.js';
import type { Instrument } from '../market/model.js';
import { optionValuation } from '../market/option-chains.js';
import type { OptionValuation } from '../market/option-pricing.js';
import { withCash } from '../accounts/cash.js';
import { knownToSession } from '../contracts/secdef.js';
import { valuePosition } from '../accounts/valuation.js';
import type { Holding } from './snapshot-fields.js';
import type { MarketDataStore } from './store-view.js';

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
  /** Every field code asked for the contract since the subscription began, while the user's
   * snapshot fields accumulate (`accumulated-fields.ts`). */
  fields?: string[];
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
      /** Options: the model's valuation at the underlying's current price. */
      option?: OptionValuation;
      /** The session's selected account's position in the contract, valued; none when flat. */
      holding: Holding | undefined;
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

/** The history operations' `source` and `barType` values (any case); others read trades. */
const sources: Record<string, BarSource> = {
  last: 'Last',
  trades: 'Last',
  midpoint: 'Midpoint',
  bid_ask: 'Bid_Ask',
  bidask: 'Bid_Ask',
  bid: 'Bid',
  ask: 'Ask',
};

/** The `/hmds/history` query: the same bars as `/iserver/marketdata/history`, but `direction`
 * counts the other way (1, the default, ends the period at `startTime`; -1 begins it there) and
 * `barType` names the source. */
export interface HmdsHistoryQuery extends Omit<HistoryQuery, 'direction' | 'source'> {
  direction?: -1 | 1;
  barType?: string;
}

/** An `/hmds/scanner/run` request, as the service takes it: the location and the filters under
 * their plural names, or the singular ones some clients send (the plural wins). */
export interface HmdsScanRequest {
  instrument?: string;
  locations?: string;
  location?: string;
  scanCode?: string;
  maxItems?: number;
  /** Each filter an object of one or more `code: value` pairs. */
  filters?: Record<string, unknown>[];
  filter?: Record<string, unknown>[];
}

/** At most this many contracts per `/iserver/scanner/run`, and per `/hmds/scanner/run`. */
export const maxScanResults = 50;
export const maxHmdsScanResults = 250;

/** What a regulatory snapshot costs, in US dollars, when the user has no real-time data on the
 * contract's exchange. */
export const regulatorySnapshotFee = 0.01;

export type MarketDataContext = AreaContext<
  'clock',
  'sessions' | 'market' | 'account' | 'keepAccount',
  MarketDataStore
>;

/** Market data for sessions: snapshots with their subscriptions, and history bars, all read from
 * the market's price path. */
export class MarketData {
  readonly #bySession: Index<MarketDataSubscription>;

  constructor(private readonly context: MarketDataContext) {
    this.#bySession = this.#subscriptions().index(
      'bySession',
      (subscription) => subscription.sessionId,
    );
  }

  #subscriptions() {
    return this.context.store.collection('marketDataSubscriptions');
  }

  /** `R` (real time) or `D` (delayed) for the session's user on the instrument's exchange, then
   * `p` (consolidated) and `B` (top of book): field 6509. */
  availability(session: Session, instrument: Instrument): string {
    const delayed = delayedExchangesByUser[session.username]?.includes(instrument.exchange);
    return `${delayed ? 'D' : 'R'}pB`;
  }

  /** A snapshot of each contract; the first request for a contract starts its subscription and
   * answers no fields yet. Needs `/iserver/accounts` first in the session; a derivative whose
   * underlying the session did not search answers no fields and is not subscribed. */
  snapshot(session: Session, conids: number[]): SnapshotEntry[] {
    if (!session.accountsQueried) throw badRequest(marketDataTexts.accountsFirst);
    const now = this.context.clock.now();
    return conids.map((conid) => {
      const key = `${session.id}|${conid}`;
      const { market } = this.context.accounts;
      const instrument = market.instrument(conid);
      if (!instrument || !knownToSession(market, session, instrument)) {
        return { conid, subscribed: false };
      }
      if (!this.#subscriptions().get(key)) {
        // Kept until the session's single sign-on ends, the latest it can (a session ended
        // earlier cannot read it).
        this.#subscriptions().set(
          key,
          { sessionId: session.id, conid, since: now },
          { expiresAt: now + this.context.accounts.sessions.ssoRemainingMs(session) },
        );
        return { conid, subscribed: false };
      }
      return this.#entry(session, instrument, now);
    });
  }

  /** What the stream sends of a contract (`smd`): the snapshot's entry as of now, without the
   * snapshot operation's subscription steps; a contract unknown to the session has no fields. */
  streamEntry(session: Session, conid: number): SnapshotEntry {
    const { market } = this.context.accounts;
    const instrument = market.instrument(conid);
    if (!instrument || !knownToSession(market, session, instrument)) {
      return { conid, subscribed: false };
    }
    return this.#entry(session, instrument, this.context.clock.now());
  }

  /** The fields an `smd` stream of the contract carries, subscribed for `asked` with `before`
   * open on the socket (see `streamedFields`: the union while the user's fields accumulate). */
  streamFields(
    session: Session,
    conid: number,
    asked: string[] | undefined,
    before: { fields: string[] | undefined } | undefined,
  ): string[] | undefined {
    return streamedFields(this.context.store, session, conid, asked, before);
  }

  #entry(session: Session, instrument: Instrument, now: number): SnapshotEntry {
    const availability = this.availability(session, instrument);
    const asOf = availability.startsWith('D') ? now - delayMs : now;
    const option = this.#optionValuation(instrument, now);
    return {
      conid: instrument.conid,
      subscribed: true,
      instrument,
      state: marketStateAt(instrument, this.context.accounts.market.path, asOf),
      availability,
      halted: regimeOf(this.context.store, instrument).halted,
      ...(option === undefined ? {} : { option }),
      holding: this.#holding(session, instrument.conid),
    };
  }

  #optionValuation(instrument: Instrument, now: number): OptionValuation | undefined {
    const underlying = instrument.option?.underlyingConid;
    const spot =
      underlying === undefined ? undefined : this.context.accounts.market.price(underlying);
    return spot === undefined ? undefined : optionValuation(instrument, spot, now);
  }

  /** The selected account's position in the contract, valued; undefined when flat. */
  #holding(session: Session, conid: number): Holding | undefined {
    const position = this.context.accounts
      .account(session.selectedAccountId)
      ?.positions.find((held) => held.conid === conid);
    const value = position && valuePosition(position, this.context.accounts.market);
    return position && value ? { position, value } : undefined;
  }

  /** Ends the session's subscription to the contract; without one, the service's 500. */
  unsubscribe(session: Session, conid: number): void {
    if (!this.#subscriptions().delete(`${session.id}|${conid}`)) {
      throw rejected(marketDataTexts.notSubscribed(conid));
    }
  }

  /** Ends every subscription of the session. */
  unsubscribeAll(session: Session): void {
    for (const subscription of this.#bySession.get(session.id)) {
      this.unsubscribe(session, subscription.conid);
    }
  }

  /** Bars of the contract's price path for the query. */
  history(query: HistoryQuery): {
    instrument: Instrument;
    request: HistoryRequest;
    history: History;
  } {
    const instrument = this.context.accounts.market.instrument(query.conid);
    if (!instrument) throw badRequest(marketDataTexts.unknownContract(query.conid));
    if (this.context.accounts.market.price(query.conid) === undefined) {
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
      this.context.accounts.market.path,
      instrument,
      request,
      this.context.clock.now(),
    );
    return { instrument, request, history };
  }

  /** The session's first request to the historical market-data service (`/hmds/history`,
   * `/hmds/scanner/run`) answers 404 while it starts it, as the service does; later ones pass. */
  #hmdsStarted(session: Session): void {
    const started = this.context.store.collection('hmdsSessions');
    if (started.get(session.id)) return;
    started.set(session.id, { sessionId: session.id });
    throw notFound(marketDataTexts.hmdsPreflight);
  }

  /** The same bars for an `/hmds/history` query (after the session's preflight). */
  hmdsHistory(session: Session, query: HmdsHistoryQuery): ReturnType<MarketData['history']> {
    this.#hmdsStarted(session);
    const { barType, direction, ...rest } = query;
    return this.history({
      ...rest,
      ...(direction === undefined ? {} : { direction: direction === 1 ? -1 : 1 }),
      ...(barType === undefined ? {} : { source: barType }),
    });
  }

  /** A real-time snapshot of one contract's quote and last trade, whatever the user's
   * market-data permissions; charged to the session's selected account when the user has no
   * real-time data on the contract's exchange. */
  regulatorySnapshot(
    session: Session,
    conid: number,
  ): { instrument: Instrument; state: MarketState } {
    const { clock } = this.context;
    const { market } = this.context.accounts;
    const instrument = market.instrument(conid);
    if (!instrument) throw badRequest(marketDataTexts.unknownContract(conid));
    const state = marketStateAt(instrument, market.path, clock.now());
    if (!state) throw badRequest(marketDataTexts.noMarketData(conid));
    if (this.availability(session, instrument).startsWith('D')) {
      const account = this.context.accounts.account(session.selectedAccountId);
      if (account)
        this.context.accounts.keepAccount(withCash(account, 'USD', -regulatorySnapshotFee));
    }
    return { instrument, state };
  }

  /** A scan over the catalogue's unexpired contracts, from their current prices. */
  scan(request: ScanRequest, limit = maxScanResults): ScanResult {
    const { clock } = this.context;
    const { market } = this.context.accounts;
    const instruments = market.instruments().filter((instrument) => !market.isExpired(instrument));
    return runScan(instruments, market.path, request, clock.now(), limit);
  }

  /** An `/hmds/scanner/run` scan (after the session's preflight), named `scanner<N>` by a count
   * of the brokerage's scans. */
  hmdsScan(session: Session, request: HmdsScanRequest): ScanResult & { id: string } {
    this.#hmdsStarted(session);
    const result = this.scan(
      {
        instrument: request.instrument ?? '',
        type: request.scanCode ?? '',
        location: request.locations ?? request.location ?? '',
        filter: (request.filters ?? request.filter ?? []).flatMap((pairs) =>
          Object.entries(pairs).map(([code, value]) => ({ code, value })),
        ),
      },
      Math.min(request.maxItems ?? maxHmdsScanResults, maxHmdsScanResults),
    );
    const id = `scanner${nextInSequence(this.context.store, 'hmdsScanner', 0)}`;
    return { ...result, id };
  }
}
