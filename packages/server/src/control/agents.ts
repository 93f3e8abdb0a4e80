// The control API's side of the MCP endpoint: the user's consent and tokens without the flow,
// the user who submits an order instruction in the app, and the endpoint's failure scenarios.
import type { ControlSchema } from '@brokerage/types/control';
import type { Brokerage } from '../domain/accounts/brokerage.js';
import type { Session } from '../domain/accounts/sessions.js';
import type { AgentAuthorization } from '../domain/agent-access/agent-authorization.js';
import type { AgentScenarioBook } from '../domain/agent-access/agent-scenarios.js';
import { OAuthError } from '../domain/agent-access/oauth-error.js';
import type { OrderInstructions } from '../domain/instructions/instructions.js';
import type { OrderInstruction } from '../domain/instructions/model.js';
import { badRequest } from '../domain/kernel/errors.js';
import type { OrderBook } from '../domain/orders/order-book.js';
import type { OrderRequest } from '../domain/orders/order-request.js';

export interface AgentControlsOptions {
  brokerage: Pick<Brokerage, 'clock'>;
  agentAuthorization: AgentAuthorization;
  agentScenarios: AgentScenarioBook;
  instructions: OrderInstructions;
  orders: Pick<OrderBook, 'place' | 'reply'>;
}

/** The most warnings the user confirms for one submission (the rule table raises a few). */
const maxConfirmations = 10;

/** The order an instruction asks for, in the document's terms: overnight times in force (which
 * the document's `tif` does not have) as a day order outside regular hours. */
function orderOf(instruction: OrderInstruction): OrderRequest {
  const overnight = instruction.tif === 'OVT' || instruction.tif === 'OND';
  return {
    acctId: instruction.accountId,
    conid: instruction.conid,
    ...(instruction.contractIdEx.includes('@') ? { conidex: instruction.contractIdEx } : {}),
    side: instruction.side,
    quantity: instruction.quantity,
    orderType: instruction.orderType === 'LIMIT' ? 'LMT' : 'MKT',
    ...(instruction.limitPrice === undefined ? {} : { price: instruction.limitPrice }),
    tif: overnight
      ? 'DAY'
      : instruction.tif === 'OPG'
        ? 'OPG'
        : instruction.tif === 'GTC'
          ? 'GTC'
          : 'DAY',
    ...(overnight ? { outsideRTH: true } : {}),
  } as OrderRequest;
}

/** OAuth errors of the control calls are the control API's 400s. */
function asControlError<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof OAuthError) throw badRequest(error.description);
    throw error;
  }
}

export class AgentControls {
  constructor(private readonly options: AgentControlsOptions) {}

  /** Tokens of a grant made without the flow (tests of agents, not of their OAuth). */
  tokens(request: ControlSchema<'AgentGrantRequest'>): ControlSchema<'AgentTokens'> {
    return asControlError(() =>
      this.options.agentAuthorization.issueFor(
        request.username,
        request.accountId,
        'control',
        request.scope,
      ),
    );
  }

  /** The user's consent to the waiting authorization request. */
  consent(request: ControlSchema<'AgentConsentRequest'>): ControlSchema<'AgentConsent'> {
    return asControlError(() =>
      this.options.agentAuthorization.consent(
        request.username,
        request.accountId,
        request.requestId,
      ),
    );
  }

  /** The user submits an instruction in the app: it becomes a live order, its warnings confirmed. */
  submitInstruction(id: string): ControlSchema<'InstructionSubmission'> {
    const { instructions, orders, brokerage } = this.options;
    const instruction = instructions.byId(id);
    const session = appSession(instruction, brokerage.clock.now());
    let outcome = orders.place(session, instruction.accountId, [orderOf(instruction)]);
    for (
      let confirmed = 0;
      outcome.kind === 'warning' && confirmed < maxConfirmations;
      confirmed += 1
    ) {
      outcome = orders.reply(session, outcome.replyId, true);
    }
    if (outcome.kind === 'rejected') throw badRequest(outcome.error);
    if (outcome.kind !== 'transmitted') throw badRequest('The order still asks for confirmation');
    const placed = outcome.orders[0];
    if (!placed) throw badRequest('No order was placed');
    instructions.submitted(id);
    return { instructionId: id, orderId: placed.order.id, orderStatus: placed.status };
  }

  // The failures (scenarios).
  firewall(enabled: boolean): ControlSchema<'AgentScenarios'> {
    return this.options.agentScenarios.arm({ firewall: enabled });
  }
  registrationAllowlist(enabled: boolean): ControlSchema<'AgentScenarios'> {
    return this.options.agentScenarios.arm({ registrationAllowlist: enabled });
  }
  toolListUnavailable(times = 1): ControlSchema<'AgentScenarios'> {
    return this.options.agentScenarios.arm({ toolListFailures: times });
  }
  /** Arguments sent as strings refused (`true`, the service's answer) or converted. */
  stringArguments(refused: boolean): ControlSchema<'AgentScenarios'> {
    return this.options.agentScenarios.arm({ stringArgumentsRefused: refused });
  }
  toolError(tool: string, times = 1): ControlSchema<'AgentScenarios'> {
    const { agentScenarios } = this.options;
    const others = Object.entries(agentScenarios.current().toolErrors).filter(
      ([name]) => name !== tool,
    );
    const toolErrors = Object.fromEntries(times === 0 ? others : [...others, [tool, times]]);
    return agentScenarios.arm({ toolErrors });
  }
}

/** The user's session in the app, where the instruction is submitted (never stored). */
function appSession(instruction: OrderInstruction, now: number): Session {
  return {
    id: `app-${instruction.id}`,
    username: instruction.username,
    origin: 'control',
    createdAt: now,
    lastSeenAt: now,
    brokerageOpen: true,
    established: true,
    selectedAccountId: instruction.accountId,
    portfolioListed: true,
    accountsQueried: true,
    pnlRequested: true,
    searchedUnderlyings: [],
    ended: false,
  };
}
