// The bundled document must describe exactly these operations: the specification's endpoint
// tables plus the operations it relies on without showing them (each with its file under docs/decisions/).
// An operation that silently disappears from, or appears in, the document fails here.
import { readFileSync } from 'node:fs';
import { answersWithStatus, operationRoutes } from '../src/index.js';

const expected = [
  // Authentication
  'POST /v1/api/oauth/request_token requestOAuthToken',
  'POST /v1/api/oauth/access_token getOAuthAccessToken',
  'POST /v1/api/oauth/live_session_token createLiveSessionToken',
  'POST /oauth2/api/v1/token createOAuth2Token',
  'POST /gw/api/v1/sso-sessions createSsoSession',
  'POST /gw/api/v1/sso-browser-sessions createSsoBrowserSession',
  // Session
  'POST /v1/api/tickle tickle',
  'GET /v1/api/iserver/auth/status getAuthStatus',
  'POST /v1/api/iserver/auth/status checkAuthStatus',
  'POST /v1/api/iserver/auth/ssodh/init initBrokerageSession',
  'POST /v1/api/iserver/reauthenticate reauthenticate', // beyond the specification: issue 12
  'POST /v1/api/logout logout',
  'GET /v1/api/sso/validate validateSso', // beyond the specification: issue 15
  'GET /v1/api/tickle getTickle', // beyond the specification: issue 15
  // Accounts
  'GET /v1/api/iserver/accounts getAccounts',
  'POST /v1/api/iserver/account switchAccount',
  'GET /v1/api/iserver/account/search/{searchPattern} searchDynamicAccounts',
  'POST /v1/api/iserver/dynaccount setDynamicAccount',
  'GET /v1/api/acesws/{accountId}/signatures-and-owners getSignaturesAndOwners',
  'GET /v1/api/iserver/account/{accountId}/summary getAccountSummary',
  'GET /v1/api/iserver/account/{accountId}/summary/balances getAccountBalances',
  'GET /v1/api/iserver/account/{accountId}/summary/margins getAccountMargins',
  'GET /v1/api/iserver/account/{accountId}/summary/market_value getAccountMarketValue',
  'GET /v1/api/iserver/account/{accountId}/summary/available_funds getAccountAvailableFunds',
  'GET /v1/api/iserver/account/pnl/partitioned getPartitionedPnl',
  // Portfolio
  'GET /v1/api/portfolio/accounts getPortfolioAccounts',
  'GET /v1/api/portfolio/subaccounts getPortfolioSubaccounts',
  'GET /v1/api/portfolio/{accountId}/ledger getLedger',
  // Portfolio, beyond the specification: issue 15
  'GET /v1/api/portfolio/subaccounts2 getPortfolioSubaccountsPage',
  'GET /v1/api/portfolio/{accountId}/positions/{pageId} getPositions',
  'POST /v1/api/portfolio/{accountId}/positions/invalidate invalidatePositions',
  'GET /v1/api/portfolio2/{accountId}/positions getUncachedPositions',
  'GET /v1/api/portfolio/{accountId}/position/{conid} getPositionByConid',
  'GET /v1/api/portfolio/positions/{conid} getPositionsByConid',
  'GET /v1/api/portfolio/{accountId}/combo/positions getComboPositions',
  'GET /v1/api/portfolio/{accountId}/summary getPortfolioSummary',
  'GET /v1/api/portfolio/{accountId}/meta getPortfolioAccountMeta',
  'GET /v1/api/portfolio/{accountId}/allocation getAccountAllocation',
  'GET /v1/api/portfolio/allocation getConsolidatedAllocation',
  'POST /v1/api/portfolio/allocation queryConsolidatedAllocation',
  // Portfolio analyst, beyond the specification: issue 15
  'POST /v1/api/pa/performance getPerformance',
  'GET /v1/api/pa/performance getPerformanceByQuery',
  'POST /v1/api/pa/allocation getPortfolioAllocation',
  'POST /v1/api/pa/allperiods getAllPeriodsPerformance',
  'POST /v1/api/pa/transactions getTransactions',
  // Alerts
  'POST /v1/api/iserver/account/{accountId}/alert upsertAlert',
  'POST /v1/api/iserver/account/{accountId}/alert/activate activateAlert',
  'DELETE /v1/api/iserver/account/{accountId}/alert/{alertId} deleteAlert',
  'GET /v1/api/iserver/account/{accountId}/alerts listAlerts',
  'GET /v1/api/iserver/account/alert/{alertId} getAlertDetails',
  'GET /v1/api/iserver/account/mta getMtaAlert',
  // Watchlists and allocation
  'POST /v1/api/iserver/watchlist createWatchlist',
  // Watchlists, beyond the specification: issue 15
  'GET /v1/api/iserver/watchlists getWatchlists',
  'GET /v1/api/iserver/watchlist getWatchlist',
  'DELETE /v1/api/iserver/watchlist deleteWatchlist',
  'POST /v1/api/iserver/account/allocation/group createAllocationGroup',
  'GET /v1/api/iserver/account/allocation/group listAllocationGroups', // issue 17
  'PUT /v1/api/iserver/account/allocation/group modifyAllocationGroup', // issue 17
  'POST /v1/api/iserver/account/allocation/group/delete deleteAllocationGroup', // issue 17
  'POST /v1/api/iserver/account/allocation/group/single getAllocationGroup', // issue 17
  'GET /v1/api/iserver/account/allocation/accounts listAllocatableAccounts', // issue 17
  'GET /v1/api/iserver/account/allocation/presets getAllocationPresets', // issue 17
  'POST /v1/api/iserver/account/allocation/presets setAllocationPresets', // issue 17
  // Orders and trades
  'POST /v1/api/iserver/account/{accountId}/orders placeOrders',
  'POST /v1/api/iserver/reply/{replyId} confirmOrderReply',
  'POST /v1/api/iserver/questions/suppress suppressQuestions',
  'POST /v1/api/iserver/questions/suppress/reset resetSuppressedQuestions',
  'GET /v1/api/iserver/account/orders getOpenOrders',
  'GET /v1/api/iserver/account/order/status/{orderId} getOrderStatus',
  'POST /v1/api/iserver/account/{accountId}/order/{orderId} modifyOrder',
  'DELETE /v1/api/iserver/account/{accountId}/order/{orderId} cancelOrder',
  'GET /v1/api/iserver/account/trades getTrades',
  // Orders, beyond the specification: issue 15
  'POST /v1/api/iserver/account/{accountId}/orders/whatif previewOrders',
  'POST /v1/api/iserver/notification answerServerPrompt',
  // Contracts
  'GET /v1/api/trsrv/stocks getStocksBySymbols',
  'GET /v1/api/trsrv/futures getFuturesBySymbols',
  'POST /v1/api/iserver/contract/rules getContractRules',
  'GET /v1/api/iserver/contract/{conid}/algos getContractAlgos',
  'GET /v1/api/iserver/currency/pairs getCurrencyPairs',
  'GET /v1/api/forecast/contract/rules getEventContractRules',
  'GET /v1/api/forecast/contract/details getEventContractDetails',
  // Contracts: beyond the specification, issue 15
  'GET /v1/api/iserver/secdef/search searchContracts',
  'POST /v1/api/iserver/secdef/search searchContractsByPost',
  'GET /v1/api/iserver/secdef/strikes getOptionStrikes',
  'GET /v1/api/iserver/secdef/info getSecdefInfo',
  'GET /v1/api/iserver/secdef/bond-filters getBondFilters',
  'GET /v1/api/trsrv/secdef getSecurityDefinitions',
  'GET /v1/api/trsrv/all-conids getExchangeContracts',
  'GET /v1/api/trsrv/secdef/schedule getSymbolTradingSchedules',
  'GET /v1/api/contract/trading-schedule getContractTradingSchedule',
  'GET /v1/api/iserver/contract/{conid}/info getContractInfo',
  'GET /v1/api/iserver/contract/{conid}/info-and-rules getContractInfoAndRules',
  'GET /v1/api/iserver/exchangerate getExchangeRate',
  'GET /v1/api/forecast/category/tree getEventCategoryTree',
  'GET /v1/api/forecast/contract/market getEventMarket',
  'GET /v1/api/forecast/contract/schedules getEventContractSchedules',
  // Market data: beyond the specification, issue 16
  'GET /v1/api/iserver/marketdata/snapshot getMarketDataSnapshot',
  'POST /v1/api/iserver/marketdata/unsubscribe unsubscribeMarketData',
  'GET /v1/api/iserver/marketdata/unsubscribeall unsubscribeAllMarketData',
  'GET /v1/api/iserver/marketdata/history getMarketDataHistory',
  'GET /v1/api/iserver/scanner/params getScannerParameters',
  'POST /v1/api/iserver/scanner/run runScanner',
  // Market data, the remainder of issue 16
  'GET /v1/api/md/regsnapshot getRegulatorySnapshot',
  'GET /v1/api/hmds/history getHmdsHistory',
  'GET /v1/api/hmds/scanner/params getHmdsScannerParameters',
  'POST /v1/api/hmds/scanner/run runHmdsScanner',
  // Advisor models (issue 17)
  'POST /v1/api/fa/model/list listModels',
  'POST /v1/api/fa/model/summary getModelSummary',
  'POST /v1/api/fa/model/positions getModelPositions',
  'POST /v1/api/fa/model/accounts-details getModelAccounts',
  'POST /v1/api/fa/model/invest-divest-positions getModelInvestedAccounts',
  'POST /v1/api/fa/model/save saveModel',
  'POST /v1/api/fa/model/invest-divest investInModel',
  'POST /v1/api/fa/model/submit-transfers submitModelTransfers',
  'POST /v1/api/fa/fa-preset/get getModelPresets',
  'POST /v1/api/fa/fa-preset/save saveModelPresets',
  // Notifications (issue 17)
  'GET /v1/api/fyi/unreadnumber getUnreadNotificationCount',
  'GET /v1/api/fyi/settings getNotificationSettings',
  'POST /v1/api/fyi/settings/{typecode} setNotificationSetting',
  'GET /v1/api/fyi/disclaimer/{typecode} getNotificationDisclaimer',
  'PUT /v1/api/fyi/disclaimer/{typecode} acknowledgeNotificationDisclaimer',
  'GET /v1/api/fyi/deliveryoptions getNotificationDeliveryOptions',
  'PUT /v1/api/fyi/deliveryoptions/email setNotificationEmailDelivery',
  'POST /v1/api/fyi/deliveryoptions/device setNotificationDevice',
  'DELETE /v1/api/fyi/deliveryoptions/{deviceId} deleteNotificationDevice',
  'GET /v1/api/fyi/notifications listNotifications',
  'GET /v1/api/ws openWebsocket',
  'GET /v1/api/fyi/notifications/more getMoreNotifications',
  'PUT /v1/api/fyi/notifications/{notificationId} markNotificationRead',
  // Account management, Utilities (issue 31)
  'GET /gw/api/v1/echo/https echoHttps',
  'POST /gw/api/v1/echo/signed-jwt echoSignedJwt',
  'GET /gw/api/v1/enumerations/complex-asset-transfer getComplexAssetTransferBrokers',
  'GET /gw/api/v1/participating-banks getParticipatingBanks',
  'GET /gw/api/v1/validations/usernames/{username} checkUsernameAvailability',
  'POST /gw/api/v1/bank-instructions createBankInstruction',
  'POST /gw/api/v1/bank-instructions:bulk createBankInstructionsBulk',
  'POST /gw/api/v1/bank-instructions/query queryBankInstructions',
  'POST /gw/api/v1/external-cash-transfers createExternalCashTransfer',
  'POST /gw/api/v1/external-cash-transfers:bulk createExternalCashTransfersBulk',
  'POST /gw/api/v1/external-cash-transfers/query queryExternalCashTransfers',
  'POST /gw/api/v1/internal-cash-transfers createInternalCashTransfer',
  'POST /gw/api/v1/internal-cash-transfers:bulk createInternalCashTransfersBulk',
  'POST /gw/api/v1/external-asset-transfers createExternalAssetTransfer',
  'POST /gw/api/v1/external-asset-transfers:bulk createExternalAssetTransfersBulk',
  'POST /gw/api/v2/external-asset-transfers createExternalAssetTransferV2',
  'POST /gw/api/v2/external-asset-transfers:bulk createExternalAssetTransfersBulkV2',
  'POST /gw/api/v1/internal-asset-transfers createInternalAssetTransfer',
  'POST /gw/api/v1/internal-asset-transfers:bulk createInternalAssetTransfersBulk',
  'POST /gw/api/v1/instructions/cancel cancelInstruction',
  'POST /gw/api/v1/instructions/cancel:bulk cancelInstructionsBulk',
  'POST /gw/api/v1/instructions/query queryRecentInstructions',
  'GET /gw/api/v1/instructions/{instructionId} getInstructionStatus',
  'GET /gw/api/v1/instruction-sets/{instructionSetId} getInstructionSetStatus',
  'GET /gw/api/v1/client-instructions/{clientInstructionId} getClientInstructionStatus',
  'POST /gw/api/v1/balances/query queryBalances',
  'GET /gw/api/v1/enumerations/{enumerationType} getEnumerations',
  'GET /gw/api/v1/forms getForms',
  'GET /gw/api/v1/forms/required-forms getRequiredForms',
  'GET /gw/api/v1/requests getAmRequests',
  'GET /gw/api/v1/requests/{requestId}/status getAmRequestStatus',
  'PATCH /gw/api/v1/requests/{requestId}/status updateAmRequestStatus',
  'POST /gw/api/v1/statements generateStatement',
  'GET /gw/api/v1/statements/available getAvailableStatementDates',
  'POST /gw/api/v1/tax-documents generateTaxDocument',
  'GET /gw/api/v1/tax-documents/available getAvailableTaxDocuments',
  'POST /gw/api/v1/tax-vouchers createTaxVoucherRequests',
  'GET /gw/api/v1/tax-vouchers/active-countries getActiveCountryList',
  'GET /gw/api/v1/tax-vouchers/years getYears',
  'GET /gw/api/v1/tax-vouchers/dividends fetchDividends_1',
  'GET /gw/api/v1/tax-vouchers/{requestId}/state getCurrentState_1',
  'GET /gw/api/v1/tax-vouchers/{requestId}/download downloadFile',
  'POST /gw/api/v1/trade-confirmations generateTradeConfirmation',
  'GET /gw/api/v1/trade-confirmations/available getAvailableTradeConfirmationDates',
  'POST /gw/api/v1/restrictions applyRestrictions',
  'POST /gw/api/v1/restrictions/verify verifyRestrictions',
  'GET /gw/api/v1/restrictions/account getAccountRestrictions',
  'GET /gw/api/v1/restrictions/user getUserRestrictions',
  'GET /gw/api/v1/restrictions/ids getMasterRestrictionIds',
  'GET /gw/api/v1/restrictions/restriction getRestrictionDetails',
  'GET /gw/api/v1/restrictions/restriction-scope getRestrictionScope',
  'GET /gw/api/v1/restrictions/lists/ids getMasterListIds',
  'GET /gw/api/v1/restrictions/list getListDetails',
  'GET /gw/api/v1/accounts getProcessedApplication',
  'POST /gw/api/v1/accounts createAccountApplication',
  'PATCH /gw/api/v1/accounts updateAmAccount',
  'POST /gw/api/v1/accounts/documents submitAgreementDocuments',
  'GET /gw/api/v1/accounts/status getAmAccountStatuses',
  'GET /gw/api/v1/accounts/login-messages getLoginMessages',
  'GET /gw/api/v1/accounts/{accountId}/status getAmAccountStatus',
  'PATCH /gw/api/v1/accounts/{accountId}/status updateAmAccountStatus',
  'GET /gw/api/v1/accounts/{accountId}/tasks getRegistrationTasks',
  'POST /gw/api/v1/accounts/{accountId}/tasks assignRegistrationTasks',
  'PATCH /gw/api/v1/accounts/{accountId}/tasks updateRegistrationTasks',
  'GET /gw/api/v1/accounts/{accountId}/details getAmAccountDetails',
  'GET /gw/api/v1/accounts/{accountId}/kyc getKycLink',
  'GET /gw/api/v1/accounts/{accountId}/login-messages getAmAccountLoginMessages',
];

