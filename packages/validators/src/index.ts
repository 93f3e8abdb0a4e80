// @brokerage/validators: payload validators generated from the brokerage Web API document.
export type { ContentValidators, OperationValidators, SchemaValidator } from './catalog.js';
export { formatErrors, valueAt, type Location, type ValidationError } from './errors.js';
export * from './generated/guards.js';
export {
  checkRequest,
  checkResponse,
  requestChecker,
  validateWith,
  ValidationFailed,
  type CheckedRequest,
  type HttpRequestLike,
  type ValidateWithOptions,
} from './middleware.js';
export {
  isOperationId,
  isSchemaName,
  operationIds,
  schemaNames,
  validate,
  validateRequest,
  validateResponse,
  type RequestInput,
  type RequestResult,
  type Result,
  type SchemaName,
} from './validate.js';
export {
  validateClientFrame,
  validateServerMessage,
  validateStreamMessage,
  type StreamMessageName,
  type StreamResult,
} from './stream.js';
export { streamMessageValidators } from './generated/stream-catalog.js';
export type { StreamMessageValidators } from './catalog.js';
