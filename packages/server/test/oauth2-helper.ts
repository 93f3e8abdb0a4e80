import { generateKeyPairSync } from 'node:crypto';
import { clientAssertion, signedJwt } from '@brokerage/types/oauth2';
import { exportJWK, generateKeyPair, type CryptoKey, type JWK, type JWTPayload } from 'jose';
import { registerClient } from '../src/compose/services.js';
import type { Answer, Harness } from './harness.js';
import { testConsumer } from './oauth1-helper.js';

export const tokenPath = '/oauth2/api/v1/token';
export const bothScopes = 'sso-sessions.write sso-browser-sessions.write';

/** A client assertion of the test client, signed by the toolkit's one signer (`@brokerage/types/oauth2`),
 * claims and header overridable. */
export function assertion(
  server: Pick<Harness, 'clock' | 'baseUrl'>,
  claims: JWTPayload = {},
  options: { key?: CryptoKey; kid?: string; lifetimeSeconds?: number; aheadSeconds?: number } = {},
): Promise<string> {
  const { clientId, privateJwk } = testConsumer.oauth2;
  return clientAssertion({
    clientId,
    privateKey: options.key ?? privateJwk,
    kid: options.kid ?? privateJwk.kid ?? 'main',
    audience: server.baseUrl + tokenPath,
    nowMs: server.clock.now() + (options.aheadSeconds ?? 0) * 1000,
    ...(options.lifetimeSeconds === undefined ? {} : { lifetimeSeconds: options.lifetimeSeconds }),
    claims,
  });
}

export function requestToken(
  server: Harness,
  clientAssertion: string,
  scope = bothScopes,
): Promise<Answer> {
  return server.call('POST', tokenPath, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: clientAssertion,
      scope,
    }).toString(),
  });
}

/** A client registered on the server (`registerClient`) with a key of its own (`kid` k1), for
 * `scopes`, acting for `endUsers`: its public key and a client assertion it signed. */
export async function registeredClient(
  server: Harness,
  client: { clientId: string; scopes: string[]; endUsers: string[] },
): Promise<{ publicJwk: JWK; assertion: string }> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const publicJwk = { ...(await exportJWK(publicKey)), kid: 'k1' };
  registerClient(server.services, { ...client, keys: [publicJwk] });
  const assertion = await clientAssertion({
    clientId: client.clientId,
    privateKey: privateKey as unknown as CryptoKey,
    kid: 'k1',
    audience: server.baseUrl + tokenPath,
    nowMs: server.clock.now(),
  });
  return { publicJwk, assertion };
}

/** A bearer token of the test client for `scope`. */
export async function accessToken(server: Harness, scope = bothScopes): Promise<string> {
  const answer = await requestToken(server, await assertion(server), scope);
  if (answer.status !== 200) throw new Error(`token ${answer.status}`);
  return answer.body.access_token as string;
}

/** The Authorization header of a bearer token of the test client for `scope`. */
export async function bearerHeader(
  server: Harness,
  scope: string,
): Promise<{ authorization: string }> {
  return { authorization: `Bearer ${await accessToken(server, scope)}` };
}

/** An unsigned (`alg: none`) JWT with a dummy third part, so that it still looks like a JWS. */
export function unsignedJwt(claims: JWTPayload): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT', kid: 'main' })}.${part(claims)}.c2ln`;
}

export const otherKey = async () => (await generateKeyPair('RS256')).privateKey;

/** A request body signed as the signed-JWT security policy wants it (the toolkit's one signer):
 * RS256 with the test client's key (or `key`), the client id as issuer. */
export function signedBody(claims: JWTPayload = {}, key?: CryptoKey): Promise<string> {
  const { clientId, privateJwk } = testConsumer.oauth2;
  return signedJwt(claims, {
    clientId,
    privateKey: key ?? privateJwk,
    kid: privateJwk.kid ?? 'main',
  });
}
