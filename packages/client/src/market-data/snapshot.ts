import type { paths } from '@brokerage/types';
import type { Client } from 'openapi-fetch';
import { sleep, type Clock } from '../clock.js';
import { BrokerageApiError } from '../errors.js';
import {
  fieldsParameter,
  snapshotFieldCodes,
  viewSnapshot,
  type SnapshotEntry,
  type SnapshotFieldName,
  type SnapshotView,
} from './fields.js';

export interface SnapshotOptions {
  /** Requests at most (default 5): the first one for a contract only subscribes. */
  maxAttempts?: number;
  /** Wait between requests (default 500 ms; the service allows 10 snapshots a second). */
  intervalMs?: number;
  signal?: AbortSignal;
}

/** Whether the entry answers at least one of the asked fields (a subscribed contract without
 * market data never answers more). */
const hasFields = (entry: SnapshotEntry, codes: readonly string[]) =>
  codes.some((code) => code in entry);

/** Snapshots of `conids` by field names, re-asked until every contract answers fields or
 * `maxAttempts` requests were made (the service's first request for a contract only starts its
 * subscription). Answers one view per contract, in the order asked. */
export async function marketSnapshot(
  client: Client<paths>,
  clock: Clock,
  conids: readonly number[],
  fields: readonly SnapshotFieldName[],
  options: SnapshotOptions = {},
): Promise<SnapshotView[]> {
  const codes = fields.map((name) => snapshotFieldCodes[name]);
  const maxAttempts = options.maxAttempts ?? 5;
  let entries: SnapshotEntry[] = [];
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    if (attempt > 1) await sleep(clock, options.intervalMs ?? 500, options.signal);
    const { data, error, response } = await client.GET('/v1/api/iserver/marketdata/snapshot', {
      params: { query: { conids: conids.join(','), fields: fieldsParameter(fields) } },
      ...(options.signal ? { signal: options.signal } : {}),
    });
    if (error !== undefined || !data) {
      throw new BrokerageApiError(response.status, 'getMarketDataSnapshot', error);
    }
    entries = data;
    if (entries.every((entry) => hasFields(entry, codes))) break;
  }
  // Only the fields asked: the service's entry carries every field asked for the contract so far.
  return entries.map((entry) => viewSnapshot(entry, fields));
}
