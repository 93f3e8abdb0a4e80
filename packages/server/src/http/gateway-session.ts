import type { Brokerage } from '../domain/accounts/brokerage.js';
import type { Session } from '../domain/auth/sessions.js';

/** The session the local gateway holds for its logged-in user (gateway mode). */
export interface GatewaySession {
  /** The session, opening a new one for the gateway user when it has ended. */
  open(): Session;
  /** The id of the last session opened, if any. */
  id(): string | undefined;
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
  return { open: openGatewaySession, id: () => gatewaySessionId };
}
