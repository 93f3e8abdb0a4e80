import type { BrokerageOptions } from '../domain/accounts/brokerage.js';
import {
  ConsumerRegistry,
  type Consumer,
  type ConsumerRegistration,
} from '../domain/auth/oauth1/consumers.js';
import { OAuth1 } from '../domain/auth/oauth1/flow.js';
import { composeServices, type Services } from '../domain/services.js';
import { defaultConsumers } from '../fixtures/credentials.js';

export type { OAuth1Flow, Services } from '../domain/services.js';

/** The services of the server (Node), with OAuth 1.0a. The registry of consumers is configuration
 * and outlives a reset; tokens live in the store. */
export type ServerServices = Services & { oauth1: OAuth1 };

/** Builds every service (`composeServices`) with the OAuth 1.0a flow and the shipped consumers. */
export function createServices(options: BrokerageOptions): ServerServices {
  return composeServices(
    options,
    (brokerage) => new OAuth1(brokerage, new ConsumerRegistry(defaultConsumers)),
  );
}

/** Registers (or replaces) an OAuth 1.0a consumer with the brokerage; throws on unusable keys. */
export function registerConsumer(
  services: ServerServices,
  registration: ConsumerRegistration,
): Consumer {
  return services.oauth1.consumers.register(registration);
}
