import { AccountApplications } from './account-applications/applications.js';
import { AdvisorModels } from './advisor-models/advisor-models.js';
import { AgentAuthorization } from './agent-access/agent-authorization.js';
import { AgentScenarioBook } from './agent-access/agent-scenarios.js';
import { AgentSessionBook } from './agent-access/agent-sessions.js';
import { FeedbackBox } from './agent-access/feedback.js';
import { AlertBook } from './alerts/alert-book.js';
import { Banking } from './banking/banking.js';
import { Dividends } from './dividends/dividends.js';
import {
  areaContext,
  Brokerage,
  type BrokerageOptions,
  type DomainContext,
} from './accounts/brokerage.js';
import { Kernel } from './kernel/kernel.js';
import { TokenSigner, type ConfiguredSigningKey } from './auth/jwt.js';
import type { OAuth1Flow } from './auth/oauth1/port.js';
import { OAuth2, type OAuth2Client } from './auth/oauth2.js';
import { Sso } from './auth/sso.js';
import { MarketData } from './market-data/market-data.js';
import { MarketReplay } from './market/replay/market-replay.js';
import { OrderInstructions } from './instructions/instructions.js';
import { Notifications } from './notifications/notifications.js';
import { OrderBook } from './orders/order-book.js';
import { executedOn, executionsBetween } from './orders/trades.js';
import { movementsBetween } from './banking/booked-movements.js';
import { Portfolio } from './portfolio/portfolio.js';
import { AmRequests } from './utilities/am-requests.js';
import { Reports } from './reports/reports.js';
import { Restrictions } from './restrictions/restrictions.js';
import { Forms } from './utilities/forms.js';
import { ReferenceData } from './utilities/reference-lists.js';
import { TaxVouchers } from './tax-vouchers/tax-vouchers.js';
import { Watchlists } from './watchlists/watchlists.js';
import { defaultOAuth2Clients } from '../fixtures/credentials.js';
import {
  defaultAmRequests,
  defaultDividendSchedules,
  defaultForms,
  defaultReferenceLists,
  defaultRequiredFormsRule,
  defaultVoucherCountries,
} from '../fixtures/index.js';
// The store collections each area declares (declaration merging into kernel/store.ts's
// Collections), brought into every program that builds the services.
import './account-applications/collections.js';
import './agent-access/collections.js';
import './accounts/collections.js';
import './advisor-models/collections.js';
import './alerts/collections.js';
import './auth/collections.js';
import './banking/collections.js';
import './dividends/collections.js';
import './instructions/collections.js';
import './market/collections.js';
import './market-data/collections.js';
import './notifications/collections.js';
import './orders/collections.js';
import './portfolio/collections.js';
import './utilities/collections.js';
import './restrictions/collections.js';
import './tax-vouchers/collections.js';
import './watchlists/collections.js';

export type { OAuth1Flow };

/** Every service of one brokerage, built once, in one place, and handed to the handlers, the
 * authenticators and the browser pages. */
export interface Services {
  /** The state, clock and randomness; users and accounts, sessions and the market. */
  brokerage: Brokerage;
  /** OAuth 1.0a: request, access and live session tokens; signed requests. */
  oauth1: OAuth1Flow;
  /** OAuth 2.0 client-assertion tokens. */
  oauth2: OAuth2;
  /** Single sign-on sessions and browser links. */
  sso: Sso;
  /** Orders: placement through the rule table, matching and fills. */
  orders: OrderBook;
  /** Price and MTA alerts. */
  alerts: AlertBook;
  /** Snapshots, subscriptions and history bars, read from the market's price path. */
  marketData: MarketData;
  /** Contracts whose prices replayed bars drive, on the clock. */
  replays: MarketReplay;
  /** Positions (and their cache), portfolio summaries and allocations, and the portfolio
   * analyst's daily history, which the clock builds from the start. */
  portfolio: Portfolio;
  /** The users' watchlists and the service's read-only lists. */
  watchlists: Watchlists;
  /** Notifications (FYIs) made from the brokerage's events, with each user's choices. */
  notifications: Notifications;
  /** Advisors' models: targets, investments and the trades that rebalance them. */
  advisorModels: AdvisorModels;
  /** The account-management reference lists: brokers of asset transfers, participating banks,
   * the lists of account applications. */
  referenceData: ReferenceData;
  /** The forms applicants complete, and which of them an application requires. */
  forms: Forms;
  /** The account-management requests: listed, read, given a new status. */
  amRequests: AmRequests;
  /** Statements, trade confirmations and tax documents, and the periods they cover. */
  reports: Reports;
  /** Pre-trade compliance restrictions, changed through verified CSVs. */
  restrictions: Restrictions;
  /** Account applications: submitted, their tasks done, opened as trading accounts. */
  accountApplications: AccountApplications;
  /** Banking instructions: bank instructions, cash and position transfers settled on the clock. */
  banking: Banking;
  /** Dividends: the fixtures' schedules and declared ones, owed at the ex-date, paid on the pay
   * date, on the clock. */
  dividends: Dividends;
  /** Tax vouchers of dividends paid, requested by clients and issued on the clock. */
  taxVouchers: TaxVouchers;
  /** The MCP endpoint's OAuth 2.1: registered clients, grants of one account, tokens. */
  agentAuthorization: AgentAuthorization;
  /** The MCP failures armed through the control API. */
  agentScenarios: AgentScenarioBook;
  /** The MCP sessions, kept in the store so that every process answers them. */
  agentSessions: AgentSessionBook;
  /** Feedback agents send through the MCP endpoint. */
  agentFeedback: FeedbackBox;
  /** Order instructions drafted by agents, submitted by the user. */
  instructions: OrderInstructions;
}

