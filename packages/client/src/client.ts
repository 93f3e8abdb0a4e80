import type { paths } from '@brokerage/types';
import createClient, { type Client } from 'openapi-fetch';
import { authLayer } from './auth/layer.js';
import type { AuthProvider } from './auth/types.js';
import { noAuth } from './auth/simple.js';
import { systemClock, type Clock } from './clock.js';
import { BrokerageApiError } from './errors.js';
import { compose, type Fetch, type FetchLayer } from './fetch/layer.js';
import { defaultPacing, Pacer, pacingLayer, type PacingLimits } from './fetch/pacing.js';
import { defaultRetry, retryLayer, type RetryOptions } from './fetch/retry.js';
import { timeoutLayer } from './fetch/timeout.js';
import { KeepAlive, type KeepAliveOptions, type TickOutcome } from './keep-alive.js';
import type { SnapshotFieldName, SnapshotView } from './market-data/fields.js';
import {
  hmdsHistory,
  marketHistory,
  type HmdsPriceHistory,
  type PriceHistory,
} from './market-data/history.js';
import { marketSnapshot, type SnapshotOptions } from './market-data/snapshot.js';
import { operationOfResponseOrUrl, recordOperation } from './operations.js';
import { isTickleFailure } from './session/tickle.js';
import {
  placeOrder,
  resetSuppressedMessages,
  suppressMessages,
  type OrderRequest,
  type PlaceOrderOptions,
} from './orders/reply-loop.js';
import type { OrderSuccessEntry } from './orders/shapes.js';
import { liveOrders, type LiveOrdersOptions } from './orders/live-orders.js';
import type { LiveOrder } from './orders/numbers.js';
import type { QueryParams } from '@brokerage/types';
import { allPositions, type AllPositionsOptions, type Position } from './portfolio/positions.js';

export interface BrokerageClientOptions {
  /** The service's base address, e.g. `http://localhost:5000` (the document's paths carry `/v1/api`). */
  baseUrl: string;
  /** How requests carry credentials: `sessionCookie`, `bearerToken`, OAuth. By default none
   * (`noAuth()`), as the local gateway needs. */
  auth?: AuthProvider;
  /** The fetch to send requests with (default `globalThis.fetch`). */
  fetch?: Fetch;
  /** Client-side pacing: on with the gateway's limits by default; `'hosted'` for 50/s, `false` off. */
  pacing?: boolean | 'gateway' | 'hosted' | Partial<PacingLimits>;
  /** Retries on 429 (after Retry-After) and on 503 for GETs (backoff); `false` turns them off. */
  retry?: boolean | Partial<RetryOptions>;
  /** Pings `/tickle` to keep the session open; off by default. `close()` stops it. */
  keepAlive?: boolean | KeepAliveOptions;
  /** Per-attempt timeout (default 10 s), through the request's AbortSignal. */
  timeoutMs?: number;
  /** Time source for backoff, pacing, timeouts and keep-alive (default: real time). */
  clock?: Clock;
}

