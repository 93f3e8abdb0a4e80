import type { Schema } from '@brokerage/types';

/** What an instruction does (the service's `instructionType`). */
export type InstructionKind = Schema<'BankingInstructionKind'>;

/** Where an instruction is: `PENDING` until it ends `PROCESSED` or `REJECTED`; an ACH
 * instruction waits in `PENDING_VERIFICATION` for its small amounts to be confirmed. */
export type InstructionStatus = 'PENDING' | 'PROCESSED' | 'REJECTED' | 'PENDING_VERIFICATION';

/** Why an instruction was refused or failed: the service's code and a sentence. */
export interface InstructionError {
  errorCode: string;
  errorMessage: string;
}

/** What a pending instruction changes when it settles. */
export type Movement =
  /** Cash in (positive) or out (negative) of one account. */
  | { type: 'cash'; accountId: string; currency: string; amount: number }
  /** A position delivered in (positive, booked at the price of the day) or out (negative). */
  | { type: 'position'; accountId: string; conid: number; quantity: number }
  /** Several positions of one account delivered in or out together (a version-2 delivery):
   * all are booked, or none. */
  | { type: 'positions'; accountId: string; positions: { conid: number; quantity: number }[] }
  /** A position moved between two accounts; booked in the target at `price` or the source's
   * average cost. */
  | {
      type: 'positionMove';
      source: string;
      target: string;
      conid: number;
      quantity: number;
      price?: number;
    }
  /** Nothing to book (a full account transfer from another broker). */
  | { type: 'none'; accountId: string };

/** What a settled instruction moved in one account: cash in (positive) or out, or a position in
 * or out with the cost per unit it was booked at (moved out: the account's average cost). An
 * internal transfer books one for each account. */
export type Booking = {
  accountId: string;
  /** The other account of an internal transfer. */
  counterparty?: string;
} & (
  | { type: 'cash'; currency: string; amount: number }
  | { type: 'position'; conid: number; quantity: number; costBasis: number }
);

/** A booking as the store keeps it for the account's statements. */
export type BookedMovement = Booking & {
  /** `<instructionId>/<accountId>`, and `/<conid>` for a position. */
  id: string;
  instructionId: number;
  kind: InstructionKind;
  /** When it settled, epoch ms of the brokerage's clock. */
  time: number;
};

/** One instruction, as the store keeps it. */
export interface InstructionRecord {
  instructionId: number;
  clientInstructionId: number;
  instructionSetId: number;
  kind: InstructionKind;
  status: InstructionStatus;
  /** The account the instruction is about (the source of a move), when it has one. */
  accountId?: string;
  /** When it was accepted, epoch ms of the brokerage's clock. */
  createdAt: number;
  /** When a pending instruction settles. */
  dueAt?: number;
  movement?: Movement;
  error?: InstructionError;
  /** The service's reference of what it made (the instruction itself, or the one cancelled). */
  ibReferenceId?: number;
  /** The result fields of a processed query or deposit. */
  details?: Record<string, unknown>;
  /** The instruction as sent (JSON), to tell a retry from another transaction. */
  sent: string;
  /** Its client instruction id was sent again with another instruction. */
  reused?: boolean;
  /** Refused when it was sent: it holds no claim on its client instruction id. */
  refused?: boolean;
  /** The two small amounts credited to verify an ACH instruction. */
  microAmounts?: [number, number];
}

/** One item of an instruction set: its instruction and the status it was answered with. */
export interface SetItem {
  instructionId: number;
  status: 201 | 202 | 422;
  detail?: string;
}

/** The instructions of one request, in the order sent. */
export interface InstructionSetRecord {
  instructionSetId: number;
  items: SetItem[];
}

/** A saved bank instruction of an account (ACH, wire, predefined destination, eDDA). */
export interface BankInstructionRecord {
  accountId: string;
  name: string;
  /** `ACH`, `WIRE`, `SEPA`, `eDDA`, ... */
  method: string;
  currency: string;
  bankAccountNumber: string;
  bankRoutingNumber: string;
  /** `PENDING_VERIFICATION` until an ACH instruction's small amounts are confirmed. */
  status: 'PROCESSED' | 'PENDING_VERIFICATION';
  /** The instruction that created it. */
  instructionId: number;
}