/** Builds the services in a fixed order (the OAuth 2.0 clients: the shipped test client unless
 * given others; tokens signed with `signingKey` when given, else with the store's keys): the brokerage; then authorization (OAuth 1.0a from the
 * given factory, OAuth 2.0 before single sign-on, which trusts its tokens); then orders and alerts, which are subscribed to the
 * market's price changes here, so that every price change (`brokerage.market.setPrice`, from the
 * control API or a price walk) fills orders and triggers alerts from the start. */
export function composeServices<OAuth1Service extends OAuth1Flow>(
  options: BrokerageOptions,
  oauth1Of: (context: DomainContext) => OAuth1Service,
  oauth2Clients: OAuth2Client[] = defaultOAuth2Clients,
  signingKey?: ConfiguredSigningKey,
): Services & { oauth1: OAuth1Service } {
  const brokerage = new Brokerage(new Kernel(options), options);
  // What every area is given (each takes the part its context type names): the kernel's members
  // and the accounts area.
  const context = areaContext(brokerage);

  const signer = new TokenSigner(context, signingKey);
  const oauth2 = new OAuth2(context, signer, oauth2Clients);
  const oauth1 = oauth1Of(context);
  const sso = new Sso(context, signer);

  const orders = new OrderBook(context);
  const alerts = new AlertBook(context);
  context.accounts.market.onPriceChange((conid) => {
    orders.matching.onPrice(conid);
    alerts.onPrice(conid);
  });

  const marketData = new MarketData(context);
  const replays = new MarketReplay(context.accounts.market, context.clock);
  const dividends = new Dividends(context, defaultDividendSchedules);
  const portfolio = new Portfolio(context, dividends);
  const watchlists = new Watchlists(context.store, context.clock);
  const notifications = new Notifications(context);
  const advisorModels = new AdvisorModels(context, orders);
  const referenceData = new ReferenceData(defaultReferenceLists);
  const forms = new Forms(defaultForms, defaultRequiredFormsRule);
  const amRequests = new AmRequests(context, defaultAmRequests);
  const restrictions = new Restrictions(context);
  const accountApplications = new AccountApplications(context, forms, amRequests);
  const banking = new Banking(context);
  const { store } = context;
  const reports = new Reports(context, {
    executionsBetween: (accountId, firstDay, lastDay) =>
      executionsBetween(store, accountId, firstDay, lastDay),
    executedOn: (accountId, day) => executedOn(store, accountId, day),
    movementsBetween: (accountId, firstDay, lastDay) =>
      movementsBetween(store, accountId, firstDay, lastDay),
    openedBy: (accountId) => accountApplications.openedBy(accountId),
    dividendsPaidBetween: (accountId, from, to) => dividends.paidBetween(accountId, from, to),
  });
  const taxVouchers = new TaxVouchers(
    context,
    { dividends, accountFor: (client, accountId) => reports.account(client, accountId) },
    defaultVoucherCountries,
  );

  const agentAuthorization = new AgentAuthorization(context);
  const agentScenarios = new AgentScenarioBook(brokerage.store);
  const agentSessions = new AgentSessionBook(context);
  const agentFeedback = new FeedbackBox(brokerage);
  const instructions = new OrderInstructions(context);

  return {
    brokerage,
    oauth1,
    oauth2,
    sso,
    orders,
    alerts,
    marketData,
    replays,
    portfolio,
    watchlists,
    notifications,
    advisorModels,
    referenceData,
    forms,
    amRequests,
    reports,
    restrictions,
    accountApplications,
    banking,
    dividends,
    taxVouchers,
    agentAuthorization,
    agentScenarios,
    agentSessions,
    agentFeedback,
    instructions,
  };
}
