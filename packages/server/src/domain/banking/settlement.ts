import { withCash } from '../accounts/cash.js';
import type { Brokerage } from '../accounts/brokerage.js';
import type { Account } from '../accounts/model.js';
import { inUnit } from '../kernel/store.js';
import type { TimedTasks } from '../kernel/timed-tasks.js';
import { keepAccounts } from '../accounts/holdings.js';
import { keepBooked } from './booked-movements.js';
import { withQuantityMoved } from './holdings.js';
import type { InstructionBook } from './instruction-book.js';
import type { InstructionError, InstructionRecord, Movement } from './model.js';

/** The stored task that settles one instruction when it falls due (a shared store). */
const settlementTask = 'bankingSettlement';

export type SettlementContext = Pick<
  Brokerage,
  'clock' | 'store' | 'timedTasks' | 'market' | 'events' | 'onLoad' | 'account'
>;

/** Settles pending instructions when they fall due on the brokerage's clock (`dueAt`, kept in
 * the instruction), or at once when told to (the control API). A settled instruction moves its
 * cash or positions once: it is no longer pending afterwards. In memory, one timer of this
 * process, set for the earliest; on a shared store, a stored task per instruction, added in the
 * unit that accepts it and run in a unit by whichever process sees the shared clock pass its
 * time (the one that moves it, or the leader as time passes): the unit's commit settles it once,
 * even when the process that accepted it is gone. */
export class Settlement {
  #timer: { at: number; cancel: () => void } | undefined;
  readonly #tasks: TimedTasks | undefined;

  constructor(
    private readonly brokerage: SettlementContext,
    private readonly book: InstructionBook,
  ) {
    this.#tasks = brokerage.timedTasks;
    if (this.#tasks) {
      this.#tasks.define<{ instructionId: number }>(settlementTask, ({ instructionId }) => {
        const record = this.book.get(instructionId);
        // Settled or failed early (the control API), cancelled: nothing left to do.
        if (record?.status === 'PENDING') this.#settle(record);
        return undefined;
      });
    } else {
      brokerage.onLoad(() => this.#arm());
    }
  }

  /** A pending instruction was accepted, due at `dueAt`. In memory, the timer is brought
   * forward if it is the earliest (one settled or failed early leaves the timer as it is: it
   * then finds nothing due and is set for the next). */
  added(instructionId: number, dueAt: number): void {
    if (this.#tasks) {
      this.#tasks.add(settlementTask, dueAt, { instructionId });
      return;
    }
    if (this.#timer && this.#timer.at <= dueAt) return;
    this.#timer?.cancel();
    this.#setTimer(dueAt);
  }

  /** Sets the timer for the earliest pending instruction: a scan of the pending ones, made only
   * when the timer fires and at a load. */
  #arm(): void {
    const next = this.book
      .settling()
      .reduce<number | undefined>(
        (at, record) => Math.min(at ?? Infinity, record.dueAt ?? Infinity),
        undefined,
      );
    this.#timer?.cancel();
    this.#timer = undefined;
    if (next !== undefined) this.#setTimer(next);
  }

  #setTimer(at: number): void {
    const { clock } = this.brokerage;
    const cancel = clock.schedule(at - clock.now(), () => {
      this.#timer = undefined;
      void inUnit(this.brokerage.store, () => this.#settleDue());
    });
    this.#timer = { at, cancel };
  }

  #settleDue(): void {
    const now = this.brokerage.clock.now();
    for (const record of [...this.book.settling()]) {
      if ((record.dueAt ?? Infinity) <= now) this.#settle(record);
    }
    this.#arm();
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
        keepAccounts(this.brokerage, withCash(account, movement.currency, movement.amount));
        keepBooked(this.brokerage, record, movement);
        return undefined;
      }
      case 'position': {
        const account = this.#account(movement.accountId);
        const held = account.positions.find((position) => position.conid === movement.conid);
        // In at the price of the day; out at the average cost the account keeps.
        const cost =
          movement.quantity > 0
            ? (this.brokerage.market.price(movement.conid) ?? 0)
            : (held?.averageCost ?? 0);
        const moved = withQuantityMoved(account, movement.conid, movement.quantity, cost);
        if (!moved) return this.#short(account, movement.conid, -movement.quantity);
        keepAccounts(this.brokerage, moved);
        keepBooked(this.brokerage, record, { ...movement, costBasis: cost });
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
        keepAccounts(this.brokerage, left, ...(reached ? [reached] : []));
        const { conid, quantity } = movement;
        keepBooked(
          this.brokerage,
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
    const account = this.brokerage.account(accountId);
    if (!account) throw new Error(`Account ${accountId} is gone`);
    return account;
  }
}
