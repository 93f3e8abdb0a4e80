import type { Ok, paths, QueryParams } from '@brokerage/types';
import type { Client } from 'openapi-fetch';
import { BrokerageApiError } from '../errors.js';

/** A position as the paged positions operation gives it. */
export type Position = Ok<'getPositions'>[number];

/** Sorting and filtering of the paged positions (`model`, `sort`, `direction`, ...). */
export type PositionsQuery = NonNullable<QueryParams<'getPositions'>>;

export interface AllPositionsOptions {
  query?: PositionsQuery;
  signal?: AbortSignal;
}

/** The most positions a page holds: a shorter page is the last. */
export const positionsPageSize = 100;

/** Every position of an account, read page after page (from page 0, until a page holds fewer
 * than 100) and yielded one at a time. The service serves the pages from its positions cache,
 * so they are one consistent snapshot; invalidate the cache first to see recent executions.
 * A failed page throws `BrokerageApiError`. The portfolio accounts must have been listed in the
 * session first, as for any portfolio call. */
export async function* allPositions(
  client: Client<paths>,
  accountId: string,
  options: AllPositionsOptions = {},
): AsyncGenerator<Position, void, undefined> {
  for (let pageId = 0; ; pageId++) {
    const { data, error, response } = await client.GET(
      '/v1/api/portfolio/{accountId}/positions/{pageId}',
      {
        params: { path: { accountId, pageId }, ...(options.query ? { query: options.query } : {}) },
        ...(options.signal ? { signal: options.signal } : {}),
      },
    );
    if (error !== undefined) throw new BrokerageApiError(response.status, 'getPositions', error);
    yield* data;
    if (data.length < positionsPageSize) return;
  }
}
