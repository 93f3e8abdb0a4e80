import type { Schema } from '@brokerage/types';
import type { Session } from './sessions.js';

/** The session operations' answers, built here only: the handlers call the sessions service and
 * hand its results to these views. */

/** The server that holds every session of the reference brokerage; the ping, the authentication
 * status and the accounts list all name it, as one server of the service does. */
export const serverInfo: Schema<'ServerInfo'> = {
  serverName: 'RefBroker01',
  serverVersion: 'Build 10.30.1, Reference server',
};

/** Fixed hardware address of the simulated server (the service reports its own). */
const mac = '02:00:5E:10:00:01';

/** The machine that holds the sessions and its hardware address, as `hardware_info` pairs them. */
const hardwareInfo = `40000001|${mac}`;

/** The authentication status object of a session, as the status operation and the ping show it. */
export function authStatusOf(session: Session): Schema<'AuthStatus'> {
  return {
    authenticated: session.brokerageOpen,
    established: session.established,
    competing: session.competing === true,
    connected: !session.ended,
    message: session.brokerageOpen ? '' : 'no bridge',
    MAC: mac,
    hardware_info: hardwareInfo,
    fail: '',
    serverInfo,
  };
}

/** The answer of a processed ping. `hmds` reports no bridge: the reference server serves no
 * historical data. */
export function tickleView(
  session: Session,
  userId: number,
  ssoRemainingMs: number,
): Schema<'TickleSession'> {
  return {
    session: session.id,
    ssoExpires: ssoRemainingMs,
    collission: false,
    userId,
    hmds: { error: 'no bridge' },
    iserver: { authStatus: authStatusOf(session) },
  };
}

/** The acknowledgement of a reauthentication, as public clients parse it. */
export function reauthenticationView(): Schema<'ReauthenticateResponse'> {
  return { message: 'triggered' };
}

/** The confirmation of a logout. */
export function logoutView(): Schema<'LogoutResponse'> {
  return { status: true };
}

/** The single sign-on session behind a session, as the validation operation shows it; the keys
 * the reference server does not simulate (address, platform features, region) are left out. */
export function ssoValidationView(
  session: Session,
  user: { userId: number; username: string; isMaster: boolean },
  ssoRemainingMs: number,
): Schema<'SsoValidation'> {
  return {
    USER_ID: user.userId,
    USER_NAME: user.username,
    RESULT: ssoRemainingMs > 0,
    AUTH_TIME: session.createdAt,
    SF_ENABLED: false,
    IS_FREE_TRIAL: false,
    CREDENTIAL: user.username,
    EXPIRES: ssoRemainingMs,
    QUALIFIED_FOR_MOBILE_AUTH: null,
    LANDING_APP: 'UNIVERSAL',
    IS_MASTER: user.isMaster,
    lastAccessed: session.lastSeenAt,
  };
}
