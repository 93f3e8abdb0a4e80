import type { HandlerContext, Handlers } from '../http/handler.js';
import { accountHandlers } from './accounts.js';
import { accountManagementAccountHandlers } from './account-management-accounts.js';
import { advisorModelHandlers } from './advisor-models.js';
import { alertHandlers } from './alerts.js';
import { allocationHandlers } from './allocation.js';
import { bankingHandlers } from './banking.js';
import { contractHandlers } from './contracts.js';
import { eventContractHandlers } from './event-contracts.js';
import { marketDataHandlers } from './market-data.js';
import { notificationHandlers } from './notifications.js';
import { oauth1Handlers } from './oauth1.js';
import { oauth2Handlers } from './oauth2.js';
import { orderHandlers } from './orders.js';
import { portfolioHandlers, portfolioPositionHandlers } from './portfolio.js';
import { portfolioAnalystHandlers } from './portfolio-analyst.js';
import { preTradeComplianceHandlers } from './pre-trade-compliance.js';
import { reportHandlers } from './reports.js';
import { sessionHandlers } from './session.js';
import { singleSignOnHandlers } from './single-sign-on.js';
import { taxVoucherHandlers } from './third-parties-tax-vouchers.js';
import { tradeHandlers } from './trades.js';
import { utilityHandlers } from './utilities.js';
import { watchlistHandlers } from './watchlists.js';

/** Every operation of the document, by operationId. */
export const createHandlers = (context: HandlerContext): Handlers => ({
  ...oauth1Handlers(context),
  ...oauth2Handlers(context),
  ...singleSignOnHandlers(context),
  ...sessionHandlers(context),
  ...accountHandlers(context),
  ...portfolioHandlers(context),
  ...portfolioPositionHandlers(context),
  ...portfolioAnalystHandlers(context),
  ...alertHandlers(context),
  ...watchlistHandlers(context),
  ...allocationHandlers(context),
  ...advisorModelHandlers(context),
  ...orderHandlers(context),
  ...tradeHandlers(context),
  ...contractHandlers(context),
  ...eventContractHandlers(context),
  ...marketDataHandlers(context),
  ...notificationHandlers(context),
  ...utilityHandlers(context),
  ...reportHandlers(context),
  ...preTradeComplianceHandlers(context),
  ...accountManagementAccountHandlers(context),
  ...bankingHandlers(context),
  ...taxVoucherHandlers(context),
});
