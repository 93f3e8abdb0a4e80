import type {
  ControlBody,
  ControlOk,
  ControlOperationId,
  operations,
} from '@brokerage/types/control';
import type { Request } from 'express';

/** A control request once validated against the control document: its body as the document types
 * it (undefined when an optional body is not sent), and its path parameters as written. */
export interface ControlRequest<Op extends ControlOperationId> {
  body: undefined extends operations[Op]['requestBody']
    ? ControlBody<Op> | undefined
    : ControlBody<Op>;
  params: Request['params'];
}

/** What each control operation does: its answer is the operation's documented success body
 * (undefined for a 204). */
export type ControlHandlers = {
  [Op in ControlOperationId]: (request: ControlRequest<Op>) => ControlOk<Op>;
};
