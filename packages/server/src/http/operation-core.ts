import type { OperationId } from '@brokerage/types';
import type { Brokerage } from '../domain/accounts/brokerage.js';
import { penaltyRuleOf, type PenaltyRule } from '../domain/accounts/penalty-box.js';
import type { OAuth2 } from '../domain/auth/oauth2.js';
import { sleep, type Clock } from '../domain/kernel/clock.js';
import { inUnit } from '../domain/kernel/store.js';
import type { OperationInfo } from './document.js';
import type { FaultInjector } from './faults.js';
import type {
  Admitted,
  CheckedRequest,
  Handler,
  Handlers,
  OperationRequest,
  Reply,
} from './handler.js';
import type { RequestPacer } from './pacing.js';
import {
  admitSession,
  checkCredentials,
  needsSession,
  refuseBoxed,
  resolveSession,
  type IncomingRequest,
  type SessionGateOptions,
} from './session-gate.js';

/** What the steps of a documented operation's request are made of. */
export interface OperationCoreOptions {
  handlers: Handlers;
  brokerage: Brokerage;
  clock: Clock;
  gate: SessionGateOptions;
  pacer: RequestPacer | undefined;
  faults: FaultInjector;
  /** Verifies single sign-on bearer tokens before a token operation reads its body. */
  oauth2: OAuth2;
}

/** A request let through the gate: what its operation's access established (its session, its
 * bearer token's client), for `dispatch`, and `done`, to call once it was answered (it frees its
 * place among the requests in flight; calling it again does nothing). */
export interface Admission {
  admitted: Admitted;
  done: () => void;
}

/** The framework-neutral steps of a request to a documented operation, in the order a server
 * calls them: `admit` (before validation), then `dispatch` (after it). The Express pipeline
 * (`pipeline.ts`) and the MSW handlers (@brokerage/msw) both run on them; each error they throw
 * is answered with `answerFor` and `errorReply` (`error-response.ts`). */
export interface OperationCore {
  /** The gate: credentials or session, pacing (rate and requests in flight), and the session's
   * access (`no bridge`). */
  admit(operation: OperationInfo, request: IncomingRequest): Promise<Admission>;
  /** Injected faults and latency, then the operation's handler, given the validated request and
   * what `admit` established: its status and body. `answered` tells, after the latency, that the
   * request was answered meanwhile (timed out): the handler is then not run and `dispatch`
   * answers undefined. */
  dispatch(
    operation: OperationInfo,
    request: CheckedRequest,
    admitted: Admitted,
    reply: Reply,
    answered?: () => boolean,
  ): Promise<{ status: number; body: unknown } | undefined>;
  /** The operation has a handler: a request for it is dispatched. */
  serves(operationId: string): boolean;
}

/** Asks the pacer to admit a request, under the penalty rule the control API set, if any. */
type Pace = (key: string, endpoint: string, penalty?: PenaltyRule) => void | Promise<void>;

/** Asks `pacer` once for a key and endpoint, and answers that same verdict when asked again. */
function askedOnce(pacer: RequestPacer): Pace {
  let asked: { slot: string; verdict: void | Promise<void> } | undefined;
  return (key, endpoint, penalty) => {
    const slot = `${key}|${endpoint}`;
    if (asked?.slot !== slot) asked = { slot, verdict: pacer.admit(key, endpoint, penalty) };
    return asked.verdict;
  };
}

/** A request the gate let through, and the pacing key and endpoint it is counted under. */
interface Counted {
  admitted: Admitted;
  key: string;
  endpoint: string;
}

/** The handler's request: the parts the validator checked against the operation's schemas, and
 * what the gate established for the operation's access (`admitted.access` is the operation's),
 * added to the request made for this call (not copied: its `signal` is made only when read).
 * The compiler cannot follow an operationId known at run time to its types: this is the one place
 * where a request takes them. */
function typedRequest(request: CheckedRequest, admitted: Admitted): OperationRequest<OperationId> {
  return Object.assign(request, admitted) as unknown as OperationRequest<OperationId>;
}

/** `done` of a request that holds no place among the requests in flight. */
const nothingToRelease = (): void => undefined;

export function operationCore({
  handlers,
  brokerage,
  clock,
  gate,
  pacer,
  faults,
  oauth2,
}: OperationCoreOptions): OperationCore {
  const { store } = brokerage;
  const paceHere: Pace | undefined =
    pacer && ((key, endpoint, penalty) => pacer.admit(key, endpoint, penalty));
  const admitNow = async (
    operation: OperationInfo,
    request: IncomingRequest,
    pace: Pace | undefined,
  ): Promise<Counted> => {
    const { access } = operation;
    let admitted: Admitted;
    if (needsSession(access)) {
      admitted = { access, session: await resolveSession(request, gate) };
    } else {
      // A token operation has no session to fail after: an injected fault comes first.
      const injected = faults.take(operation.operationId);
      if (injected) throw injected;
      admitted = await checkCredentials(request, { access, scopes: operation.scopes }, oauth2);
    }
    const endpoint = `${operation.method.toUpperCase()} ${operation.path}`;
    if ('session' in admitted) refuseBoxed(admitted.session, brokerage);
    const key = 'session' in admitted ? admitted.session.id : (request.ip ?? 'unknown');
    const paced = pace?.(key, endpoint, penaltyRuleOf(brokerage));
    if (paced) await paced;
    if ('session' in admitted) admitSession(admitted.session, admitted.access, brokerage);
    return { admitted, key, endpoint };
  };
  /** Counts the admitted request among those in flight (outside any unit: a unit may run again). */
  const entered = (operation: OperationInfo, { admitted, key, endpoint }: Counted): Admission => {
    const limit = operation.maxConcurrentRequests;
    const done =
      pacer && limit !== undefined ? pacer.enter(key, endpoint, limit) : nothingToRelease;
    return { admitted, done };
  };
  return {
    // The gate and the handler each run as one unit of work of the store (when it has units):
    // an injected latency is waited outside, and a handler is answered once it is committed.
    // A unit may run again (on Redis, after another process's commit): a pacer whose counts are
    // shared is asked once per request, not once per run.
    admit: store.unit
      ? async (operation, request) => {
          const pace = pacer && askedOnce(pacer);
          return entered(operation, await inUnit(store, () => admitNow(operation, request, pace)));
        }
      : async (operation, request) =>
          entered(operation, await admitNow(operation, request, paceHere)),

    async dispatch(operation, request, admitted, reply, answered = () => false) {
      const injected = faults.take(operation.operationId);
      if (injected) throw injected;
      const latency = faults.latencyOf(operation.operationId);
      if (latency > 0) await sleep(clock, latency);
      if (answered()) return undefined;
      const handler = handlers[operation.operationId] as Handler<OperationId>;
      const outcome = await inUnit(store, () => handler(typedRequest(request, admitted), reply));
      return operation.answersWithStatus
        ? (outcome as { status: number; body: unknown })
        : { status: 200, body: outcome };
    },

    serves(operationId) {
      return typeof (handlers as Partial<Record<string, unknown>>)[operationId] === 'function';
    },
  };
}
