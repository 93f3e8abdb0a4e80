import type { paths } from '@brokerage/types';
import type { Client } from 'openapi-fetch';
import { sleep, type Clock } from '../clock.js';
import { BrokerageApiError, BrokerageError } from '../errors.js';
import type { LiveOrder } from './numbers.js';

export interface LiveOrdersOptions {
  /** The account (an advisor's sub-account); the selected one when left out. */
  accountId?: string;
  /** Status and order tokens of the operation's `filters` (`submitted,filled`, `sort_by_time`). */
  filters?: string;
  /** Clears the service's cache of orders first (`force=true`); its answer is then empty. */
  force?: boolean;
  /** Requests at most (default 3) while the service answers `snapshot: false`. */
  maxAttempts?: number;
  /** Wait between requests (default 5 s: the operation's pacing, one call per 5 seconds). */
  intervalMs?: number;
  signal?: AbortSignal;
}

/** The service is still gathering the account's orders after `maxAttempts` requests. */
export class LiveOrdersNotReadyError extends BrokerageError {
  constructor(readonly attempts: number) {
    super(
      `Live orders still not known after ${attempts} requests (snapshot: false)`,
      'getOpenOrders',
    );
  }
}

/** The orders of the day. The service answers the first call of a session, and one with `force`,
 * with an empty list and `snapshot: false` while it starts following the account's orders: that
 * answer means "not known yet", so the list is asked again (without `force`) after `intervalMs`
 * of the client's clock until `snapshot` is true. */
export async function liveOrders(
  client: Client<paths>,
  clock: Clock,
  options: LiveOrdersOptions = {},
): Promise<LiveOrder[]> {
  const maxAttempts = options.maxAttempts ?? 3;
  const { signal } = options;
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    if (attempt > 1) await sleep(clock, options.intervalMs ?? 5000, signal);
    const query = {
      ...(options.accountId === undefined ? {} : { accountId: options.accountId }),
      ...(options.filters === undefined ? {} : { filters: options.filters }),
      ...(attempt === 1 && options.force ? { force: true } : {}),
    };
    const { data, error, response } = await client.GET('/v1/api/iserver/account/orders', {
      params: { query },
      ...(signal ? { signal } : {}),
    });
    if (error !== undefined || !data)
      throw new BrokerageApiError(response.status, 'getOpenOrders', error);
    if (data.snapshot !== false) return data.orders ?? [];
  }
  throw new LiveOrdersNotReadyError(maxAttempts);
}
