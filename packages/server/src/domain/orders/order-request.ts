import type { Schema } from '@brokerage/types';
import type { AccountsArea } from '../accounts/brokerage.js';
import { rejected } from '../kernel/errors.js';
import type { OrderAllocation } from '../accounts/order-allocation.js';
import type { Account } from '../accounts/model.js';
import type { Instrument } from '../market/model.js';
import { cashQuantityOrderTypes } from './cash-quantity.js';
import { orderTexts } from './order-texts.js';
import type { OrderTicket, OrderType } from './model.js';

export type OrderRequest = Schema<'OrderRequest'>;

/** Price fields each order type needs (the table of `OrderRequest`'s description). */
const requiredFields: Record<OrderType, readonly (keyof OrderRequest)[]> = {
  MKT: [],
  LMT: ['price'],
  STP: ['price'],
  STOP_LIMIT: ['price', 'auxPrice'],
  MIDPRICE: [],
  TRAIL: ['trailingAmt', 'trailingType'],
  TRAILLMT: ['trailingAmt', 'trailingType', 'auxPrice'],
  MIT: ['price'],
  LIT: ['price', 'auxPrice'],
  REL: [],
  MOC: [],
  LOC: ['price'],
};

const invalid = (message: string) => rejected(orderTexts.errors.invalidOrder(message));

/** Units bought or sold for `cash`, at the order's own price or else the last price (4 decimals, rounded down). */
function unitsForCash(
  cash: number,
  request: OrderRequest,
  instrument: Instrument,
  last: number | undefined,
  where: string,
): number {
  const reference = request.price ?? last;
  if (reference === undefined)
    throw invalid(`${where}.cashQty needs a price or market data for contract ${instrument.conid}`);
  const units = Math.floor((cash / (reference * instrument.multiplier)) * 10_000) / 10_000;
  if (units <= 0)
    throw invalid(
      `${where}.cashQty is too small to buy one unit fraction of contract ${instrument.conid}`,
    );
  return units;
}

/** The account an order trades for: the path account, or one of its sub-accounts. */
export function allocationOf(
  accounts: Pick<AccountsArea, 'account'>,
  pathAccount: Account,
  acctId: string | undefined,
): string {
  if (acctId === undefined || acctId === pathAccount.id) return pathAccount.id;
  const account = accounts.account(acctId);
  if (!account || account.parent !== pathAccount.id)
    throw rejected(orderTexts.errors.unknownAccount(acctId));
  return account.id;
}

/** The allocation an order of the request asks for, if it is split over sub-accounts. */
export type AllocationFor = (request: OrderRequest) => OrderAllocation | undefined;

/** Checks one order of a request (invalid content throws 500) and turns its size into units. */
export function ticketOf(
  accounts: Pick<AccountsArea, 'market' | 'account'>,
  pathAccount: Account,
  request: OrderRequest,
  where: string,
  allocationFor: AllocationFor = () => undefined,
): OrderTicket {
  const instrument = accounts.market.instrument(request.conid);
  if (!instrument) throw invalid(`contract ${request.conid} not found`);
  if (request.conidex !== undefined && Number(request.conidex.split('@')[0]) !== request.conid) {
    throw invalid(`${where}.conidex does not name contract ${request.conid}`);
  }
  for (const field of requiredFields[request.orderType]) {
    if (request[field] === undefined)
      throw invalid(`${where}.${field} is required for orderType ${request.orderType}`);
  }
  if (request.isCcyConv === true && instrument.secType !== 'CASH') {
    throw invalid(
      `${where}.isCcyConv needs a currency pair, contract ${request.conid} is ${instrument.secType}`,
    );
  }
  if (request.fxQty !== undefined && request.isCcyConv !== true)
    throw invalid(`${where}.fxQty needs isCcyConv true`);
  const last = accounts.market.price(request.conid);
  let quantity: number;
  if (request.quantity !== undefined) quantity = request.quantity;
  else if (request.cashQty !== undefined) {
    if (!cashQuantityOrderTypes[instrument.secType].includes(request.orderType)) {
      throw invalid(
        `${where}.cashQty is not accepted for orderType ${request.orderType} on ${instrument.secType}`,
      );
    }
    quantity = unitsForCash(request.cashQty, request, instrument, last, where);
  } else if (request.fxQty !== undefined) quantity = request.fxQty;
  else throw invalid(`${where} needs quantity, cashQty or fxQty`);

  const exchange = request.conidex?.split('@')[1] ?? request.exchange ?? request.listingExchange;
  return {
    conid: request.conid,
    orderType: request.orderType,
    side: request.side,
    tif: request.tif,
    quantity,
    quantityGiven: request.quantity !== undefined,
    ...(request.quantity === undefined && request.cashQty !== undefined
      ? { cashQty: request.cashQty }
      : {}),
    ...(request.quantity === undefined &&
    request.cashQty === undefined &&
    request.fxQty !== undefined
      ? { fxQty: request.fxQty }
      : {}),
    isCcyConv: request.isCcyConv === true,
    ...(request.price === undefined ? {} : { price: request.price }),
    ...(request.auxPrice === undefined ? {} : { auxPrice: request.auxPrice }),
    ...(request.trailingAmt === undefined ? {} : { trailingAmt: request.trailingAmt }),
    ...(request.trailingType === undefined ? {} : { trailingType: request.trailingType }),
    outsideRTH: request.outsideRTH === true,
    ...(request.cOID === undefined ? {} : { cOID: request.cOID }),
    ...(request.parentId === undefined ? {} : { parentRef: request.parentId }),
    isSingleGroup: request.isSingleGroup === true,
    ...(exchange === undefined || exchange === 'SMART' ? {} : { routedExchange: exchange }),
    ...allocatedOf(accounts, pathAccount, request, allocationFor(request)),
  };
}

/** Whom an order trades for: split over sub-accounts on the master account, or one account. */
function allocatedOf(
  accounts: Pick<AccountsArea, 'account'>,
  pathAccount: Account,
  request: OrderRequest,
  allocation: OrderAllocation | undefined,
): Pick<OrderTicket, 'allocatedTo' | 'allocation'> {
  return allocation
    ? { allocatedTo: pathAccount.id, allocation }
    : { allocatedTo: allocationOf(accounts, pathAccount, request.acctId) };
}

/** Every order of a request, checked; a bracket child must name a parent of the same request. */
export function ticketsOf(
  accounts: Pick<AccountsArea, 'market' | 'account'>,
  pathAccount: Account,
  requests: OrderRequest[],
  allocationFor?: AllocationFor,
): OrderTicket[] {
  const tickets = requests.map((request, index) =>
    ticketOf(accounts, pathAccount, request, `orders[${index}]`, allocationFor),
  );
  tickets.forEach((ticket, index) => {
    if (
      ticket.parentRef !== undefined &&
      !tickets.some((other) => other !== ticket && other.cOID === ticket.parentRef)
    ) {
      throw invalid(`orders[${index}].parentId ${ticket.parentRef} names no order of the request`);
    }
  });
  return tickets;
}
