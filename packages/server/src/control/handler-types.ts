import type {
  ControlBody,
  ControlOk,
  ControlOperationId,
  ControlPathParams,
  operations,
} from '@brokerage/types/control';

/** A control request once validated against the control document: its body as the document types
 * it (undefined when an optional body is not sent), and its path parameters by the document's
 * names, as the URL writes them (Express leaves them text: `Number(params.conid)`). */
export interface ControlRequest<Op extends ControlOperationId> {
  body: undefined extends operations[Op]['requestBody']
    ? ControlBody<Op> | undefined
    : ControlBody<Op>;
  params: { [Name in keyof ControlPathParams<Op>]: string };
}

/** What each control operation does: its answer is the operation's documented success body
 * (undefined for a 204). */
export type ControlHandlers = {
  [Op in ControlOperationId]: (request: ControlRequest<Op>) => ControlOk<Op>;
};
