import { createPublicKey, type KeyObject } from 'node:crypto';

/** What registering an OAuth 1.0a consumer takes: its key, public keys (PEM) and DH prime. */
export interface ConsumerRegistration {
  /** The consumer key, e.g. `TESTCONS`. */
  consumerKey: string;
  /** PEM public key that verifies the consumer's RSA-SHA256 signatures. */
  signaturePublicKey: string;
  /** PEM public key the access token secret is encrypted with. */
  encryptionPublicKey: string;
  /** The consumer's Diffie-Hellman prime, hexadecimal. */
  dhPrime: string;
  /** The realm its header carries (default `limited_poa`). */
  realm?: string;
  /** A user whose authorization is granted at once, without the authorization page (test consumers). */
  authorizesAutomatically?: string;
  /** The users who may authorize the consumer (the authorization page refuses any other); the
   * user it authorizes automatically is one of them. Default: that user alone, or none. */
  users?: string[];
}

/** A registered consumer, its keys parsed. */
export interface Consumer {
  consumerKey: string;
  realm: string;
  signatureKey: KeyObject;
  encryptionKey: KeyObject;
  dhPrime: Buffer;
  authorizesAutomatically: string | undefined;
  /** The users who may authorize it. */
  users: readonly string[];
}

/** The OAuth 1.0a consumers the brokerage knows. Configuration, not state: a reset keeps them. */
export class ConsumerRegistry {
  readonly #consumers = new Map<string, Consumer>();

  constructor(registrations: ConsumerRegistration[] = []) {
    for (const registration of registrations) this.register(registration);
  }

  /** Adds (or replaces) a consumer; throws when a key or the prime is unusable. */
  register(registration: ConsumerRegistration): Consumer {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(registration.consumerKey)) {
      throw new Error(`Invalid consumer key ${JSON.stringify(registration.consumerKey)}`);
    }
    const dhPrime = registration.dhPrime.replace(/^0x/i, '').replace(/\s+/g, '');
    if (!/^[0-9a-fA-F]{64,}$/.test(dhPrime))
      throw new Error('The Diffie-Hellman prime must be hexadecimal, 256 bits or more');
    const consumer: Consumer = {
      consumerKey: registration.consumerKey,
      realm: registration.realm ?? 'limited_poa',
      signatureKey: rsaPublicKey(registration.signaturePublicKey, 'signature'),
      encryptionKey: rsaPublicKey(registration.encryptionPublicKey, 'encryption'),
      dhPrime: Buffer.from(dhPrime.length % 2 ? `0${dhPrime}` : dhPrime, 'hex'),
      authorizesAutomatically: registration.authorizesAutomatically,
      users: usersOf(registration),
    };
    this.#consumers.set(consumer.consumerKey, consumer);
    return consumer;
  }

  get(consumerKey: string): Consumer | undefined {
    return this.#consumers.get(consumerKey);
  }
}

/** The users a registration names, checked: names, and the automatic user among them. */
function usersOf(registration: ConsumerRegistration): string[] {
  const automatic = registration.authorizesAutomatically;
  const users = registration.users ?? (automatic === undefined ? [] : [automatic]);
  if (!Array.isArray(users) || users.some((user) => typeof user !== 'string'))
    throw new Error('users must be a list of usernames');
  if (automatic !== undefined && !users.includes(automatic))
    throw new Error(`authorizesAutomatically (${automatic}) must be one of users`);
  return [...users];
}

function rsaPublicKey(pem: string, use: string): KeyObject {
  const key = createPublicKey(pem);
  if (key.asymmetricKeyType !== 'rsa') throw new Error(`The ${use} key must be an RSA public key`);
  return key;
}
