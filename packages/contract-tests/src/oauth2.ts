// OAuth 2.0 client credentials for the token operation: a client assertion (RFC 7523, RS256)
// signed with the client's private JWK by the client's signer; signed-JWT request bodies.
import type { JsonWebKey } from 'node:crypto';
import {
  clientAssertion as signClientAssertion,
  type ClientAssertionOptions,
} from '@brokerage/client/oauth2';
import { signedJwt, type SignedJwtOptions } from '@brokerage/types/oauth2';
import { testConsumerKeys } from '@brokerage/server';
import type { BrokerageClient } from './client.js';

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

/** A signed, single-use client assertion for the token URL, issued at `nowMs`, lasting the
 * 300 s the service allows (the client's one signer). */
export function clientAssertion(
  client: OAuth2Client,
  tokenUrl: string,
  nowMs: number,
): Promise<string> {
  return signClientAssertion({
    clientId: client.clientId,
    privateKey: client.privateJwk as ClientAssertionOptions['privateKey'],
    audience: tokenUrl,
    nowMs,
    lifetimeSeconds: 300,
  });
}

/** A request body under the signed-JWT security policy (`application/jwt`): `claims` signed by
 * the client (the toolkit's one signer), its id as issuer. */
export function signedJwtBody(
  claims: Record<string, unknown>,
  client: OAuth2Client = oauth2Client(),
): Promise<string> {
  return signedJwt(claims, {
    clientId: client.clientId,
    privateKey: client.privateJwk as SignedJwtOptions['privateKey'],
  });
}

/** A bearer access token the client gets for `scope` from the target's token operation
 * (`POST /oauth2/api/v1/token`), asserted at `nowMs`: its Authorization header, and how long it
 * lasts (0 when the answer does not say). */
export async function accessToken(
  api: BrokerageClient,
  baseUrl: string,
  nowMs: number,
  scope: string,
): Promise<{ header: { authorization: string }; lifetimeMs: number }> {
  const tokenPath = '/oauth2/api/v1/token';
  const issued = await api.ok(
    api.POST(tokenPath, {
      body: {
        grant_type: 'client_credentials',
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: await clientAssertion(oauth2Client(), baseUrl + tokenPath, nowMs),
        scope,
      },
    }),
  );
  return {
    header: { authorization: `Bearer ${issued.access_token}` },
    lifetimeMs: (issued.expires_in ?? 0) * 1000,
  };
}

/** The Authorization header of a bearer access token for `scope` (`accessToken`). */
export async function bearerHeader(
  api: BrokerageClient,
  baseUrl: string,
  nowMs: number,
  scope: string,
): Promise<{ authorization: string }> {
  return (await accessToken(api, baseUrl, nowMs, scope)).header;
}
