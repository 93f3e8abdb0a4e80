// OAuth 2.0 client credentials for the token operation: a client assertion (RFC 7523, RS256)
// signed with the client's private JWK.
import { createPrivateKey, createSign, randomUUID, type JsonWebKey } from 'node:crypto';
import { testConsumerKeys } from '@brokerage/server';

export interface OAuth2Client {
  clientId: string;
  privateJwk: JsonWebKey & { kid?: string };
}

/** CONTRACT_OAUTH2_CLIENT_ID and CONTRACT_OAUTH2_PRIVATE_JWK (JSON) when set; otherwise the test
 * client the reference server ships with (public knowledge, for local use only). */
export function oauth2Client(env: NodeJS.ProcessEnv = process.env): OAuth2Client {
  if (env.CONTRACT_OAUTH2_CLIENT_ID && env.CONTRACT_OAUTH2_PRIVATE_JWK) {
    return {
      clientId: env.CONTRACT_OAUTH2_CLIENT_ID,
      privateJwk: JSON.parse(env.CONTRACT_OAUTH2_PRIVATE_JWK) as JsonWebKey,
    };
  }
  return testConsumerKeys.oauth2;
}

const base64url = (value: object): string =>
  Buffer.from(JSON.stringify(value)).toString('base64url');

/** A signed, single-use client assertion for the token URL, issued at `nowMs`. */
export function clientAssertion(client: OAuth2Client, tokenUrl: string, nowMs: number): string {
  const iat = Math.floor(nowMs / 1000);
  const header = base64url({ alg: 'RS256', typ: 'JWT', kid: client.privateJwk.kid });
  const payload = base64url({
    iss: client.clientId,
    sub: client.clientId,
    aud: tokenUrl,
    iat,
    exp: iat + 300,
    jti: randomUUID(),
  });
  const signature = createSign('RSA-SHA256')
    .update(`${header}.${payload}`)
    .sign(createPrivateKey({ key: client.privateJwk, format: 'jwk' }), 'base64url');
  return `${header}.${payload}.${signature}`;
}
