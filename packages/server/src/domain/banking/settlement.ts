import type { BankingStore } from './store-view.js';
import { withCash } from '../accounts/cash.js';
import type { AreaContext } from '../accounts/brokerage.js';
import type { Account } from '../accounts/model.js';
import type { TimedTasks } from '../kernel/timed-tasks.js';
import { keepAccounts } from '../accounts/holdings.js';
import { keepBooked } from './booked-movements.js';
import { withQuantityMoved } from './holdings.js';
import type { InstructionBook } from './instruction-book.js';
import type { Booking, InstructionError, InstructionRecord, Movement } from './model.js';

/** The timed task that settles one instruction when it falls due. */
const settlementTask = 'bankingSettlement';

export type SettlementContext = AreaContext<
  'clock' | 'timedTasks' | 'events',
  'market' | 'account' | 'keepAccount',
  BankingStore
>;

/** Settles pending instructions when they fall due on the brokerage's clock (`dueAt`, kept in
 * the instruction), or at once when told to (the control API). A settled instruction moves its
 * cash or positions once: it is no longer pending afterwards. A timed task per instruction, added
 * in the unit that accepts it and run in a unit by whichever process sees the clock pass its time
 * (the one that moves it, or the leader as time passes): the unit's commit settles it once, even
 * when the process that accepted it is gone. */
export class Settlement {
  readonly #tasks: TimedTasks;

  constructor(
    private readonly context: SettlementContext,
    private readonly book: InstructionBook,
  ) {
    this.#tasks = context.timedTasks;
    this.#tasks.define<{ instructionId: number }>(settlementTask, ({ instructionId }) => {
      const record = this.book.get(instructionId);
      // Settled or failed early (the control API), cancelled: nothing left to do.
      if (record?.status === 'PENDING') this.#settle(record);
      return undefined;
    });
  }

  /** A pending instruction was accepted, due at `dueAt`. */
  added(instructionId: number, dueAt: number): void {
    this.#tasks.add(settlementTask, dueAt, { instructionId });
  }

  /** Settles a pending instruction now, whenever it was due. */
  settleNow(record: InstructionRecord): InstructionRecord {
    return this.#settle(record);
  }

  /** Ends a pending instruction as failed: it never moves anything. */
  failNow(record: InstructionRecord, error: InstructionError): InstructionRecord {
    const failed: InstructionRecord = { ...record, status: 'REJECTED', error };
    this.book.put(failed);
    return failed;
  }

  #settle(record: InstructionRecord): InstructionRecord {
    const failure = record.movement ? this.#move(record, record.movement) : undefined;
    const ended: InstructionRecord = failure
      ? { ...record, status: 'REJECTED', error: failure }
      : { ...record, status: 'PROCESSED', ibReferenceId: record.instructionId };
    this.book.put(ended);
    return ended;
  }

  /** Books a movement, and keeps what it moved in each account for the statements; answers why
   * it cannot be booked, if it cannot (nothing is then booked). */
  #move(record: InstructionRecord, movement: Movement): InstructionError | undefined {
    switch (movement.type) {
      case 'none':
        return undefined;
      case 'cash': {
        const account = this.#account(movement.accountId);
        if (movement.amount < 0 && (account.cash[movement.currency] ?? 0) < -movement.amount)
          return {
            errorCode: 'INSUFFICIENT_FUNDS',
            errorMessage: `${account.id} no longer holds ${(-movement.amount).toFixed(2)} ${movement.currency}`,
          };
        keepAccounts(this.context.accounts, withCash(account, movement.currency, movement.amount));
        keepBooked(this.context, record, movement);
        return undefined;
      }
      case 'position': {
        const account = this.#account(movement.accountId);
        const held = account.positions.find((position) => position.conid === movement.conid);
        // In at the price of the day; out at the average cost the account keeps.
        const cost =
          movement.quantity > 0
            ? (this.context.accounts.market.price(movement.conid) ?? 0)
            : (held?.averageCost ?? 0);
        const moved = withQuantityMoved(account, movement.conid, movement.quantity, cost);
        if (!moved) return this.#short(account, movement.conid, -movement.quantity);
        keepAccounts(this.context.accounts, moved);
        keepBooked(this.context, record, { ...movement, costBasis: cost });
        return undefined;
      }
      case 'positions': {
        // All or none: each position moved in turn on the account as it becomes.
        let account = this.#account(movement.accountId);
        const booked: Booking[] = [];
        for (const { conid, quantity } of movement.positions) {
          const held = account.positions.find((position) => position.conid === conid);
          const cost =
            quantity > 0
              ? (this.context.accounts.market.price(conid) ?? 0)
              : (held?.averageCost ?? 0);
          const moved = withQuantityMoved(account, conid, quantity, cost);
          if (!moved) return this.#short(account, conid, -quantity);
          account = moved;
          booked.push({
            type: 'position',
            accountId: account.id,
            conid,
            quantity,
            costBasis: cost,
          });
        }
        keepAccounts(this.context.accounts, account);
        keepBooked(this.context, record, ...booked);
        return undefined;
      }
      case 'positionMove': {
        const source = this.#account(movement.source);
        const held = source.positions.find((position) => position.conid === movement.conid);
        const left = withQuantityMoved(source, movement.conid, -movement.quantity, 0);
        if (!left || !held) return this.#short(source, movement.conid, movement.quantity);
        const target = this.#account(movement.target);
        const price = movement.price ?? held.averageCost;
        const reached = withQuantityMoved(target, movement.conid, movement.quantity, price);
        keepAccounts(this.context.accounts, left, ...(reached ? [reached] : []));
        const { conid, quantity } = movement;
        keepBooked(
          this.context,
          record,
          {
            type: 'position',
            accountId: source.id,
            counterparty: target.id,
            conid,
            quantity: -quantity,
            costBasis: held.averageCost,
          },
          {
            type: 'position',
            accountId: target.id,
            counterparty: source.id,
            conid,
            quantity,
            costBasis: price,
          },
        );
        return undefined;
      }
    }
  }

  #short(account: Account, conid: number, quantity: number): InstructionError {
    return {
      errorCode: 'INSUFFICIENT_POSITION',
      errorMessage: `${account.id} no longer holds ${quantity} of conid ${conid}`,
    };
  }

  #account(accountId: string): Account {
    const account = this.context.accounts.account(accountId);
    if (!account) throw new Error(`Account ${accountId} is gone`);
    return account;
  }
}
