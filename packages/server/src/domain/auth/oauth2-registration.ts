import type { JWK } from 'jose';
import type { OAuth2Client } from './oauth2.js';

export type { OAuth2Client };

/** An OAuth 2.0 client from a registration (a JSON file of `--register-client`), checked: an id,
 * RSA public keys with key ids (no private part), and the scopes and end users it holds, which
 * are all it is ever granted. */
export function oauth2ClientOf(registration: unknown): OAuth2Client {
  if (typeof registration !== 'object' || registration === null)
    throw new Error('expected {clientId, keys, scopes, endUsers}');
  const { clientId, keys, scopes, endUsers } = registration as Record<string, unknown>;
  if (typeof clientId !== 'string' || !/^[A-Za-z0-9_.-]{1,64}$/.test(clientId))
    throw new Error(`Invalid client id ${JSON.stringify(clientId)}`);
  if (!Array.isArray(keys) || keys.length === 0) throw new Error('keys must list public JWKs');
  for (const key of keys as JWK[]) {
    if (typeof key !== 'object' || key === null || key.kty !== 'RSA' || !key.n || !key.e)
      throw new Error('each key must be an RSA public JWK');
    if ('d' in key) throw new Error('a key must be public: it has a private part (d)');
    if (typeof key.kid !== 'string') throw new Error('each key needs a kid');
  }
  return {
    clientId,
    keys: keys as JWK[],
    scopes: stringList(scopes, 'scopes'),
    endUsers: stringList(endUsers, 'endUsers'),
  };
}

function stringList(value: unknown, name: string): string[] {
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string'))
    throw new Error(`${name} must be a list of strings`);
  return [...(value as string[])];
}
