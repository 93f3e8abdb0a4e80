import { defaultConsumers, defaultOAuth2Clients } from '../../fixtures/credentials.js';
import type { Brokerage } from '../accounts/brokerage.js';
import { TokenSigner } from './jwt.js';
import { ConsumerRegistry, type Consumer, type ConsumerRegistration } from './oauth1/consumers.js';
import { OAuth1 } from './oauth1/flow.js';
import { OAuth2 } from './oauth2.js';
import { perBrokerage } from '../kernel/per-brokerage.js';
import { Sso } from './sso.js';

/** The authorization side of one brokerage: its OAuth 1.0a flow, OAuth 2.0 token issuer and
 * single sign-on. The registries are configuration and outlive a reset; tokens live in the store. */
export interface AuthServices {
  oauth1: OAuth1;
  oauth2: OAuth2;
  sso: Sso;
}

/** The brokerage's auth services (one set per brokerage, shared by handlers and authenticators). */
export const authServicesOf = perBrokerage((brokerage): AuthServices => {
  const signer = new TokenSigner(brokerage.clock);
  const oauth2 = new OAuth2(brokerage, signer, defaultOAuth2Clients);
  return {
    oauth1: new OAuth1(brokerage, new ConsumerRegistry(defaultConsumers)),
    oauth2,
    sso: new Sso(brokerage, signer, oauth2),
  };
});

/** Registers (or replaces) an OAuth 1.0a consumer with the brokerage; throws on unusable keys. */
export function registerConsumer(
  brokerage: Brokerage,
  registration: ConsumerRegistration,
): Consumer {
  return authServicesOf(brokerage).oauth1.consumers.register(registration);
}
