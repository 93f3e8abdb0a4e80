// @brokerage/types/control: the types of the reference server's control API (openapi/control/),
// generated from its document as the brokerage document's are, and helpers to name them.
import type { components, operations, paths } from './generated/control.js';
import type { ParametersOf, RequestBodyOf, ResponseBodyOf, StatusOf } from './operation-types.js';

export type { components, operations, paths };

/** Every operationId of the control API. */
export type ControlOperationId = keyof operations;

/** A component schema of the control API by name: `ControlSchema<'FaultRequest'>`. */
export type ControlSchema<Name extends keyof components['schemas']> = components['schemas'][Name];

/** The request body of a control operation: `ControlBody<'injectFault'>`. */
export type ControlBody<Op extends ControlOperationId> = RequestBodyOf<operations[Op]>;

/** The success body of a control operation; `undefined` for one that answers 204 (no body). */
export type ControlOk<Op extends ControlOperationId> =
  200 extends StatusOf<operations[Op]> ? ResponseBodyOf<operations[Op], 200> : undefined;

/** Path parameters of a control operation, as their schema types them. */
export type ControlPathParams<Op extends ControlOperationId> = ParametersOf<operations[Op], 'path'>;
