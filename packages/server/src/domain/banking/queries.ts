import type { AreaContext } from '../accounts/brokerage.js';
import type { Account } from '../accounts/model.js';
import { valueAccount } from '../accounts/valuation.js';
import { masked, type BankInstructions } from './bank-instructions.js';
import { withdrawableCash } from './holdings.js';
import type { InstructionBook } from './instruction-book.js';
import {
  dayMs,
  historyDays,
  historyMaxInstructions,
  Refusal,
  type InstructionInputs,
  type InstructionRecord,
} from './model.js';
import { roundTo } from '../kernel/money.js';

/** The yearly contribution limit of a retirement account (ours: one figure for every kind). */
const iraContributionLimit = 7000;

export type QueriesContext = AreaContext<'clock', 'market'>;

/** What the query instructions answer, read from the accounts and the instructions. */
export class Queries {
  constructor(
    private readonly context: QueriesContext,
    private readonly book: InstructionBook,
    private readonly banks: BankInstructions,
  ) {}

  bankInstructions(query: InstructionInputs['QUERY_BANK_INSTRUCTION']): Record<string, unknown> {
    const method = query.bankInstructionMethod;
    return {
      accountId: query.accountId,
      bankInstructionMethod: method,
      bankInstructionDetails: this.banks
        .ofAccount(query.accountId)
        .filter(
          (record) =>
            record.method === method || (method.endsWith('ACH') && record.method === 'ACH'),
        )
        .map((record) => ({
          bankAccountNumber: masked(record.bankAccountNumber),
          bankRoutingNumber: record.bankRoutingNumber,
          currency: record.currency,
          instructionName: record.name,
          instructionStatus: record.status,
          type: 'DOMESTIC_BANK',
        })),
    };
  }

  recurring(accountId: string): Record<string, unknown> {
    const records = this.#recurringOf(accountId);
    return {
      accountId,
      recurringInstructions: records.map((record) => ({
        amount: record.amount,
        bankInstructionMethod: record.method,
        bankInstructionName: record.bankInstructionName,
        currency: record.currency,
        frequency: record.frequency,
        requestId: record.instructionId,
        startDate: record.startDate,
        ...(record.endDate === undefined ? {} : { endDate: record.endDate }),
        transactionType: record.kind,
      })),
    };
  }

  #recurringOf(accountId: string) {
    return this.book
      .ofAccount(accountId)
      .map((record) => this.book.recurring(record.instructionId))
      .filter((record) => record !== undefined);
  }

  recurringEvents(
    query: InstructionInputs['QUERY_RECENT_RECURRING_EVENTS'],
  ): Record<string, unknown> {
    const recurring = this.book.recurring(query.ibReferenceId);
    const first = this.book.get(query.ibReferenceId);
    if (!recurring || !first)
      throw new Refusal(
        'UNKNOWN_RECURRING_INSTRUCTION',
        `No recurring instruction ${query.ibReferenceId}`,
      );
    return {
      amount: recurring.amount,
      currency: recurring.currency,
      method: recurring.method,
      recurringInstructionName: recurring.name,
      recurringTransactionStatus: first.status === 'REJECTED' ? 'CANCELLED' : 'ACTIVE',
      recurringTransactionType: recurring.kind,
      transactionHistory: {
        maxNumberOfTransactions: query.numberOfTransactions ?? 100,
        result: [{ ibRequestId: first.instructionId, status: first.status }],
      },
    };
  }

  withdrawable(
    account: Account,
    query: InstructionInputs['QUERY_WITHDRAWABLE_FUNDS'],
  ): Record<string, unknown> {
    const currency = query.currency.toUpperCase();
    const amount = withdrawableCash(account, currency, this.book.pendingOf(account.id));
    if (query.bankAccountNumber !== undefined)
      return {
        accountId: account.id,
        currency,
        withdrawableAmountWithoutOriginationHold: amount,
        withdrawableAmountWithoutOriginationHoldNoBorrow: amount,
      };
    const toMaster = account.parent === undefined ? 0 : amount;
    return {
      accountId: account.id,
      currency,
      withdrawableAmount: amount,
      withdrawableAmountNoBorrow: amount,
      allowedTransferAmountToMaster: toMaster,
      allowedTransferAmountToMasterNoBorrow: toMaster,
    };
  }

  cashAndEquity(account: Account, asked: string): Record<string, unknown> {
    const currency = asked.toUpperCase();
    let rate: number;
    try {
      rate = this.context.accounts.market.rate(account.baseCurrency, currency);
    } catch {
      throw new Refusal('UNSUPPORTED_CURRENCY', `Currency ${asked} is not supported`);
    }
    const equity = valueAccount(account, this.context.accounts.market).total.netLiquidation;
    return {
      accountId: account.id,
      currency,
      availableEquityValue: roundTo(equity * rate, 2),
      withdrawableCashAmount: withdrawableCash(account, currency, this.book.pendingOf(account.id)),
    };
  }

  iraContributions(account: Account, year: string): Record<string, unknown> {
    const contributed = this.book
      .ofAccount(account.id)
      .filter(
        (record) =>
          record.kind === 'DEPOSIT' &&
          record.status === 'PROCESSED' &&
          new Date(record.dueAt ?? record.createdAt).getUTCFullYear() === Number(year) &&
          (JSON.parse(record.sent) as { iraDepositDetail?: unknown }).iraDepositDetail !==
            undefined,
      )
      .reduce(
        (sum, record) => sum + (record.movement?.type === 'cash' ? record.movement.amount : 0),
        0,
      );
    return {
      accountId: account.id,
      iraType: account.type,
      year,
      contributions: [
        {
          maximumContributionLimit: iraContributionLimit,
          yearToDateContribution: roundTo(contributed, 2),
          allowedContributionLimit: roundTo(Math.max(0, iraContributionLimit - contributed), 2),
        },
      ],
    };
  }

  recentInstructions(
    account: Account,
    query: InstructionInputs['QUERY_RECENT_INSTRUCTIONS'],
  ): Record<string, unknown> {
    const days = Math.min(historyDays, Math.ceil(query.transactionHistory.daysToGoBack));
    const since = this.context.clock.now() - days * dayMs;
    const type = query.transactionHistory.transactionType ?? 'ALL';
    const listed = (record: InstructionRecord) =>
      record.createdAt >= since &&
      !record.kind.startsWith('QUERY_') &&
      (type === 'ALL' || record.kind === type);
    return {
      instructionHistory: {
        historyMaxDepthNumberOfDays: historyDays,
        historyMaxDepthNumberOfInstruction: historyMaxInstructions,
        result: this.book
          .ofAccount(account.id)
          .filter(listed)
          .sort((a, b) => b.instructionId - a.instructionId)
          .slice(0, historyMaxInstructions)
          .map((record) => ({
            ...(record.movement?.type === 'cash'
              ? { amount: Math.abs(record.movement.amount), currency: record.movement.currency }
              : {}),
            clientInstructionId: record.clientInstructionId,
            ibInstructionId: record.instructionId,
            instructionSetId: record.instructionSetId,
            instructionType: record.kind,
            requestDate: new Date(record.createdAt).toISOString(),
            status: record.status,
          })),
      },
    };
  }
}