const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

interface Document {
  paths: Record<string, Record<string, { operationId?: string }>>;
}

const bundled = JSON.parse(
  readFileSync(new URL('../generated/openapi.json', import.meta.url), 'utf8'),
) as Document;

const described = Object.entries(bundled.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => methods.includes(method))
    .map(
      ([method, operation]) => `${method.toUpperCase()} ${path} ${operation.operationId ?? '?'}`,
    ),
);

describe('operations of the bundled document', () => {
  it('are exactly the operations of the specification and its gap facts', () => {
    expect([...described].sort()).toEqual([...expected].sort());
  });

  it('have unique operationIds', () => {
    const ids = described.map((line) => line.split(' ')[2]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('keep every brokerage operation under /v1/api and the token families under their prefixes', () => {
    // `/gw/api/v2/`: the version-2 body of external asset transfers (2.40).
    const prefixes = ['/v1/api/', '/gw/api/v1/', '/gw/api/v2/', '/oauth2/api/v1/'];
    const outside = described.filter(
      (line) => !prefixes.some((p) => line.split(' ')[1]?.startsWith(p)),
    );
    expect(outside).toEqual([]);
  });

  it('tell the operations whose handlers answer a status besides 200 (201, 202, 207, 208)', () => {
    const withStatus = operationRoutes
      .filter((row) => answersWithStatus(row))
      .map((row) => row.operationId);
    expect(withStatus).toContain('createExternalCashTransfer');
    expect(withStatus).toContain('getInstructionStatus');
    expect(withStatus).not.toContain('getLedger');
    expect(answersWithStatus({ statuses: [200, 400, 500] })).toBe(false);
  });
});
