import type { HandlerContext, Handlers } from '../http/handler.js';
import { accountManagementAccountHandlers } from './account-management-accounts.js';
import { accountManagementBankingHandlers } from './account-management-banking.js';
import { accountManagementReportsHandlers } from './account-management-reports.js';
import { accountManagementUtilitiesHandlers } from './account-management-utilities.js';
import { authorizationSsoBrowserSessionsHandlers } from './authorization-sso-browser-sessions.js';
import { authorizationSsoSessionsHandlers } from './authorization-sso-sessions.js';
import { authorizationTokenHandlers } from './authorization-token.js';
import { marketDataHandlers } from './market-data.js';
import { notificationHandlers } from './notifications.js';
import { portfolioHandlers } from './portfolio.js';
import { portfolioAnalystHandlers } from './portfolio-analyst.js';
import { pretradeComplianceRestrictionsHandlers } from './pretrade-compliance-restrictions.js';
import { sessionHandlers } from './session.js';
import { thirdPartiesCashBalancesHandlers } from './third-parties-cash-balances.js';
import { thirdPartiesTaxVouchersHandlers } from './third-parties-tax-vouchers.js';
import { tradingAccountsHandlers } from './trading-accounts.js';
import { tradingAlertsHandlers } from './trading-alerts.js';
import { tradingContractsHandlers } from './trading-contracts.js';
import { tradingEventContractsHandlers } from './trading-event-contracts.js';
import { tradingFaAllocationManagementHandlers } from './trading-fa-allocation-management.js';
import { tradingFaModelPortfoliosHandlers } from './trading-fa-model-portfolios.js';
import { tradingFyisAndNotificationsHandlers } from './trading-fyis-and-notifications.js';
import { tradingMarketDataHandlers } from './trading-market-data.js';
import { tradingOAuth1Handlers } from './trading-oauth-1-0a.js';
import { tradingOrdersHandlers } from './trading-orders.js';
import {
  tradingPortfolioAccountHandlers,
  tradingPortfolioPositionHandlers,
} from './trading-portfolio.js';
import { tradingPortfolioAnalystHandlers } from './trading-portfolio-analyst.js';
import { tradingScannerHandlers } from './trading-scanner.js';
import { tradingSessionHandlers } from './trading-session.js';
import { tradingWatchlistsHandlers } from './trading-watchlists.js';
import { tradingWebsocketHandlers } from './trading-websocket.js';
import { utilitiesEchoHandlers } from './utilities-echo.js';

/** Every operation of the document, by operationId: one file per tag of the document (the
 * groups of the service's description 2.40, then ours for the calls 2.40 no longer describes). */
export const createHandlers = (context: HandlerContext): Handlers => ({
  ...accountManagementAccountHandlers(context),
  ...accountManagementBankingHandlers(context),
  ...accountManagementReportsHandlers(context),
  ...accountManagementUtilitiesHandlers(context),
  ...authorizationSsoBrowserSessionsHandlers(context),
  ...authorizationSsoSessionsHandlers(context),
  ...authorizationTokenHandlers(context),
  ...pretradeComplianceRestrictionsHandlers(context),
  ...thirdPartiesCashBalancesHandlers(context),
  ...thirdPartiesTaxVouchersHandlers(context),
  ...tradingAccountsHandlers(context),
  ...tradingAlertsHandlers(context),
  ...tradingContractsHandlers(context),
  ...tradingEventContractsHandlers(context),
  ...tradingFaAllocationManagementHandlers(context),
  ...tradingFaModelPortfoliosHandlers(context),
  ...tradingFyisAndNotificationsHandlers(context),
  ...tradingMarketDataHandlers(context),
  ...tradingOAuth1Handlers(context),
  ...tradingOrdersHandlers(context),
  ...tradingPortfolioAccountHandlers(context),
  ...tradingPortfolioPositionHandlers(context),
  ...tradingPortfolioAnalystHandlers(context),
  ...tradingScannerHandlers(context),
  ...tradingSessionHandlers(context),
  ...tradingWatchlistsHandlers(context),
  ...tradingWebsocketHandlers(context),
  ...utilitiesEchoHandlers(context),
  ...sessionHandlers(context),
  ...portfolioHandlers(context),
  ...portfolioAnalystHandlers(context),
  ...marketDataHandlers(context),
  ...notificationHandlers(context),
});
