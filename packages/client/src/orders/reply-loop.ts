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
  signal?: AbortSignal;
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

/** Places orders and answers their warnings by the policy until the orders are transmitted.
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
  const signal = options.signal;

  const placed = await client.POST('/v1/api/iserver/account/{accountId}/orders', {
    params: { path: { accountId } },
    body: { orders: Array.isArray(orders) ? orders : [orders] },
    ...(signal ? { signal } : {}),
  });
  if (placed.error !== undefined)
    throw new BrokerageApiError(placed.response.status, 'placeOrders', placed.error);
  let answer: PlaceOrdersResponse = placed.data;
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
    if (confirmed.error !== undefined) {
      const { status } = confirmed.response;
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
