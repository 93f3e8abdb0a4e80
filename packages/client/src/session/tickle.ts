import type { Schema } from '@brokerage/types';
import { BrokerageApiError } from '../errors.js';

/** The answer of the ping: a processed ping (`TickleSession`), or, when the service accepted the
 * ping without processing it, a 200 with only an error text (`TickleFailure`). */
export type TickleResponse = Schema<'TickleResponse'>;
export type TickleSession = Schema<'TickleSession'>;
export type TickleFailure = Schema<'TickleFailure'>;

/** Whether the ping was accepted but not processed: the session state is unknown. */
export function isTickleFailure(answer: TickleResponse): answer is TickleFailure {
  return 'error' in answer;
}

/** The processed ping; a ping the service did not process throws a `BrokerageApiError` (status
 * 200, operation `tickle`) carrying its error text. */
export function tickleSession(answer: TickleResponse): TickleSession {
  if (isTickleFailure(answer)) throw new BrokerageApiError(200, 'tickle', answer);
  return answer;
}
