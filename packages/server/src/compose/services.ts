import type { BrokerageOptions } from '../domain/accounts/brokerage.js';
import {
  ConsumerRegistry,
  type Consumer,
  type ConsumerRegistration,
} from '../domain/auth/oauth1/consumers.js';
import type { ConfiguredSigningKeys } from '../domain/auth/jwt.js';
import { OAuth1 } from '../domain/auth/oauth1/flow.js';
import { oauth2ClientOf, type OAuth2Client } from '../domain/auth/oauth2-registration.js';
import { composeServices, type Services } from '../domain/services.js';
import { defaultConsumers, defaultOAuth2Clients } from '../fixtures/credentials.js';

export type { OAuth1Flow, Services } from '../domain/services.js';

/** The services of the server (Node), with OAuth 1.0a. The registry of consumers is configuration
 * and outlives a reset; tokens live in the store. */
export type ServerServices = Services & { oauth1: OAuth1 };

/** Builds every service (`composeServices`) with the OAuth 1.0a flow; with `testConsumer` (the
 * default here; `createServer` decides by mode), the
 * shipped test consumer and client (`TESTCONS`, whose private keys are public) are registered,
 * else no consumer nor client is until one is registered. Tokens are signed with `signingKey`
 * when given (`configuredSigningKeysOf`), else with keys kept in the store. */
export function createServices(
  options: BrokerageOptions,
  { testConsumer, signingKey }: { testConsumer: boolean; signingKey?: ConfiguredSigningKeys } = {
    testConsumer: true,
  },
): ServerServices {
  return composeServices(
    options,
    (context) => new OAuth1(context, new ConsumerRegistry(testConsumer ? defaultConsumers : [])),
    testConsumer ? defaultOAuth2Clients : [],
    signingKey,
  );
}

/** Registers (or replaces) an OAuth 1.0a consumer with the brokerage; throws on unusable keys. */
export function registerConsumer(
  services: ServerServices,
  registration: ConsumerRegistration,
): Consumer {
  return services.oauth1.consumers.register(registration);
}

/** Registers (or replaces) an OAuth 2.0 client: it is granted only its scopes, and acts only for
 * its end users; throws on an unusable registration. */
export function registerClient(services: ServerServices, registration: unknown): OAuth2Client {
  const client = oauth2ClientOf(registration);
  services.oauth2.registerClient(client);
  return client;
}
