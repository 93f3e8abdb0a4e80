import type {
  Access,
  AccessOf,
  Body,
  OperationId,
  Outcome,
  PathParams,
  QueryParams,
} from '@brokerage/types';
import type { Session } from '../domain/accounts/sessions.js';
import type { OAuth2Client } from '../domain/auth/oauth2.js';
import type { Services } from '../domain/services.js';
import type { BinaryBody } from './binary-body.js';

/** What the gate establishes for each kind of access (the operation table's `access`), once,
 * before validation: the handler receives it and does not check it again. */
export interface Principals {
  /** Nothing: the operation reads its credentials, if any, from its body. */
  public: object;
  /** Nothing: the token step verifies the OAuth 1.0a signature itself. */
  oauth1: object;
  /** The OAuth 2.0 client behind the bearer token, which carries one of the operation's scopes. */
  bearer: { client: OAuth2Client };
  /** The caller's live session. */
  session: { session: Session };
  /** The caller's live session, its brokerage session open. */
  brokerage: { session: Session };
}

/** What the gate admitted a request with: its access, and what that access establishes. */
export type Admitted = { [A in Access]: { access: A } & Principals[A] }[Access];

/** A request as validation passed it, before its operation's types are given to it: the path
 * and query parameters and the body, which the validator checked against the operation's
 * schemas, take them in dispatch. */
export interface CheckedRequest {
  params: unknown;
  query: unknown;
  body: unknown;
  /** Raw request headers, lower-case names. */
  headers: Record<string, string | string[] | undefined>;
  /** The request URL as received, for signature checks. */
  url: string;
  method: string;
  /** The address the request came from. */
  ip: string;
  /** Aborts when the request ends (answered, timed out, dropped by its client): work done for it
   * that takes long (a PDF drawn in a thread) stops with it. */
  readonly signal: AbortSignal;
}

/** What a handler gets: the validated request of its operation, and what the gate established
 * for the operation's access (`session` where it needs one, `client` where it needs a bearer
 * token), present exactly where the gate guarantees it. */
export type OperationRequest<Op extends OperationId> = Omit<
  CheckedRequest,
  'params' | 'query' | 'body'
> & {
  params: PathParams<Op>;
  query: QueryParams<Op>;
  body: Body<Op>;
} & Principals[AccessOf<Op>];

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
