import type { Body, OperationId, Outcome, PathParams, QueryParams } from '@brokerage/types';
import type { Session } from '../domain/accounts/sessions.js';
import type { Services } from '../domain/services.js';
import type { BinaryBody } from './binary-body.js';

/** What a handler gets: the validated request of its operation, and the caller's session. */
export interface OperationRequest<Op extends OperationId> {
  params: PathParams<Op>;
  query: QueryParams<Op>;
  body: Body<Op>;
  /** The caller's session, when the operation needs one (set by the session gate). */
  session: Session | undefined;
  /** Raw request headers, lower-case names. */
  headers: Record<string, string | string[] | undefined>;
  /** The request URL as received, for signature checks. */
  url: string;
  method: string;
  /** The address the request came from. */
  ip: string;
}

/** Extra things a handler may set on the answer besides its body. */
export interface Reply {
  setCookie(name: string, value: string): void;
  setHeader(name: string, value: string): void;
}

export type Handler<Op extends OperationId> = (
  request: OperationRequest<Op>,
  reply: Reply,
) => Outcome<Op> | BinaryBody | Promise<Outcome<Op> | BinaryBody>;

/** One handler per operation of the document: a missing or mistyped one fails the type check. */
export type Handlers = { [Op in OperationId]: Handler<Op> };

/** The handlers of one area (tag). */
export type HandlerGroup<Ops extends OperationId> = { [Op in Ops]: Handler<Op> };

/** What handlers are built with: the services, and the mode. */
export interface HandlerContext extends Services {
  mode: 'gateway' | 'hosted';
}
