import type { AreaContext } from '../accounts/brokerage.js';
import { badRequest } from '../kernel/errors.js';
import { nextInSequence } from '../kernel/sequences.js';
import type { Index } from '../kernel/store.js';
import type { InstructionsStore } from './store-view.js';
import type { InstructionDraft, OrderInstruction } from './model.js';

/** An instruction's life when nobody submits it. */
export const instructionLifeMs = 7 * 24 * 60 * 60_000;

/** The most instructions an account keeps at once: more are refused, so that no agent can grow
 * the state at will (the service's limit is not public). */
export const maxInstructionsPerAccount = 100;

export type InstructionsContext = AreaContext<'clock', 'market', InstructionsStore>;

/** A stock's conid as digits, or a derivative's `<conid>@<exchange>`; combos are refused. */
function conidOf(contractIdEx: string): number {
  const match = /^([0-9]{1,12})(?:@([A-Z0-9._-]{1,20}))?$/.exec(contractIdEx);
  if (!match) {
    throw badRequest(
      `contract_id_ex ${contractIdEx} is not a contract id nor <contract id>@<exchange> (combo orders are not simulated)`,
    );
  }
  return Number(match[1]);
}

/**
 * Order instructions, as the service keeps them for agents: drafts of one order for one account,
 * listed and deleted by the agent, never an order until the user submits one (in the app; here
 * the control API), and dropped seven days after their creation on the simulation's clock.
 */
export class OrderInstructions {
  readonly #byAccount: Index<OrderInstruction>;

  constructor(private readonly context: InstructionsContext) {
    this.#byAccount = this.records.index('byAccount', (one) => `${one.username}/${one.accountId}`);
  }

  private get records() {
    return this.context.store.collection('orderInstructions');
  }

  /** Drafts an instruction for the account; an unknown contract or a bad price → 400. */
  create(username: string, accountId: string, draft: InstructionDraft): OrderInstruction {
    const conid = conidOf(draft.contractIdEx);
    const instrument = this.context.accounts.market.instrument(conid);
    if (!instrument) throw badRequest(`No contract ${conid}`);
    if (!(draft.quantity > 0)) throw badRequest('quantity must be more than 0');
    if (draft.orderType === 'LIMIT' && draft.limitPrice === undefined) {
      throw badRequest('limit_price is required for a LIMIT order');
    }
    if (this.ofAccount(username, accountId).length >= maxInstructionsPerAccount) {
      throw badRequest(`An account keeps at most ${maxInstructionsPerAccount} order instructions`);
    }
    const now = this.context.clock.now();
    const instruction: OrderInstruction = {
      ...draft,
      ...(draft.orderType === 'MARKET' ? { limitPrice: undefined } : {}),
      id: String(nextInSequence(this.context.store, 'orderInstructions', 1000)),
      username,
      accountId,
      conid,
      symbol: instrument.symbol,
      createdAt: now,
      expiresAt: now + instructionLifeMs,
      isNew: true,
    };
    if (instruction.limitPrice === undefined) delete instruction.limitPrice;
    this.records.set(instruction.id, instruction, { expiresAt: instruction.expiresAt });
    return instruction;
  }

  /** The account's live instructions, oldest first; listing them marks them seen. */
  list(username: string, accountId: string): OrderInstruction[] {
    const listed = this.ofAccount(username, accountId);
    for (const instruction of listed.filter((one) => one.isNew)) {
      this.records.set(
        instruction.id,
        { ...instruction, isNew: false },
        { expiresAt: instruction.expiresAt },
      );
    }
    return listed;
  }

  /** The live instruction of the account with this id; another → 400. */
  find(username: string, accountId: string, id: string): OrderInstruction {
    const instruction = this.records.get(id);
    if (
      !instruction ||
      instruction.username !== username ||
      instruction.accountId !== accountId ||
      instruction.expiresAt <= this.context.clock.now()
    ) {
      throw badRequest(`No order instruction ${id}`);
    }
    return instruction;
  }

  /** The live instruction with this id, whoever drafted it (the user submitting it); another → 400. */
  byId(id: string): OrderInstruction {
    const instruction = this.records.get(id);
    if (!instruction || instruction.expiresAt <= this.context.clock.now()) {
      throw badRequest(`No order instruction ${id}`);
    }
    return instruction;
  }

  /** Deletes an instruction of the account; another → 400. */
  delete(username: string, accountId: string, id: string): void {
    this.records.delete(this.find(username, accountId, id).id);
  }

  /** Forgets a submitted instruction: it is an order now. */
  submitted(id: string): void {
    this.records.delete(id);
  }

  private ofAccount(username: string, accountId: string): OrderInstruction[] {
    const now = this.context.clock.now();
    return this.#byAccount
      .get(`${username}/${accountId}`)
      .filter((one) => one.expiresAt > now)
      .sort((a, b) => a.createdAt - b.createdAt || Number(a.id) - Number(b.id));
  }
}
