import { BrokerageApiError, BrokerageError } from '../errors.js';
import type { OrderAdvancedReject, OrderReject, OrderWarningEntry } from './shapes.js';

/** The service refused the order (a reject object, or an advanced reject). */
export class OrderRejectedError extends BrokerageError {
  constructor(
    operation: string,
    readonly reject: OrderReject | OrderAdvancedReject,
  ) {
    const reason = 'text' in reject ? reject.text : 'error' in reject ? reject.error : undefined;
    super(`Order rejected: ${reason ?? 'no reason given'}`, operation);
  }
}

/** The reply id was unknown, already used, or invalidated by another order on the account (503). */
export class ReplyInvalidatedError extends BrokerageApiError {
  constructor(
    readonly replyId: string,
    status: number,
    body: unknown,
  ) {
    super(status, 'confirmOrderReply', body);
  }
}

/** A warning the policy does not confirm: the order was declined (not transmitted). */
export class WarningDeclinedError extends BrokerageError {
  constructor(
    readonly warning: OrderWarningEntry,
    /** The message ids the policy did not allow. */
    readonly messageIds: string[],
  ) {
    super(
      `Order warning not confirmed (${messageIds.join(', ') || 'declined'}): ${(warning.message ?? []).join(' ')}`,
      'confirmOrderReply',
    );
  }
}

/** Still warnings after the bounded number of rounds; the last one was declined. */
export class TooManyRoundsError extends BrokerageError {
  constructor(
    readonly rounds: number,
    readonly lastWarning: OrderWarningEntry,
  ) {
    super(
      `Order still held by a warning after ${rounds} rounds (${(lastWarning.messageIds ?? []).join(', ')})`,
      'confirmOrderReply',
    );
  }
}
