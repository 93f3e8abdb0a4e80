// MSW request handlers for every operation of the document, over the reference server's domain.
import {
  BinaryBody,
  bearerAuthenticator,
  composeServices,
  composeSimulation,
  defaultFixtures,
  emptyBody,
  hasNoBody,
  MemoryStore,
  nonFiniteParameter,
  oauth1Unavailable,
  OffsetClock,
  systemClock,
  type Controls,
  type FaultInjector,
  type Mode,
  type OperationInfo,
  type CheckedRequest,
  type PacingLimits,
  type Services,
  type Simulation,
  type SimulationSettings,
  numericParameters,
} from '@brokerage/server/core';
import { validateRequest, validateResponse, type ValidationError } from '@brokerage/validators';
import { http, type HttpHandler } from 'msw';
import { answerResponse, collectedReply, errorResponse, okResponse } from './answers.js';
import { bodyOf, headersOf, queryOf } from './fetch-request.js';

export interface BrokerageHandlersOptions extends SimulationSettings {
  /** Where the API is served: an origin (`https://localhost:5000`), or `*` (default) for any. */
  baseUrl?: string;
  /** `gateway` (default): a demo user's session is open and requests need no credentials.
   * `hosted`: every request carries credentials (a session cookie or a single sign-on bearer
   * token; OAuth 1.0a is not simulated here). */
  mode?: Mode;
  /** Pacing limits; `false` (default) turns pacing off. */
  pacing?: boolean | Partial<PacingLimits>;
  /** Validate each request with the generated validators (default true). */
  validateRequests?: boolean;
  /** Validate each 200 response with the generated validators (default true). */
  validateResponses?: boolean;
}

export interface BrokerageHandlers {
  /** One MSW handler per operation of the document: `setupServer(...handlers)`,
   * `setupWorker(...handlers)`. */
  handlers: HttpHandler[];
  /** The controls of the simulation (prices, clock, faults, sessions, reset). */
  controls: Controls;
  faults: FaultInjector;
  /** Every service of the brokerage behind the handlers. */
  services: Services;
}

const messagesOf = (errors: ValidationError[]): string =>
  errors.map((error) => error.message).join(', ');

/** Builds the MSW handlers of every operation, backed by one stateful simulation: the reference
 * server's services, handlers and error shapes, run by its framework-neutral core. */
export function createBrokerageHandlers(options: BrokerageHandlersOptions = {}): BrokerageHandlers {
  const mode = options.mode ?? 'gateway';
  const clock = options.clock ?? new OffsetClock(systemClock);
  const seed = options.seed ?? 1;
  const services = composeServices(
    {
      clock,
      store: options.store ?? new MemoryStore(),
      fixtures: options.fixtures ?? defaultFixtures,
      seed,
      idleTimeoutMs: options.sessionTimeoutMs ?? 5 * 60_000,
    },
    oauth1Unavailable,
  );
  const simulation = composeSimulation(services, {
    mode,
    clock,
    seed,
    gatewayUser: options.gatewayUser ?? 'demo_individual',
    pacing: options.pacing ?? false,
    lookups: undefined,
    authenticators: [bearerAuthenticator(services)],
  });
  const baseUrl = (options.baseUrl ?? '*').replace(/\/$/, '');
  const settings = {
    validateRequests: options.validateRequests !== false,
    validateResponses: options.validateResponses !== false,
  };
  const handlers = simulation.operations.map((operation) =>
    http[operation.method as 'get'](`${baseUrl}${operation.expressPath}`, ({ request, params }) =>
      answer(simulation, operation, settings, request, params as Record<string, string>),
    ),
  );
  return { handlers, controls: simulation.controls, faults: simulation.faults, services };
}

/** One request through the steps the Express pipeline takes: the gate, the required body, request
 * validation, the handler (after faults and latency), response validation; errors in the
 * operation's shape. */
async function answer(
  { core }: Simulation,
  operation: OperationInfo,
  settings: { validateRequests: boolean; validateResponses: boolean },
  request: Request,
  rawParams: Record<string, string>,
): Promise<Response> {
  const url = new URL(request.url);
  const headers = headersOf(request);
  const { body, error: unreadableBody } = await bodyOf(request);
  let done: (() => void) | undefined;
  try {
    const admission = await core.admit(operation, {
      method: request.method,
      url: url.pathname + url.search,
      headers,
      body,
      ip: undefined,
    });
    done = admission.done;
    if (unreadableBody) throw unreadableBody;
    if (operation.bodyRequired && hasNoBody({ body, headers })) throw emptyBody();
    let params: Record<string, unknown> = numericParameters(
      rawParams,
      operation.numericParameters,
      'path',
    );
    let query = numericParameters(queryOf(url), operation.numericParameters, 'query');
    if (settings.validateRequests) {
      const checked = validateRequest(operation.operationId, {
        params,
        query,
        headers,
        body,
        ...(headers['content-type'] ? { contentType: headers['content-type'] } : {}),
      });
      if (!checked.valid)
        throw Object.assign(new Error(messagesOf(checked.errors)), { status: 400 });
      ({ params, query } = checked);
    }
    const nonFinite = nonFiniteParameter({ params, query });
    if (nonFinite) throw nonFinite;
    const { reply, headers: replyHeaders } = collectedReply();
    const handlerRequest: CheckedRequest = {
      params,
      query,
      body,
      headers,
      url: url.pathname + url.search,
      method: request.method,
      ip: '',
      signal: request.signal,
    };
    const result = await core.dispatch(operation, handlerRequest, admission.admitted, reply);
    const payload = result?.body;
    const status = result?.status ?? 200;
    if (settings.validateResponses) {
      const checked =
        payload instanceof BinaryBody
          ? validateResponse(operation.operationId, status, payload.bytes, payload.contentType)
          : validateResponse(operation.operationId, status, payload);
      if (!checked.valid) {
        const message = `Response does not match the document: ${messagesOf(checked.errors)}`;
        return answerResponse({ status: 500, message }, operation, url.pathname);
      }
    }
    return okResponse(payload, replyHeaders, status);
  } catch (error) {
    return errorResponse(error, operation, url.pathname);
  } finally {
    done?.();
  }
}
