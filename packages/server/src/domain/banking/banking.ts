import type { BankingStore } from './store-view.js';
import type { AreaContext } from '../accounts/brokerage.js';
import { badRequest, notFound, unprocessable } from '../kernel/errors.js';
import { BankInstructions } from './bank-instructions.js';
import { InstructionBook } from './instruction-book.js';
import {
  Refusal,
  type BankInstructionRecord,
  type InstructionError,
  type InstructionRecord,
  type SetItem,
  type Submitted,
  type SubmittedSet,
} from './model.js';
import { accountIdsIn, cancelledIdIn, instructionsOf } from './named-accounts.js';
import { Queries } from './queries.js';
import type { Plan } from './plan.js';
import { Rules } from './rules.js';
import { Settlement } from './settlement.js';
import {
  responseView,
  resultView,
  type InstructionResponseView,
  type InstructionSetView,
} from './views.js';

/** Hears the accounts an instruction read names, and throws to refuse the read. */
export type ReadCheck = (accountIds: string[]) => void;

const allowed: ReadCheck = () => undefined;

/** How an instruction was taken: made now, found again (a retry of its client instruction id),
 * or refused by a rule. */
type Taken =
  | { made: InstructionRecord }
  | { found: InstructionRecord }
  | { refused: InstructionRecord; refusal: Refusal };

export type BankingContext = AreaContext<
  'clock' | 'timedTasks' | 'events' | 'random',
  'market' | 'onLoad' | 'account' | 'keepAccount',
  BankingStore
>;

/** Banking under `/gw/api/v1`: bank instructions, deposits and withdrawals, transfers between
 * accounts and brokers, cancellations and queries, each an instruction kept with its status;
 * the pending ones settle on the brokerage's clock and move cash and positions of the accounts
 * the trading side reads (ledger, summaries, positions). An instruction is made once per client
 * instruction id: a retry answers the instruction already made. */
export class Banking {
  readonly #book: InstructionBook;
  readonly #banks: BankInstructions;
  readonly #rules: Rules;
  readonly #settlement: Settlement;

  constructor(private readonly context: BankingContext) {
    this.#book = new InstructionBook(context.store, context.clock);
    this.#banks = new BankInstructions(context.store);
    this.#rules = new Rules(
      context,
      this.#book,
      this.#banks,
      new Queries(context, this.#book, this.#banks),
    );
    this.#settlement = new Settlement(context, this.#book);
  }

