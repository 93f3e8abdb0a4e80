import type { Schema } from '@brokerage/types';
import type { OrderAllocation } from '../accounts/order-allocation.js';

/** The order types, time-in-force values and statuses of the document. */
export type OrderType = Schema<'OrderRequest'>['orderType'];
export type Side = Schema<'OrderRequest'>['side'];
export type TimeInForce = Schema<'OrderRequest'>['tif'];
export type OrderStatus = Schema<'OrderStatusValue'>;

/** Statuses in which an order still works (it may fill, be modified or cancelled). */
export const workingStatuses: readonly OrderStatus[] = [
  'PendingSubmit',
  'PreSubmitted',
  'Submitted',
];

export const isWorking = (status: OrderStatus) => workingStatuses.includes(status);

/** One order of a request after validation: every size is turned into units. */
export interface OrderTicket {
  conid: number;
  orderType: OrderType;
  side: Side;
  tif: TimeInForce;
  /** Units to trade (shares, contracts; for a currency pair, units of its base currency). */
  quantity: number;
  /** Set when the request sized the order with `quantity` itself. */
  quantityGiven: boolean;
  cashQty?: number;
  fxQty?: number;
  isCcyConv: boolean;
  price?: number;
  auxPrice?: number;
  trailingAmt?: number;
  trailingType?: 'amt' | '%';
  outsideRTH: boolean;
  cOID?: string;
  /** The parent's `cOID`, for a bracket child. */
  parentRef?: string;
  isSingleGroup: boolean;
  /** Exchange the order is routed to, when not smart-routed. */
  routedExchange?: string;
  /** Account the order trades for: the path account, or an advisor's sub-account. */
  allocatedTo: string;
  /** An advisor's order split over sub-accounts (`allocatedTo` is then the master account). */
  allocation?: OrderAllocation;
}

/** A transmitted order, as the order book keeps it: a value, replaced (never changed in place)
 * when the order changes. */
export type Order = Readonly<OrderFields>;

interface OrderFields extends OrderTicket {
  id: number;
  /** The account of the request path (an advisor's master account for allocated orders). */
  accountId: string;
  username: string;
  status: OrderStatus;
  filledQuantity: number;
  averagePrice?: number;
  /** Stop price of a stop or trailing order; for a trailing order it follows the market. */
  stopPrice?: number;
  /** A stop order whose stop price was reached: it now works as a market or limit order. */
  triggered: boolean;
  parentOrderId?: number;
  /** A bracket child whose parent has not filled yet: it waits (PreSubmitted) and does not work. */
  awaitsParent: boolean;
  ocaGroup?: string;
  createdAt: number;
  updatedAt: number;
  /** Number of the request that last changed the order. */
  requestId: number;
}

/** An order request held back by a warning, until its reply id is answered. */
export interface PendingReply {
  id: string;
  sessionId: string;
  accountId: string;
  tickets: OrderTicket[];
  /** The order being modified, for a modification. */
  modifiedOrderId?: number;
  /** Index in the warning table of the warning this reply answers. */
  warningIndex: number;
  /** When the reply id was given (epoch ms of the clock). */
  heldAt: number;
}

/** One execution of an order. */
export interface Execution {
  id: string;
  orderId: number;
  account: string;
  conid: number;
  side: Side;
  size: number;
  price: number;
  commission: number;
  time: number;
  cOID?: string;
  submitter: string;
  exchange: string;
  /** Profit or loss the execution realized by closing a position, in the contract's currency. */
  realizedPnl?: number;
}
