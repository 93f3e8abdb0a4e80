export {
  createBrokerageClient,
  type BrokerageClient,
  type BrokerageClientOptions,
  type BrokerageHelpers,
} from './client.js';
export { systemClock, sleep, type Clock } from './clock.js';
export type { AuthProvider } from './auth/types.js';
export { noAuth, sessionCookie, bearerToken } from './auth/simple.js';
export { signedJwtBody, type SignedBodyOptions } from './auth/signed-body.js';
export {
  BrokerageError,
  BrokerageApiError,
  RequestTimeoutError,
  isApiError,
  parseErrorBody,
  type ErrorBody,
  type ErrorObject,
  type ErrorOnly,
  type ProblemDetails,
} from './errors.js';
export {
  OrderRejectedError,
  ReplyInvalidatedError,
  TooManyRoundsError,
  WarningDeclinedError,
} from './orders/errors.js';
export {
  isOrderSuccess,
  isOrderWarning,
  isOrderReject,
  isOrderAdvancedReject,
  type PlaceOrdersResponse,
  type OrderSuccessEntry,
  type OrderWarningEntry,
  type OrderReject,
  type OrderAdvancedReject,
} from './orders/shapes.js';
export type { OrderRequest, PlaceOrderOptions, WarningPolicy } from './orders/reply-loop.js';
export { LiveOrdersNotReadyError, type LiveOrdersOptions } from './orders/live-orders.js';
export {
  parseDecimal,
  orderStatusNumbers,
  liveOrderNumbers,
  tradeNumbers,
  type OrderStatus,
  type LiveOrder,
  type Trade,
  type OrderStatusNumbers,
  type LiveOrderNumbers,
  type TradeNumbers,
} from './orders/numbers.js';
export {
  orderPreviewNumbers,
  type OrderPreview,
  type OrderPreviewNumbers,
  type AmountNumbers,
  type ChangeNumbers,
} from './orders/preview.js';
export {
  parseAmount,
  numericSummary,
  type Amount,
  type NumericSegment,
  type NumericSegments,
  type NumericSummary,
} from './accounts/amounts.js';
export {
  isTickleFailure,
  tickleSession,
  type TickleResponse,
  type TickleSession,
  type TickleFailure,
} from './session/tickle.js';
export {
  pollInstruction,
  InstructionPollTimeoutError,
  type InstructionAnswer,
  type InstructionStatus,
  type PollInstructionOptions,
} from './banking/poll-instruction.js';
export {
  allPositions,
  positionsPageSize,
  type AllPositionsOptions,
  type Position,
  type PositionsQuery,
} from './portfolio/positions.js';
export { KeepAlive, type KeepAliveOptions, type SessionLostEvent } from './keep-alive.js';
export { defaultPacing, type PacingLimits } from './fetch/pacing.js';
export { defaultRetry, type RetryOptions } from './fetch/retry.js';
export type { Fetch } from './fetch/layer.js';
export { operationOf } from './operations.js';
export {
  numericAlertDetails,
  type AlertDetails,
  type AlertDetailsCondition,
  type NumericAlertCondition,
  type NumericAlertDetails,
} from './alerts/details.js';
export {
  isRequiredParameter,
  orderTicketDefaults,
  type AlgoParameter,
  type ContractRules,
  type NumericOrderDefaults,
} from './contracts/rules.js';
export {
  ContractNotFoundError,
  findStock,
  optionContract,
  optionStrikes,
  type OptionQuery,
  type OptionStrikes,
  type SecdefInfo,
  type SecdefSearchResult,
  type StockContract,
} from './contracts/search.js';
export {
  snapshotFieldCodes,
  numericSnapshotFields,
  fieldsParameter,
  snapshotNumber,
  viewSnapshot,
  type SnapshotEntry,
  type SnapshotFieldCode,
  type SnapshotFieldName,
  type NumericSnapshotFieldName,
  type SnapshotView,
} from './market-data/fields.js';
export { marketSnapshot, type SnapshotOptions } from './market-data/snapshot.js';
export {
  hmdsHistory,
  marketHistory,
  type HmdsPriceHistory,
  type PriceBar,
  type PriceHistory,
} from './market-data/history.js';
export {
  allocatableAccountNumbers,
  modelPositionNumbers,
  type AllocatableAccounts,
  type AllocatableAccountNumbers,
  type ModelPositions,
  type ModelPositionRow,
  type ModelPositionNumbers,
} from './advisors/numbers.js';
export {
  isNotificationRead,
  notificationTime,
  type Notification,
} from './notifications/notifications.js';
export {
  createStreamingClient,
  StreamingClient,
  StreamError,
  type ReconnectOptions,
  type StreamingClientOptions,
  type Subscription,
  type WebSocketConstructor,
  type WebSocketLike,
} from './streaming/streaming-client.js';
export { sessionOf } from './streaming/session.js';
export {
  topics as streamTopics,
  type AccountSummaryArguments,
  type HistoryArguments,
  type TopicMessages,
  type TopicName,
  type TradesArguments,
} from './streaming/topics.js';
