// Over 300 lines: the one table of rules of every kind of instruction (16 kinds) with the checks
// they share (accounts related, cash and holdings enough, amounts and currencies); the bank
// instructions' own rules are apart in bank-instruction-rules.ts.
import type { Schema } from '@brokerage/types';
import { withCash } from '../accounts/cash.js';
import type { AreaContext } from '../accounts/brokerage.js';
import type { Account } from '../accounts/model.js';
import { keepAccounts } from '../accounts/holdings.js';
import { keepBooked } from './booked-movements.js';
import { BankInstructionRules } from './bank-instruction-rules.js';
import type { BankInstructions } from './bank-instructions.js';
import { deliverableQuantity, withdrawableCash } from './holdings.js';
import type { InstructionBook } from './instruction-book.js';
import {
  Refusal,
  settlementDelayMs,
  type InstructionInputs,
  type InstructionKind,
  type Movement,
  type Submitted,
} from './model.js';
import { accountOrRefuse, type Plan } from './plan.js';
import type { Queries } from './queries.js';
import type { BankingStore } from './store-view.js';

/** One position of a version-2 delivery. */
type PositionV2 = Schema<'BankingPositionV2'>;

/** The largest amount of one instruction (the reference server's bound, in the document: the
 * service states none). */
export const maxInstructionAmount = 1_000_000_000;
/** The most cash of one currency an account may reach by banking: its cents (1e14) stay well
 * inside the integers a double holds exactly (2^53). */
export const maxCashBalance = 1_000_000_000_000;

type Rule<Kind extends keyof InstructionInputs> = (instruction: InstructionInputs[Kind]) => Plan;

export type RulesContext = AreaContext<
  'clock' | 'events' | 'random',
  'market' | 'account' | 'keepAccount',
  BankingStore
>;

/** The business rules that accept or refuse each kind of instruction (`Refusal`). */
export class Rules {
  readonly #rules: { [Kind in keyof InstructionInputs]: Rule<Kind> };

