import type { AccountsArea } from '../accounts/brokerage.js';
import type { BookedMovement } from '../banking/model.js';
import type { CashMovement } from './report-executions.js';

/** The banking side of the reports: what settled instructions moved in an account (deposits,
 * withdrawals, internal cash transfers, positions transferred or delivered), as banking books
 * them (`banking/booked-movements.ts`). */

/** What a statement lists of a position transferred in or out. */
export interface PositionTransfer {
  time: number;
  kind: 'Transfer in' | 'Transfer out' | 'Delivery in' | 'Delivery out';
  description: string;
  symbol: string;
  /** Signed: in positive, out negative. */
  quantity: number;
  /** Per unit: the cost the position was booked at (in), or the average cost it left at (out). */
  costBasis: number;
  currency: string;
}

/** The other account of an internal transfer (else `label`), and the instruction. */
function described(movement: BookedMovement, incoming: boolean, label: string): string {
  const where =
    movement.counterparty === undefined
      ? label
      : `${incoming ? 'From' : 'To'} ${movement.counterparty}`;
  return `${where}, instruction ${movement.instructionId}`;
}

/** The movement as a change of the account's cash; undefined for a position. */
export function bankingCash(movement: BookedMovement): CashMovement | undefined {
  if (movement.type !== 'cash') return undefined;
  const incoming = movement.amount > 0;
  const internal = movement.kind === 'INTERNAL_CASH_TRANSFER';
  const kind = internal
    ? (`Transfer ${incoming ? 'in' : 'out'}` as const)
    : incoming
      ? 'Deposit'
      : 'Withdrawal';
  return {
    time: movement.time,
    kind,
    description: described(movement, incoming, kind),
    currency: movement.currency,
    amount: movement.amount,
  };
}

/** The movement as a position transferred in or out; undefined for cash. */
export function positionTransfer(
  accounts: Pick<AccountsArea, 'market'>,
  movement: BookedMovement,
): PositionTransfer | undefined {
  if (movement.type !== 'position') return undefined;
  const incoming = movement.quantity > 0;
  const internal = movement.kind === 'INTERNAL_POSITION_TRANSFER';
  const instrument = accounts.market.instrument(movement.conid);
  return {
    time: movement.time,
    kind: `${internal ? 'Transfer' : 'Delivery'} ${incoming ? 'in' : 'out'}`,
    description: described(movement, incoming, movement.kind.replaceAll('_', ' ')),
    symbol: instrument?.symbol ?? String(movement.conid),
    quantity: movement.quantity,
    costBasis: movement.costBasis,
    currency: instrument?.currency ?? 'USD',
  };
}