/** What a typed call resolves to (openapi-fetch's `FetchResponse`). */
interface CallResult {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/** The success branch's `data` of a typed call's result. */
export type DataOf<Result> = Result extends { data: infer Data } ? Data : never;

export interface BrokerageHelpers {
  /** The data of a typed call, or a `BrokerageApiError` carrying status, operation and parsed body. */
  ok<Result extends CallResult>(call: Promise<Result>): Promise<DataOf<Result>>;
  /** Places orders and confirms their warnings by `options.answer`; see `placeOrder`. */
  placeOrder(
    accountId: string,
    orders: OrderRequest | OrderRequest[],
    options?: PlaceOrderOptions,
  ): Promise<OrderSuccessEntry[]>;
  /** The orders of the day, asked again while the service answers `snapshot: false` (its first
   * answer of a session, or a forced one); see `liveOrders`. */
  liveOrders(options?: LiveOrdersOptions): Promise<LiveOrder[]>;
  /** Suppresses order warnings by message id for the session. */
  suppressMessages(messageIds: string[]): Promise<void>;
  /** Lifts every suppression. */
  resetSuppressedMessages(): Promise<void>;
  /** Snapshots by field names, re-asked until the fields arrive (the first request for a
   * contract only subscribes); each entry read by name with its numbers parsed. */
  marketSnapshot(
    conids: readonly number[],
    fields: readonly SnapshotFieldName[],
    options?: SnapshotOptions,
  ): Promise<SnapshotView[]>;
  /** History bars, typed, with `Date` start times. */
  marketHistory(
    query: QueryParams<'getMarketDataHistory'>,
    signal?: AbortSignal,
  ): Promise<PriceHistory>;
  /** History bars of the historical market-data service, typed, with `Date` start times (its
   * starting 404 asked again once). */
  hmdsHistory(
    query: QueryParams<'getHmdsHistory'>,
    signal?: AbortSignal,
  ): Promise<HmdsPriceHistory>;
  /** Every position of the account, over all pages; see `allPositions`. */
  allPositions(
    accountId: string,
    options?: AllPositionsOptions,
  ): AsyncGenerator<Position, void, undefined>;
  /** The running keep-alive, when enabled. */
  readonly keepAlive: KeepAlive | undefined;
  /** Stops the keep-alive and waits for its ping in flight; the client stays usable. */
  close(): Promise<void>;
}

/** The typed client of every operation of the document, plus the helpers. */
export type BrokerageClient = Client<paths> & BrokerageHelpers;

function pacingLimits(option: BrokerageClientOptions['pacing']): PacingLimits | undefined {
  if (option === false) return undefined;
  if (option === undefined || option === true || option === 'gateway')
    return defaultPacing('gateway');
  if (option === 'hosted') return defaultPacing('hosted');
  return { ...defaultPacing('gateway'), ...option };
}

function retryOptions(option: BrokerageClientOptions['retry']): RetryOptions | undefined {
  if (option === false) return undefined;
  return { ...defaultRetry, ...(option === true || option === undefined ? {} : option) };
}

/** Outermost layer: tags each response with its operation, for errors raised from it later. */
const recordOperationLayer: FetchLayer = (next) => async (request) => {
  const response = await next(request);
  recordOperation(response, request);
  return response;
};

export function createBrokerageClient(options: BrokerageClientOptions): BrokerageClient {
  const clock = options.clock ?? systemClock;
  const pacing = pacingLimits(options.pacing);
  const retry = retryOptions(options.retry);
  const base: Fetch = options.fetch ?? ((request) => globalThis.fetch(request));
  const layers: FetchLayer[] = [
    recordOperationLayer,
    ...(retry ? [retryLayer(clock, retry)] : []),
    ...(pacing ? [pacingLayer(clock, new Pacer(clock, pacing))] : []),
    timeoutLayer(clock, options.timeoutMs ?? 10_000),
    authLayer(options.auth ?? noAuth()),
  ];
  const client = createClient<paths>({ baseUrl: options.baseUrl, fetch: compose(base, layers) });

  const ping = async (signal: AbortSignal): Promise<TickOutcome> => {
    const { data, error, response } = await client.POST('/v1/api/tickle', { signal });
    if (response.status === 401) return { kind: 'unauthorized', detail: error };
    // A ping the service accepted without processing it (200 with only an error text) says
    // nothing of the session: it counts as a failed ping, retried like one.
    if (error !== undefined || isTickleFailure(data))
      return {
        kind: 'failed',
        error: new BrokerageApiError(response.status, 'tickle', error ?? data),
      };
    // An answer without the brokerage session's state does not say it is open.
    const authStatus = data.iserver?.authStatus;
    return authStatus?.authenticated === true
      ? { kind: 'alive' }
      : { kind: 'brokerageClosed', detail: authStatus };
  };
  // A lost or competing brokerage session: `compete` takes it back from the other login.
  const reopen = async (signal: AbortSignal): Promise<void> => {
    const { error, response } = await client.POST('/v1/api/iserver/auth/ssodh/init', {
      body: { publish: true, compete: true },
      signal,
    });
    if (error !== undefined) throw new BrokerageApiError(response.status, 'ssodh/init', error);
  };
  const keepAlive =
    options.keepAlive === undefined || options.keepAlive === false
      ? undefined
      : new KeepAlive(ping, clock, options.keepAlive === true ? {} : options.keepAlive, reopen);
  keepAlive?.start();

  const helpers: BrokerageHelpers = {
    async ok<Result extends CallResult>(call: Promise<Result>): Promise<DataOf<Result>> {
      const result = await call;
      if (!result.response.ok) {
        throw new BrokerageApiError(
          result.response.status,
          operationOfResponseOrUrl(result.response),
          result.error,
        );
      }
      return result.data as DataOf<Result>;
    },
    placeOrder: (accountId, orders, placeOptions) =>
      placeOrder(client, accountId, orders, placeOptions),
    liveOrders: (ordersOptions) => liveOrders(client, clock, ordersOptions),
    suppressMessages: (messageIds) => suppressMessages(client, messageIds),
    resetSuppressedMessages: () => resetSuppressedMessages(client),
    marketSnapshot: (conids, fields, snapshotOptions) =>
      marketSnapshot(client, clock, conids, fields, snapshotOptions),
    marketHistory: (query, signal) => marketHistory(client, query, signal),
    hmdsHistory: (query, signal) => hmdsHistory(client, query, signal),
    allPositions: (accountId, positionsOptions) =>
      allPositions(client, accountId, positionsOptions),
    keepAlive,
    close: async () => {
      await keepAlive?.stop();
    },
  };
  return Object.assign(client, helpers);
}