  /** One instruction, answered with `status` (202 or 201), or refused (422). */
  submit(submitted: Submitted, status: 201 | 202): InstructionResponseView {
    const setId = this.#book.nextSetId();
    const taken = this.#take(submitted, setId, false);
    if ('refusal' in taken) throw unprocessable(`${taken.refusal.code}: ${taken.refusal.message}`);
    const record = 'made' in taken ? taken.made : taken.found;
    if ('made' in taken)
      this.#book.putSet({
        instructionSetId: setId,
        items: [{ instructionId: record.instructionId, status }],
      });
    return responseView(record, status);
  }

  /** Several instructions of one kind, each taken on its own, in order: 202 when every one was
   * accepted, 207 when some were refused (their items 422, with the reason). */
  submitSet(submitted: SubmittedSet): { status: 202 | 207; body: InstructionSetView } {
    const setId = this.#book.nextSetId();
    const items: SetItem[] = [];
    const results: InstructionSetView['instructionResults'] = [];
    for (const instruction of submitted.instructions) {
      const taken = this.#take(
        { instructionType: submitted.instructionType, instruction } as Submitted,
        setId,
        true,
      );
      if ('refusal' in taken) {
        const detail = taken.refusal.message;
        items.push({ instructionId: taken.refused.instructionId, status: 422, detail });
        results.push({ ...responseView(taken.refused, 422), ...problemOf(detail) });
      } else {
        const record = 'made' in taken ? taken.made : taken.found;
        items.push({ instructionId: record.instructionId, status: 202 });
        results.push(responseView(record, 202));
      }
    }
    this.#book.putSet({ instructionSetId: setId, items });
    const status = items.every((item) => item.status !== 422) ? 202 : 207;
    return { status, body: { instructionResults: results, instructionSetId: setId, status } };
  }

  /** The accounts a request's body names: each instruction's account keys and, for a
   * cancellation, the accounts of the instruction it cancels (what a client must be allowed to
   * act on before it is taken). */
  accountsNamedBy(body: unknown): string[] {
    return instructionsOf(body).flatMap((instruction) => {
      const cancelled = cancelledIdIn(instruction);
      const target = cancelled === undefined ? undefined : this.#book.get(cancelled);
      return [...accountIdsIn(instruction), ...(target ? this.#accountsOf(target) : [])];
    });
  }

  /** An instruction by the service's id: 208 when its client instruction id was sent again for
   * another instruction. `mayRead` hears the accounts it names before it is answered (and
   * throws to refuse it). */
  status(
    instructionId: number,
    mayRead: ReadCheck = allowed,
  ): { status: 200 | 208; body: InstructionResponseView } {
    const record = this.#book.get(instructionId);
    if (!record) throw notFound(`No instruction ${instructionId}`);
    mayRead(this.#accountsOf(record));
    return this.#polled(record);
  }

  /** The first instruction made with a client instruction id (208 when it was sent again for
   * another); `mayRead` as for `status`. */
  statusByClientId(
    clientInstructionId: number,
    mayRead: ReadCheck = allowed,
  ): {
    status: 200 | 208;
    body: InstructionResponseView;
  } {
    const made = this.#book.withClientId(clientInstructionId);
    // The instruction that claims the id; a query only when nothing else was made with it.
    const first = made.find((record) => !record.kind.startsWith('QUERY_')) ?? made[0];
    if (!first) throw notFound(`No instruction with client instruction id ${clientInstructionId}`);
    mayRead(this.#accountsOf(first));
    return this.#polled(first);
  }

  /** The accounts an instruction is about: the one it was kept with (a cancellation's: the
   * cancelled one's) and those it named when sent. */
  #accountsOf(record: InstructionRecord): string[] {
    return [
      ...(record.accountId === undefined ? [] : [record.accountId]),
      ...accountIdsIn(JSON.parse(record.sent) as unknown),
    ];
  }

  #polled(record: InstructionRecord): { status: 200 | 208; body: InstructionResponseView } {
    const status = record.reused === true ? 208 : 200;
    return { status, body: responseView(record, status) };
  }

  /** A set with every instruction's status now, each item with the status it was answered with;
   * `mayRead` hears the accounts its instructions name, as for `status`. */
  set(instructionSetId: number, mayRead: ReadCheck = allowed): InstructionSetView {
    const set = this.#book.getSet(instructionSetId);
    if (!set) throw notFound(`No instruction set ${instructionSetId}`);
    mayRead(
      set.items.flatMap((item) => {
        const record = this.#book.get(item.instructionId);
        return record ? this.#accountsOf(record) : [];
      }),
    );
    return {
      instructionSetId,
      status: 200,
      instructionResults: set.items.flatMap((item) => {
        const record = this.#book.get(item.instructionId);
        if (!record) return [];
        return [
          {
            instructionResult: resultView(record),
            instructionSetId,
            status: item.status,
            ...(item.detail === undefined ? {} : problemOf(item.detail)),
          },
        ];
      }),
    };
  }

  /** Settles a pending instruction now (control API). */
  settleNow(instructionId: number): InstructionResponseView {
    return responseView(this.#settlement.settleNow(this.#pendingOne(instructionId)), 200);
  }

  /** Ends a pending instruction as failed now (control API): it never moves anything. */
  failNow(instructionId: number, error: InstructionError): InstructionResponseView {
    return responseView(this.#settlement.failNow(this.#pendingOne(instructionId), error), 200);
  }

  /** Saves a verified bank instruction for an account (control API). */
  seedBankInstruction(
    bank: Omit<BankInstructionRecord, 'status' | 'instructionId'>,
  ): BankInstructionRecord {
    if (!this.context.accounts.account(bank.accountId))
      throw notFound(`No account ${bank.accountId}`);
    const record: BankInstructionRecord = { ...bank, status: 'PROCESSED', instructionId: 0 };
    this.#banks.put(record);
    return record;
  }

  /** The two small amounts credited to verify an ACH instruction (control API: what the holder
   * reads on the bank statement). */
  microAmounts(instructionId: number): [number, number] {
    const amounts = this.#book.get(instructionId)?.microAmounts;
    if (!amounts) throw notFound(`No ACH instruction ${instructionId}`);
    return amounts;
  }

  #pendingOne(instructionId: number): InstructionRecord {
    const record = this.#book.get(instructionId);
    if (!record) throw notFound(`No instruction ${instructionId}`);
    if (record.status !== 'PENDING' || record.dueAt === undefined)
      throw badRequest(`Instruction ${instructionId} is not a pending transfer (${record.status})`);
    return record;
  }

  #take(submitted: Submitted, setId: number, keepRefused: boolean): Taken {
    const { instructionType, instruction } = submitted;
    const clientInstructionId = instruction.clientInstructionId;
    const sent = JSON.stringify(instruction);
    const query = instructionType.startsWith('QUERY_');
    const [existing] = query
      ? []
      : this.#book
          .withClientId(clientInstructionId)
          .filter((record) => !record.kind.startsWith('QUERY_'));
    if (existing) {
      if (existing.sent !== sent || existing.kind !== instructionType) {
        const reused = { ...existing, reused: true };
        this.#book.put(reused);
        return { found: reused };
      }
      return { found: existing };
    }
    let plan: Plan;
    try {
      plan = this.#rules.plan(submitted);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      const refused: InstructionRecord = {
        instructionId: this.#book.nextInstructionId(),
        clientInstructionId,
        instructionSetId: setId,
        kind: instructionType,
        status: 'REJECTED',
        createdAt: this.context.clock.now(),
        error: { errorCode: error.code, errorMessage: error.message },
        sent,
        refused: true,
      };
      if (keepRefused) this.#book.put(refused);
      return { refused, refusal: error };
    }
    const instructionId = this.#book.nextInstructionId();
    const { apply, ibReferenceId, ...kept } = plan;
    const made: InstructionRecord = {
      ...kept,
      instructionId,
      clientInstructionId,
      instructionSetId: setId,
      kind: instructionType,
      createdAt: this.context.clock.now(),
      sent,
      ...(ibReferenceId === undefined
        ? {}
        : { ibReferenceId: ibReferenceId === 'self' ? instructionId : ibReferenceId }),
    };
    this.#book.put(made);
    apply?.(instructionId);
    if (made.status === 'PENDING' && made.dueAt !== undefined)
      this.#settlement.added(instructionId, made.dueAt);
    return { made: this.#book.get(instructionId) ?? made };
  }
}

/** The problem-details fields of a refused item of a set. */
function problemOf(detail: string): { type: string; title: string; detail: string } {
  return { type: 'about:blank', title: 'Unprocessable Entity', detail };
}
