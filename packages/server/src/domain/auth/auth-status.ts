import type { Session } from './sessions.js';

/** The server that holds every session of the reference brokerage. */
export const serverInfo = {
  serverName: 'RefBroker01',
  serverVersion: 'Build 10.30.1, Reference server',
};

/** Fixed hardware address of the simulated server (the service reports its own). */
const mac = '02:00:5E:10:00:01';

/** The authentication status object of a session, as the status operation and the ping show it. */
export function authStatusOf(session: Session) {
  return {
    authenticated: session.brokerageOpen,
    established: session.established,
    competing: false,
    connected: !session.ended,
    message: session.brokerageOpen ? '' : 'no bridge',
    MAC: mac,
    fail: '',
    serverInfo,
  };
}
