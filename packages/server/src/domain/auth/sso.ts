import type { AuthStore } from './store-view.js';
import type { Schema } from '@brokerage/types';
import type { AreaContext } from '../accounts/brokerage.js';
import { forbidden, unauthorized } from '../kernel/errors.js';
import type { TokenSigner } from './jwt.js';
import type { User } from '../accounts/model.js';
import { secretHex } from '../kernel/secrets.js';
import type { OAuth2Client } from './oauth2.js';
import { ssoLifetimeMs, type Session } from '../accounts/sessions.js';

/** A one-time sign-in link to the portal. */
export interface SsoLink {
  token: string;
  username: string;
  ip: string;
  path: string;
  lang: string;
  expiresAt: number;
  used: boolean;
}

/** Issuer and audience of the session tokens single sign-on hands out for brokerage calls. */
export const sessionTokenClaims = { issuer: 'urn:context:gw', audience: 'urn:context:api' };
export const linkLifetimeSeconds = 60;

export interface SsoSessionRequest {
  credential: string;
  ip: string;
  alternativeIps?: string[];
  compete?: boolean;
  publish?: boolean;
}

export interface SsoBrowserSessionRequest {
  credential: string;
  ip: string;
  path?: string;
  lang?: string;
}

export type SsoContext = AreaContext<'clock', 'sessions' | 'user', AuthStore>;

/** Sessions and portal links created on behalf of a client's end users. */
export class Sso {
  constructor(
    private readonly context: SsoContext,
    private readonly signer: TokenSigner,
  ) {}

  /** Opens a session for an end user of `client` (the bearer token's, its scope checked before).
   * Another session of the user holding the brokerage connection makes this one `competing`
   * (brokerage closed), unless `compete` ends that one. */
  async createSession(
    client: OAuth2Client,
    request: SsoSessionRequest,
  ): Promise<Schema<'SsoSessionResponse'>> {
    const user = this.endUser(client, request.credential);
    const holders = this.brokerageHolders(user);
    if (request.compete === true)
      for (const holder of holders) this.context.accounts.sessions.end(holder);
    const competing = request.compete !== true && holders.length > 0;
    const session = this.context.accounts.sessions.open(user, {
      origin: 'sso',
      brokerageOpen: request.publish !== false && !competing,
    });
    const expires = session.createdAt + ssoLifetimeMs;
    const accessToken = await this.signer.sign(
      {
        iss: sessionTokenClaims.issuer,
        aud: sessionTokenClaims.audience,
        sub: user.username,
        sid: session.id,
      },
      expires,
    );
    return {
      active: true,
      token_type: 'Bearer',
      access_token: accessToken,
      sessionId: session.id,
      userId: user.userId,
      userName: user.username,
      authenticated: session.brokerageOpen,
      connected: true,
      competing,
      expires,
    };
  }

  /** A one-time link (valid `linkLifetimeSeconds`, from `ip` only) that signs an end user of
   * `client` in to the portal. */
  createBrowserLink(
    client: OAuth2Client,
    request: SsoBrowserSessionRequest,
    origin: string,
  ): Schema<'SsoBrowserSessionResponse'> {
    const user = this.endUser(client, request.credential);
    const link: SsoLink = {
      token: secretHex(16),
      username: user.username,
      ip: request.ip,
      path: request.path ?? '/portal/',
      lang: request.lang ?? 'en',
      expiresAt: this.context.clock.now() + linkLifetimeSeconds * 1000,
      used: false,
    };
    this.context.store.collection('ssoLinks').set(link.token, link, { expiresAt: link.expiresAt });
    const query = new URLSearchParams({ token: link.token, path: link.path });
    return {
      active: true,
      url: `${origin}/sso/Dispatcher?${query.toString()}`,
      expiresIn: linkLifetimeSeconds,
    };
  }

  /** Opens the portal session of a link, once, from its address; undefined when it cannot be used. */
  redeemLink(token: string, ip: string): { session: Session; link: SsoLink } | undefined {
    const links = this.context.store.collection('ssoLinks');
    const link = links.get(token);
    if (!link || link.used || link.expiresAt <= this.context.clock.now() || link.ip !== ip)
      return undefined;
    const user = this.context.accounts.user(link.username);
    if (!user) return undefined;
    const used = { ...link, used: true };
    links.set(link.token, used, { expiresAt: link.expiresAt });
    return {
      session: this.context.accounts.sessions.open(user, { origin: 'sso', brokerageOpen: true }),
      link: used,
    };
  }

  /** The session a session token stands for; 401 when the token is invalid or the session ended. */
  async sessionOfToken(token: string): Promise<Session> {
    const claims = await this.signer.verify(token, sessionTokenClaims);
    const session =
      typeof claims.sid === 'string' ? this.context.accounts.sessions.find(claims.sid) : undefined;
    if (!session) throw unauthorized('Session ended');
    return session;
  }

  private endUser(client: OAuth2Client, username: string): User {
    const user = this.context.accounts.user(username);
    if (!user || !client.endUsers.includes(username))
      throw forbidden(`${client.clientId} may not act for ${username}`);
    return user;
  }

  /** The user's live sessions whose brokerage connection is open. */
  private brokerageHolders(user: User): Session[] {
    return this.context.accounts.sessions
      .ofUser(user.username)
      .filter((session) => session.brokerageOpen);
  }
}
