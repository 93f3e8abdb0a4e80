/** A request token (first step) or an access token (second step) of OAuth 1.0a. */
export interface OAuthToken {
  token: string;
  kind: 'request' | 'access';
  consumerKey: string;
  /** The user who authorized it (request token, once authorized; access token always). */
  username?: string;
  /** Request token: what the authorization page hands back; absent when authorized automatically. */
  verifier?: string;
  /** Request token: where the authorization page sends the user (`oob`: shows the verifier). */
  callback?: string;
  /** Request token: epoch milliseconds after which it cannot be exchanged. */
  expiresAt?: number;
  /** Request token: already exchanged for an access token. */
  used?: boolean;
  /** Access token: the secret's bytes, hex (the *prepend* of the live session token request). */
  secretHex?: string;
}

/** The live session token of an access token, and the session it opened. */
export interface LiveSessionTokenRecord {
  accessToken: string;
  /** base64 of the token's bytes: the HMAC-SHA256 key of later requests. */
  token: string;
  expiresAt: number;
  sessionId: string;
}
