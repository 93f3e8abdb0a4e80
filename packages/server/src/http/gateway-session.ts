import type { Brokerage } from '../domain/accounts/brokerage.js';
import type { Session } from '../domain/accounts/sessions.js';

/** The session the local gateway holds for its logged-in user (gateway mode). */
export interface GatewaySession {
  /** The session, opening a new one for the gateway user when it has ended. */
  open(): Session;
  /** The id of the last session opened, if any. */
  id(): string | undefined;
  /** On a store shared by several processes: the id of this gateway's session or, when it is no
   * longer live, of a live gateway session of the same user another process opened (a reset or a
   * login there): the processes on one store act as one gateway. */
  sharedId(): string | undefined;
}

export function gatewaySession(brokerage: Brokerage, gatewayUser: string): GatewaySession {
  let gatewaySessionId: string | undefined;
  const openGatewaySession = (): Session => {
    const current =
      gatewaySessionId === undefined ? undefined : brokerage.sessions.find(gatewaySessionId);
    if (current) return current;
    const user = brokerage.user(gatewayUser);
    if (!user) throw new Error(`Unknown gateway user ${gatewayUser}`);
    const session = brokerage.sessions.open(user, { origin: 'gateway', brokerageOpen: true });
    gatewaySessionId = session.id;
    return session;
  };
  const sharedId = (): string | undefined => {
    if (gatewaySessionId !== undefined && brokerage.sessions.find(gatewaySessionId)) {
      return gatewaySessionId;
    }
    const opened = brokerage.sessions
      .ofUser(gatewayUser)
      .find((session) => session.origin === 'gateway');
    if (opened) gatewaySessionId = opened.id;
    return gatewaySessionId;
  };
  return { open: openGatewaySession, id: () => gatewaySessionId, sharedId };
}
