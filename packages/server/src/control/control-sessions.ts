import type { ControlSchema } from '@brokerage/types/control';
import type { Brokerage } from '../domain/accounts/brokerage.js';
import type { Session } from '../domain/accounts/sessions.js';
import { badRequest } from '../domain/kernel/errors.js';
import { existingUser } from './shared.js';

type ControlSession = ControlSchema<'ControlSession'>;

/** The controls of sessions: open one without a login flow, log the gateway's user in again. */
export class SessionControls {
  readonly #brokerage: Pick<Brokerage, 'user' | 'userOf' | 'sessions'>;
  readonly #reopenGatewaySession: (() => Session) | undefined;

  /** `reopenGatewaySession`: opens the gateway's session again (gateway mode only). */
  constructor(
    brokerage: Pick<Brokerage, 'user' | 'userOf' | 'sessions'>,
    reopenGatewaySession: (() => Session) | undefined,
  ) {
    this.#brokerage = brokerage;
    this.#reopenGatewaySession = reopenGatewaySession;
  }

  /** Opens a session for a user without a login flow; its id works as the `api` cookie. */
  create(username: string, options: { brokerage?: boolean } = {}): ControlSession {
    const user = existingUser(this.#brokerage, username);
    return this.#describe(
      this.#brokerage.sessions.open(user, {
        origin: 'control',
        brokerageOpen: options.brokerage ?? true,
      }),
    );
  }

  /** Logs the gateway's user in again, as in the gateway's browser page: a new session replaces
   * an ended one (a live one is kept). No other state changes. Gateway mode only. */
  loginGateway(): ControlSession {
    if (!this.#reopenGatewaySession) {
      throw badRequest('The gateway login exists in gateway mode only');
    }
    return this.#describe(this.#reopenGatewaySession());
  }

  #describe(session: Session): ControlSession {
    const user = this.#brokerage.userOf(session);
    return {
      session: session.id,
      cookie: `api=${session.id}`,
      username: user.username,
      userId: user.userId,
      brokerage: session.brokerageOpen,
      selectedAccount: session.selectedAccountId,
    };
  }
}
