import { AlertBook } from './domain/alerts/alert-book.js';
import { Brokerage, type BrokerageOptions } from './domain/accounts/brokerage.js';
import { TokenSigner } from './domain/auth/jwt.js';
import {
  ConsumerRegistry,
  type Consumer,
  type ConsumerRegistration,
} from './domain/auth/oauth1/consumers.js';
import { OAuth1 } from './domain/auth/oauth1/flow.js';
import { OAuth2 } from './domain/auth/oauth2.js';
import { Sso } from './domain/auth/sso.js';
import { OrderBook } from './domain/orders/order-book.js';
import { Portfolio } from './domain/portfolio/portfolio.js';
import { defaultConsumers, defaultOAuth2Clients } from './fixtures/credentials.js';
// The store collections each area declares (declaration merging into kernel/store.ts's
// Collections), brought into every program that builds the services.
import './domain/accounts/collections.js';
import './domain/alerts/collections.js';
import './domain/auth/collections.js';
import './domain/market/collections.js';
import './domain/orders/collections.js';
import './domain/portfolio/collections.js';

/** Every service of one brokerage, built once, in one place, and handed to the handlers, the
 * authenticators and the browser pages. */
export interface Services {
  /** The state, clock and randomness; users and accounts, sessions and the market. */
  brokerage: Brokerage;
  /** OAuth 1.0a: request, access and live session tokens; signed requests. The registry of
   * consumers is configuration and outlives a reset; tokens live in the store. */
  oauth1: OAuth1;
  /** OAuth 2.0 client-assertion tokens. */
  oauth2: OAuth2;
  /** Single sign-on sessions and browser links. */
  sso: Sso;
  /** Orders: placement through the rule table, matching and fills. */
  orders: OrderBook;
  /** Price and MTA alerts. */
  alerts: AlertBook;
  /** Positions (and their cache), portfolio summaries and allocations, and the portfolio
   * analyst's daily history, which the clock builds from the start. */
  portfolio: Portfolio;
}

/** Builds the services in a fixed order: the brokerage; then authorization (OAuth 2.0 before
 * single sign-on, which trusts its tokens); then orders and alerts, which are subscribed to the
 * market's price changes here, so that every price change (`brokerage.market.setPrice`, from the
 * control API or a price walk) fills orders and triggers alerts from the start. */
export function createServices(options: BrokerageOptions): Services {
  const brokerage = new Brokerage(options);

  const signer = new TokenSigner(brokerage.clock);
  const oauth2 = new OAuth2(brokerage, signer, defaultOAuth2Clients);
  const oauth1 = new OAuth1(brokerage, new ConsumerRegistry(defaultConsumers));
  const sso = new Sso(brokerage, signer, oauth2);

  const orders = new OrderBook(brokerage);
  const alerts = new AlertBook(brokerage);
  brokerage.market.onPriceChange((conid) => {
    orders.matching.onPrice(conid);
    alerts.onPrice(conid);
  });

  const portfolio = new Portfolio(brokerage);

  return { brokerage, oauth1, oauth2, sso, orders, alerts, portfolio };
}

/** Registers (or replaces) an OAuth 1.0a consumer with the brokerage; throws on unusable keys. */
export function registerConsumer(services: Services, registration: ConsumerRegistration): Consumer {
  return services.oauth1.consumers.register(registration);
}
