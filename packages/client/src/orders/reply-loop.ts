import type { Body, paths } from '@brokerage/types';
import type { Client } from 'openapi-fetch';
import { BrokerageApiError, BrokerageError } from '../errors.js';
import {
  OrderRejectedError,
  ReplyInvalidatedError,
  TooManyRoundsError,
  WarningDeclinedError,
} from './errors.js';
import {
  isOrderAdvancedReject,
  isOrderReject,
  isOrderSuccess,
  isOrderWarning,
  type OrderSuccessEntry,
  type OrderWarningEntry,
  type PlaceOrdersResponse,
} from './shapes.js';

export type OrderRequest = Body<'placeOrders'>['orders'][number];

/** Which warnings to confirm: the message ids allowed (a warning is confirmed only when every
 * one of its ids is listed), or a callback that decides per warning. */
export type WarningPolicy =
  readonly string[] | ((warning: OrderWarningEntry) => boolean | Promise<boolean>);

export interface PlaceOrderOptions {
  /** Default: confirm nothing, so any warning declines the order. */
  answer?: WarningPolicy;
  /** Warnings confirmed at most before giving up (default 10; the service asks one per round). */
  maxRounds?: number;
  /** How many times the orders are placed again when a reply id is no longer valid (default 1;
   * 0 throws `ReplyInvalidatedError` at once). An id the service no longer knows (another order
   * placed or modified on the account meanwhile, or a stale one) drops the held order: placing it
   * again does not duplicate it. */
  resubmitExpired?: number;
  signal?: AbortSignal;
}

/** The reply's answer says its id is no longer valid: 503 `Reply ID not found` (the held order
 * was dropped), or the reject `reply id not found: '<id>'` that the vendor's reference shows. */
function replyIdGone(status: number, body: unknown): boolean {
  const error =
    typeof body === 'object' && body !== null && 'error' in body ? String(body.error) : '';
  return (status === 503 || status === 200) && /reply\s*id\s*not\s*found/i.test(error);
}

type ApiClient = Client<paths>;

async function allowedBy(
  policy: WarningPolicy,
  warning: OrderWarningEntry,
): Promise<string[] | true> {
  const messageIds = warning.messageIds ?? [];
  if (typeof policy === 'function') return (await policy(warning)) ? true : messageIds;
  // A warning without message ids is unknown: never confirmed by a list.
  if (messageIds.length === 0) return [];
  const refused = messageIds.filter((id) => !policy.includes(id));
  return refused.length === 0 ? true : refused;
}

/** Places orders and answers their warnings by the policy until the orders are transmitted; a
 * reply id that is no longer valid places the orders again (`resubmitExpired`) and goes on.
 * Returns the success entries; throws `OrderRejectedError`, `WarningDeclinedError`,
 * `ReplyInvalidatedError`, `TooManyRoundsError` or `BrokerageApiError`. */
export async function placeOrder(
  client: ApiClient,
  accountId: string,
  orders: OrderRequest | OrderRequest[],
  options: PlaceOrderOptions = {},
): Promise<OrderSuccessEntry[]> {
  const policy = options.answer ?? [];
  const maxRounds = options.maxRounds ?? 10;
  let resubmits = options.resubmitExpired ?? 1;
  const signal = options.signal;

  const place = async (): Promise<PlaceOrdersResponse> => {
    const placed = await client.POST('/v1/api/iserver/account/{accountId}/orders', {
      params: { path: { accountId } },
      body: { orders: Array.isArray(orders) ? orders : [orders] },
      ...(signal ? { signal } : {}),
    });
    if (placed.error !== undefined)
      throw new BrokerageApiError(placed.response.status, 'placeOrders', placed.error);
    return placed.data;
  };
  let answer = await place();
  let operation = 'placeOrders';

  const reply = async (replyId: string, confirmed: boolean) =>
    client.POST('/v1/api/iserver/reply/{replyId}', {
      params: { path: { replyId } },
      body: { confirmed },
      ...(signal ? { signal } : {}),
    });
  const decline = async (warning: OrderWarningEntry) => {
    // Best effort: drops the held order so that nothing is left waiting on the account.
    await reply(warning.id, false).catch(() => undefined);
  };

  for (let round = 0; ; round++) {
    if (isOrderSuccess(answer)) return answer;
    if (isOrderReject(answer) || isOrderAdvancedReject(answer))
      throw new OrderRejectedError(operation, answer);
    if (!isOrderWarning(answer))
      throw new BrokerageError(`${operation} gave an answer of no known shape`, operation);
    // The service asks one question per round; several entries are confirmed through the first.
    const warning = answer[0] as OrderWarningEntry;
    const verdicts = await Promise.all(answer.map((entry) => allowedBy(policy, entry))).catch(
      async (error: unknown) => {
        await decline(warning);
        throw error;
      },
    );
    const refused = verdicts.filter((verdict): verdict is string[] => verdict !== true);
    if (refused.length > 0) {
      await decline(warning);
      throw new WarningDeclinedError(warning, refused.flat());
    }
    if (round >= maxRounds) {
      await decline(warning);
      throw new TooManyRoundsError(round, warning);
    }
    const confirmed = await reply(warning.id, true);
    const { status } = confirmed.response;
    const body: unknown = confirmed.error ?? confirmed.data;
    if (replyIdGone(status, body)) {
      if (resubmits <= 0) throw new ReplyInvalidatedError(warning.id, status, body);
      // The held order was dropped: placed again, its warnings are asked again.
      resubmits--;
      answer = await place();
      operation = 'placeOrders';
      continue;
    }
    if (confirmed.error !== undefined) {
      if (status === 503) throw new ReplyInvalidatedError(warning.id, status, confirmed.error);
      throw new BrokerageApiError(status, 'confirmOrderReply', confirmed.error);
    }
    answer = confirmed.data;
    operation = 'confirmOrderReply';
  }
}

/** Suppresses warnings by message id for the session (the service then skips them). */
export async function suppressMessages(client: ApiClient, messageIds: string[]): Promise<void> {
  const { error, response } = await client.POST('/v1/api/iserver/questions/suppress', {
    body: { messageIds },
  });
  if (error !== undefined) throw new BrokerageApiError(response.status, 'suppressQuestions', error);
}

/** Lifts every suppression of the session. */
export async function resetSuppressedMessages(client: ApiClient): Promise<void> {
  const { error, response } = await client.POST('/v1/api/iserver/questions/suppress/reset');
  if (error !== undefined)
    throw new BrokerageApiError(response.status, 'resetSuppressedQuestions', error);
}
