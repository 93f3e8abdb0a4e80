// Types of the brokerage Web API, generated from the document, and a few helpers to name them.
import type { components, operations, paths } from './generated/openapi.js';
import type { ParametersOf, RequestBodyOf, ResponseBodyOf, StatusOf } from './operation-types.js';

export type { components, operations, paths };

/** Types of the streaming document (asyncapi/): the messages of the WebSocket `/v1/api/ws`. */
export * as streaming from './generated/streaming.js';

/** Every operationId of the document. */
export type OperationId = keyof operations;

/** A component schema by name: `Schema<'Ledger'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

/** The request body of an operation: `Body<'placeOrders'>`. */
export type Body<Op extends OperationId> = RequestBodyOf<operations[Op]>;

/** The documented statuses of an operation. */
export type Status<Op extends OperationId> = StatusOf<operations[Op]>;

/** The body of one documented response of an operation: `ResponseBody<'getLedger', 400>`. */
export type ResponseBody<Op extends OperationId, Code extends Status<Op>> = ResponseBodyOf<
  operations[Op],
  Code
>;

/** The 200 body of an operation: `Ok<'getLedger'>`. */
export type Ok<Op extends OperationId> = 200 extends Status<Op> ? ResponseBody<Op, 200> : never;

/** The documented success statuses (2xx) of an operation. */
export type SuccessStatus<Op extends OperationId> = Extract<
  Status<Op>,
  200 | 201 | 202 | 203 | 204 | 206 | 207 | 208
>;

/** A success answer with its status: `Answer<'createExternalCashTransfer'>` is
 * `{ status: 202; body: ... }`, one member per documented success status. */
export type Answer<Op extends OperationId> = {
  [Code in SuccessStatus<Op>]: { status: Code; body: ResponseBody<Op, Code> };
}[SuccessStatus<Op>];

/** What an operation's handler answers: its 200 body, or, for an operation that documents
 * another success status (201, 202, 207, 208, ...), the status with its body. */
export type Outcome<Op extends OperationId> = [Exclude<SuccessStatus<Op>, 200>] extends [never]
  ? Ok<Op>
  : Answer<Op>;

/** Whether an operation of the table documents a success status other than 200: its handler
 * then answers `{ status, body }` (`Outcome`). */
export function answersWithStatus(row: { statuses: readonly number[] }): boolean {
  return row.statuses.some((status) => status > 200 && status < 300);
}

/** Path parameters of an operation. */
export type PathParams<Op extends OperationId> = ParametersOf<operations[Op], 'path'>;

/** Query parameters of an operation. */
export type QueryParams<Op extends OperationId> = ParametersOf<operations[Op], 'query'>;

import { globalPacing, operationRoutes } from './generated/operation-routes.js';

export {
  controlOperationRoutes,
  globalPacing,
  operationRoutes,
} from './generated/operation-routes.js';
export { checksHeaderCredentialsFirst } from './operation-access.js';
export type { Access, AccessOf } from './operation-access.js';
export type { ErrorShape, OperationRow } from './generated/operation-routes.js';
export { compareRouteSpecificity, createRouteMatcher, sortBySpecificity } from './routes.js';
export { isNumericText, readNumericParameters } from './numeric-parameters.js';
export type { NumericParameter } from './numeric-parameters.js';
export type { RouteMatch, RouteTemplate } from './routes.js';

/** The service's global limit, in requests per second: per session through the local gateway,
 * per user on the hosted service. */
export function globalRequestsPerSecond(mode: 'gateway' | 'hosted'): number {
  return mode === 'gateway'
    ? globalPacing.gatewayRequestsPerSecond
    : globalPacing.hostedRequestsPerSecond;
}

/** `"METHOD /path"` → minimum milliseconds between two requests, for the operations the service
 * paces individually. */
export function pacingIntervals(): Record<string, number> {
  const intervals: Record<string, number> = {};
  for (const route of operationRoutes) {
    if ('pacingIntervalMs' in route)
      intervals[`${route.method} ${route.path}`] = route.pacingIntervalMs;
  }
  return intervals;
}

/** Statuses of HTTP itself that every operation may answer without documenting them: a method
 * the path does not offer (405), a body over the limit (413) (docs/openapi-conventions.md). */
export const protocolStatuses: ReadonlySet<number> = new Set([405, 413]);

/** The documented status whose body shape an answer with `status` takes: the status itself when
 * documented; for an undocumented protocol status, the operation's 400, else its 500; otherwise
 * undefined (the status is not part of the contract). */
export function shapeStatusOf(
  status: number,
  isDocumented: (status: number) => boolean,
): number | undefined {
  if (isDocumented(status)) return status;
  if (!protocolStatuses.has(status)) return undefined;
  return isDocumented(400) ? 400 : 500;
}
