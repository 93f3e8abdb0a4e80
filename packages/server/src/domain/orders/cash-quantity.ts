import type { SecType } from '../market/model.js';
import type { OrderType } from './model.js';

/** Order types that take a cash quantity (`cashQty`), per security type: the `cqtTypes` of the
 * contract rules, in order-request spelling. Futures, options and event contracts take none. */
export const cashQuantityOrderTypes: Record<SecType, readonly OrderType[]> = {
  STK: ['MKT', 'LMT', 'STP', 'STOP_LIMIT', 'TRAIL', 'TRAILLMT'],
  CASH: ['MKT', 'LMT', 'STP', 'STOP_LIMIT', 'TRAIL', 'TRAILLMT'],
  FUT: [],
  OPT: [],
  EVENT: [],
};