  constructor(
    private readonly context: RulesContext,
    private readonly book: InstructionBook,
    private readonly banks: BankInstructions,
    queries: Queries,
  ) {
    const bankRules = new BankInstructionRules(context, book, banks);
    this.#rules = {
      ACH_INSTRUCTION: (instruction) => bankRules.ach(instruction),
      TRADITIONAL_BANK_INSTRUCTION_VERIFICATION: (instruction) => bankRules.verify(instruction),
      DELETE_BANK_INSTRUCTION: (instruction) => bankRules.delete(instruction),
      PREDEFINED_DESTINATION_INSTRUCTION: (instruction) =>
        bankRules.save(instruction.accountId, {
          name: instruction.bankInstructionName,
          method: instruction.bankInstructionMethod,
          currency: instruction.currency,
          bankAccountNumber: instruction.financialInstitution.clientAccountId,
          bankRoutingNumber: instruction.financialInstitution.identifier,
        }),
      EDDA_INSTRUCTION: (instruction) =>
        bankRules.save(instruction.accountId, {
          name: instruction.bankInstructionName,
          method: 'eDDA',
          currency: instruction.currency,
          bankAccountNumber: instruction.bankAccountNumber,
          bankRoutingNumber: `${instruction.bankClearingCode}-${instruction.bankBranchCode}`,
        }),
      DEPOSIT: (instruction) => this.#deposit(instruction),
      WITHDRAWAL: (instruction) => this.#withdrawal(instruction),
      INTERNAL_CASH_TRANSFER: (instruction) => this.#internalCash(instruction),
      INTERNAL_POSITION_TRANSFER: (instruction) => this.#internalPosition(instruction),
      FOP: (instruction) => this.#delivery('FOP', instruction),
      DWAC: (instruction) => this.#delivery('DWAC', instruction),
      COMPLEX_ASSET_TRANSFER: (instruction) =>
        this.#delivery('COMPLEX_ASSET_TRANSFER', instruction),
      EXTERNAL_POSITION_TRANSFER: (instruction) => {
        const account = this.#account(instruction.accountId);
        return this.#pending('EXTERNAL_POSITION_TRANSFER', {
          type: 'none',
          accountId: account.id,
        });
      },
      CANCEL_INSTRUCTION: (instruction) => this.#cancel(instruction),
      QUERY_BANK_INSTRUCTION: (instruction) =>
        this.#query(instruction.accountId, queries.bankInstructions(instruction)),
      QUERY_RECURRING_INSTRUCTIONS: (instruction) =>
        this.#query(instruction.accountId, queries.recurring(instruction.accountId)),
      QUERY_RECENT_RECURRING_EVENTS: (instruction) => ({
        status: 'PROCESSED',
        ibReferenceId: 0,
        details: queries.recurringEvents(instruction),
      }),
      QUERY_WITHDRAWABLE_FUNDS: (instruction) =>
        this.#query(
          instruction.accountId,
          queries.withdrawable(this.#account(instruction.accountId), instruction),
        ),
      QUERY_IRA_CONTRIBUTIONS: (instruction) =>
        this.#query(
          instruction.accountId,
          queries.iraContributions(this.#account(instruction.accountId), instruction.year),
        ),
      QUERY_RECENT_INSTRUCTIONS: (instruction) =>
        this.#query(
          instruction.accountId,
          queries.recentInstructions(this.#account(instruction.accountId), instruction),
        ),
      QUERY_WITHDRAWABLE_CASH_EQUITY: (instruction) =>
        this.#query(
          instruction.accountId,
          queries.cashAndEquity(this.#account(instruction.accountId), instruction.currency),
        ),
    };
  }

  /** The plan of an instruction, or a `Refusal`. */
  plan(submitted: Submitted): Plan {
    const rule = this.#rules[submitted.instructionType] as Rule<typeof submitted.instructionType>;
    return rule(submitted.instruction as never);
  }

  #account(accountId: string): Account {
    return accountOrRefuse(this.context.accounts, accountId);
  }

  #query(accountId: string, details: Record<string, unknown>): Plan {
    return {
      accountId: this.#account(accountId).id,
      status: 'PROCESSED',
      ibReferenceId: 0,
      details,
    };
  }

  #pending(kind: InstructionKind, movement: Movement, notBefore?: string): Plan {
    const now = this.context.clock.now();
    const later = notBefore === undefined ? now : Date.parse(notBefore);
    const dueAt = Math.max(now + (settlementDelayMs[kind] ?? 0), later);
    const accountId = movement.type === 'positionMove' ? movement.source : movement.accountId;
    return { accountId, status: 'PENDING', movement, dueAt };
  }

  /** An amount above zero, at most `maxInstructionAmount`, in whole cents exactly: the number
   * is the one its cents name (no tolerance, so 1e-9 is not 0.00). */
  #amount(amount: number): number {
    if (!(amount > 0) || amount > maxInstructionAmount || Math.round(amount * 100) / 100 !== amount)
      throw new Refusal(
        'INVALID_AMOUNT',
        `The amount must be above zero, at most ${maxInstructionAmount}, in cents: ${amount}`,
      );
    return amount;
  }

  /** Refuses a credit that would take the account's cash of the currency (with the credits still
   * pending) above `maxCashBalance`, so that no balance leaves the range its cents are exact in. */
  #ensureRoom(account: Account, currency: string, amount: number): void {
    const pending = this.book
      .pendingOf(account.id)
      .reduce(
        (sum, record) =>
          record.movement?.type === 'cash' &&
          record.movement.currency === currency &&
          record.movement.accountId === account.id &&
          record.movement.amount > 0
            ? sum + record.movement.amount
            : sum,
        0,
      );
    if ((account.cash[currency] ?? 0) + pending + amount > maxCashBalance)
      throw new Refusal(
        'INVALID_AMOUNT',
        `${amount.toFixed(2)} ${currency} would take the cash of ${account.id} above ${maxCashBalance} ${currency}`,
      );
  }

  #currency(account: Account, currency: string): string {
    const code = currency.toUpperCase();
    try {
      this.context.accounts.market.rate(code, account.baseCurrency);
    } catch {
      throw new Refusal('UNSUPPORTED_CURRENCY', `Currency ${currency} is not supported`);
    }
    return code;
  }

  #deposit(instruction: InstructionInputs['DEPOSIT']): Plan {
    const account = this.#account(instruction.accountId);
    const amount = this.#amount(instruction.amount);
    const currency = this.#currency(account, instruction.currency);
    this.#ensureRoom(account, currency, amount);
    const plan = this.#pending('DEPOSIT', {
      type: 'cash',
      accountId: account.id,
      currency,
      amount,
    });
    return {
      ...plan,
      ...this.#recurring('DEPOSIT', instruction, account.id, currency),
      details: {
        depositDetails: {
          amount,
          currency,
          whenAvailable: new Date(plan.dueAt ?? 0).toISOString(),
        },
      },
    };
  }

  #withdrawal(instruction: InstructionInputs['WITHDRAWAL']): Plan {
    const account = this.#account(instruction.accountId);
    const amount = this.#amount(instruction.amount);
    const currency = this.#currency(account, instruction.currency);
    if (!this.banks.usable(account.id, instruction.bankInstructionName))
      throw new Refusal(
        'UNKNOWN_BANK_INSTRUCTION',
        `Account ${account.id} has no verified bank instruction named ${instruction.bankInstructionName}`,
      );
    this.#ensureCash(account, currency, amount, 'Withdrawal');
    return {
      ...this.#pending(
        'WITHDRAWAL',
        { type: 'cash', accountId: account.id, currency, amount: -amount },
        instruction.dateTimeToOccur,
      ),
      ...this.#recurring('WITHDRAWAL', instruction, account.id, currency),
    };
  }

  /** Keeps a deposit or withdrawal sent with `recurringInstructionDetail` as a recurring one. */
  #recurring(
    kind: 'DEPOSIT' | 'WITHDRAWAL',
    instruction: InstructionInputs['DEPOSIT' | 'WITHDRAWAL'],
    accountId: string,
    currency: string,
  ): Pick<Plan, 'apply'> {
    const detail = instruction.recurringInstructionDetail;
    if (!detail) return {};
    return {
      apply: (instructionId) =>
        this.book.keepRecurring({
          instructionId,
          accountId,
          kind,
          amount: instruction.amount,
          currency,
          method: instruction.bankInstructionMethod,
          bankInstructionName: instruction.bankInstructionName ?? '',
          name: detail.instructionName,
          frequency: detail.frequency,
          startDate: detail.startDate,
          ...(detail.endDate === undefined ? {} : { endDate: detail.endDate }),
        }),
    };
  }

  #ensureCash(account: Account, currency: string, amount: number, what: string): void {
    const available = withdrawableCash(account, currency, this.book.pendingOf(account.id));
    if (amount > available)
      throw new Refusal(
        'INSUFFICIENT_FUNDS',
        `${what} of ${amount.toFixed(2)} ${currency} exceeds the ${available.toFixed(2)} ${currency} that may be withdrawn`,
      );
  }

  /** Two accounts of one owner, or a master account (an advisor's) and one of its client
   * accounts. */
  #related(sourceId: string, targetId: string): [Account, Account] {
    const source = this.#account(sourceId);
    const target = this.#account(targetId);
    if (source.id === target.id)
      throw new Refusal('SAME_ACCOUNT', `The source and target account are both ${source.id}`);
    const owners = new Set(source.owners.map((owner) => owner.username));
    const related =
      target.owners.some((owner) => owners.has(owner.username)) ||
      source.parent === target.id ||
      target.parent === source.id;
    if (!related)
      throw new Refusal(
        'ACCOUNTS_NOT_RELATED',
        `${source.id} and ${target.id} have neither an owner in common nor a master account and its client`,
      );
    return [source, target];
  }

  #internalCash(instruction: InstructionInputs['INTERNAL_CASH_TRANSFER']): Plan {
    const [source, target] = this.#related(
      instruction.sourceAccountId,
      instruction.targetAccountId,
    );
    const amount = this.#amount(instruction.amount);
    const currency = this.#currency(target, this.#currency(source, instruction.currency));
    this.#ensureCash(source, currency, amount, 'Transfer');
    this.#ensureRoom(target, currency, amount);
    return {
      accountId: source.id,
      status: 'PROCESSED',
      ibReferenceId: 'self',
      // Kept for the history: it moved at once, nothing settles later.
      movement: { type: 'cash', accountId: source.id, currency, amount: -amount },
      apply: (instructionId) => {
        keepAccounts(
          this.context.accounts,
          withCash(source, currency, -amount),
          withCash(target, currency, amount),
        );
        const cash = { type: 'cash', currency } as const;
        keepBooked(
          this.context,
          { instructionId, kind: 'INTERNAL_CASH_TRANSFER' },
          { ...cash, accountId: source.id, counterparty: target.id, amount: -amount },
          { ...cash, accountId: target.id, counterparty: source.id, amount },
        );
      },
    };
  }

  #conid(instrument: {
    conid?: number;
    tradingInstrumentDescription?: { securityId: string };
  }): number {
    const { conid } = instrument;
    const found = conid === undefined ? undefined : this.context.accounts.market.instrument(conid);
    if (!found)
      throw new Refusal(
        'UNKNOWN_INSTRUMENT',
        conid === undefined
          ? `No instrument with security id ${instrument.tradingInstrumentDescription?.securityId ?? ''} is known`
          : `No instrument with conid ${conid}`,
      );
    if (found.secType !== 'STK')
      throw new Refusal(
        'UNSUPPORTED_INSTRUMENT',
        `Only stocks are transferred, not ${found.secType} ${found.conid}`,
      );
    return found.conid;
  }

  #quantity(quantity: number): number {
    if (!(quantity > 0))
      throw new Refusal('INVALID_QUANTITY', `The quantity must be above zero: ${quantity}`);
    return quantity;
  }

  #ensureHeld(account: Account, conid: number, quantity: number): void {
    const deliverable = deliverableQuantity(account, conid, this.book.pendingOf(account.id));
    if (quantity > deliverable)
      throw new Refusal(
        'INSUFFICIENT_POSITION',
        `${account.id} may deliver ${deliverable} of conid ${conid}, not ${quantity}`,
      );
  }

  #internalPosition(instruction: InstructionInputs['INTERNAL_POSITION_TRANSFER']): Plan {
    const [source, target] = this.#related(
      instruction.sourceAccountId,
      instruction.targetAccountId,
    );
    const conid = this.#conid(instruction.tradingInstrument);
    const quantity = this.#quantity(instruction.transferQuantity);
    this.#ensureHeld(source, conid, quantity);
    return this.#pending('INTERNAL_POSITION_TRANSFER', {
      type: 'positionMove',
      source: source.id,
      target: target.id,
      conid,
      quantity,
      ...(instruction.transferPrice === undefined ? {} : { price: instruction.transferPrice }),
    });
  }

  #delivery(
    kind: 'FOP' | 'DWAC' | 'COMPLEX_ASSET_TRANSFER',
    instruction: InstructionInputs['FOP' | 'DWAC' | 'COMPLEX_ASSET_TRANSFER'],
  ): Plan {
    if ('positions' in instruction) return this.#deliveries(kind, instruction);
    const account = this.#account(instruction.accountId);
    const conid = this.#conid(instruction.tradingInstrument);
    const quantity = this.#quantity(instruction.quantity);
    if (instruction.direction === 'OUT') this.#ensureHeld(account, conid, quantity);
    else if (this.context.accounts.market.price(conid) === undefined)
      throw new Refusal('NO_MARKET_PRICE', `Conid ${conid} has no price to book a delivery at`);
    const signed = instruction.direction === 'OUT' ? -quantity : quantity;
    return this.#pending(kind, {
      type: 'position',
      accountId: account.id,
      conid,
      quantity: signed,
    });
  }

  /** A version-2 delivery: every position checked as a version-1 delivery of it would be, each
   * contract once; settled together. */
  #deliveries(
    kind: 'FOP' | 'DWAC' | 'COMPLEX_ASSET_TRANSFER',
    instruction: { accountId: string; direction: 'IN' | 'OUT'; positions: PositionV2[] },
  ): Plan {
    const account = this.#account(instruction.accountId);
    const out = instruction.direction === 'OUT';
    const seen = new Set<number>();
    const positions = instruction.positions.map((position) => {
      const conid = this.#conid(position);
      if (seen.has(conid))
        throw new Refusal('DUPLICATE_POSITION', `Conid ${conid} is named twice in the positions`);
      seen.add(conid);
      const quantity = this.#quantity(position.quantity);
      if (out) this.#ensureHeld(account, conid, quantity);
      else if (this.context.accounts.market.price(conid) === undefined)
        throw new Refusal('NO_MARKET_PRICE', `Conid ${conid} has no price to book a delivery at`);
      return { conid, quantity: out ? -quantity : quantity };
    });
    return this.#pending(kind, { type: 'positions', accountId: account.id, positions });
  }

  #cancel(instruction: InstructionInputs['CANCEL_INSTRUCTION']): Plan {
    const target = this.book.get(instruction.instructionId);
    if (!target)
      throw new Refusal('NOT_CANCELLABLE', `No instruction ${instruction.instructionId}`);
    if (target.status !== 'PENDING' && target.status !== 'PENDING_VERIFICATION')
      throw new Refusal(
        'NOT_CANCELLABLE',
        `Instruction ${target.instructionId} already ended (${target.status})`,
      );
    return {
      ...(target.accountId === undefined ? {} : { accountId: target.accountId }),
      status: 'PROCESSED',
      ibReferenceId: target.instructionId,
      apply: () => {
        this.book.put({
          ...target,
          status: 'REJECTED',
          error: { errorCode: 'CANCELLED', errorMessage: `Cancelled: ${instruction.reason}` },
        });
        const saved = this.banks
          .ofAccount(target.accountId ?? '')
          .find((record) => record.instructionId === target.instructionId);
        if (saved) this.banks.delete(saved);
      },
    };
  }
}