/** A recurring deposit or withdrawal, kept from the instruction that asked for it. */
export interface RecurringRecord {
  instructionId: number;
  accountId: string;
  kind: 'DEPOSIT' | 'WITHDRAWAL';
  amount: number;
  currency: string;
  method: string;
  bankInstructionName: string;
  name: string;
  frequency: string;
  startDate: string;
  endDate?: string;
}

const hourMs = 3_600_000;

/** How long after acceptance each kind of pending instruction settles (our choice: the service
 * names no delays; see docs/decisions/service/gw-banking-settlement-and-idempotency.md). */
export const settlementDelayMs: Partial<Record<InstructionKind, number>> = {
  DEPOSIT: 24 * hourMs,
  WITHDRAWAL: 24 * hourMs,
  INTERNAL_POSITION_TRANSFER: 24 * hourMs,
  FOP: 72 * hourMs,
  DWAC: 72 * hourMs,
  COMPLEX_ASSET_TRANSFER: 72 * hourMs,
  EXTERNAL_POSITION_TRANSFER: 72 * hourMs,
};

/** How long instructions and sets are kept, and how far the recent-instructions query reaches. */
export const historyDays = 90;
/** The most instructions the recent-instructions query lists. */
export const historyMaxInstructions = 1000;
export const dayMs = 24 * hourMs;

/** The instruction each kind is sent with. */
export interface InstructionInputs {
  ACH_INSTRUCTION: Schema<'BankingAchInstruction'>;
  TRADITIONAL_BANK_INSTRUCTION_VERIFICATION: Schema<'BankingMicroAmountVerification'>;
  DELETE_BANK_INSTRUCTION: Schema<'BankingDeleteBankInstruction'>;
  PREDEFINED_DESTINATION_INSTRUCTION: Schema<'BankingPredefinedDestination'>;
  EDDA_INSTRUCTION: Schema<'BankingEddaInstruction'>;
  DEPOSIT: Schema<'BankingDepositInstruction'>;
  WITHDRAWAL: Schema<'BankingWithdrawalInstruction'>;
  INTERNAL_CASH_TRANSFER: Schema<'BankingInternalCashTransfer'>;
  INTERNAL_POSITION_TRANSFER: Schema<'BankingInternalPositionTransfer'>;
  /** The version-1 body (one instrument) or the version-2 body (`positions`). */
  FOP: Schema<'BankingFopInstruction'> | Schema<'BankingFopInstructionV2'>;
  DWAC: Schema<'BankingDwacInstruction'> | Schema<'BankingDwacInstructionV2'>;
  COMPLEX_ASSET_TRANSFER:
    Schema<'BankingComplexAssetTransfer'> | Schema<'BankingComplexAssetTransferV2'>;
  EXTERNAL_POSITION_TRANSFER: Schema<'BankingExternalPositionTransfer'>;
  CANCEL_INSTRUCTION: Schema<'BankingCancelInstruction'>;
  QUERY_BANK_INSTRUCTION: Schema<'BankingQueryBankInstruction'>;
  QUERY_RECENT_RECURRING_EVENTS: Schema<'BankingQueryRecentRecurringEvents'>;
  QUERY_RECURRING_INSTRUCTIONS: Schema<'BankingQueryRecurringInstructions'>;
  QUERY_WITHDRAWABLE_FUNDS: Schema<'BankingQueryWithdrawableFunds'>;
  QUERY_IRA_CONTRIBUTIONS: Schema<'BankingQueryIraContributions'>;
  QUERY_RECENT_INSTRUCTIONS: Schema<'BankingQueryRecentInstructions'>;
  QUERY_WITHDRAWABLE_CASH_EQUITY: Schema<'BankingQueryWithdrawableCashEquity'>;
}

/** One instruction as a request sends it: its kind and its fields. */
export type Submitted = {
  [Kind in keyof InstructionInputs]: {
    instructionType: Kind;
    instruction: InstructionInputs[Kind];
  };
}[keyof InstructionInputs];

/** Several instructions of one kind, as a bulk request sends them. */
export type SubmittedSet = {
  [Kind in keyof InstructionInputs]: {
    instructionType: Kind;
    instructions: InstructionInputs[Kind][];
  };
}[keyof InstructionInputs];

/** A business rule refused the instruction: the service's code and the reason. */
export class Refusal extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'Refusal';
  }
}
