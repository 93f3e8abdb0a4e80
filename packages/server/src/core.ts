// @brokerage/server/core: the simulation without Express or Node modules, for servers of other
// kinds (the MSW handlers of @brokerage/msw, in Node or in a browser). OAuth 1.0a is Node-only:
// compose the services with `oauth1Unavailable()` there.
export { Controls } from './control/controls.js';
export { composeServices, type OAuth1Flow, type Services } from './domain/services.js';
export { oauth1Unavailable } from './domain/auth/oauth1/port.js';
export type { Session } from './domain/accounts/sessions.js';
export { ManualClock, OffsetClock, systemClock, type Clock } from './domain/kernel/clock.js';
export type { Store } from './domain/kernel/store.js';
export type { Fixtures } from './domain/accounts/model.js';
export { defaultFixtures } from './fixtures/index.js';
export { bearerAuthenticator } from './http/authenticators.js';
export { numericParameters } from './http/numeric-parameters.js';
export {
  answerFor,
  emptyBody,
  errorReply,
  hasNoBody,
  nonFiniteParameter,
  type ErrorAnswer,
  type ErrorReply,
} from './http/error-response.js';
export type { FaultInjector, FaultSpec } from './http/faults.js';
export type { Admitted, CheckedRequest, OperationRequest, Reply } from './http/handler.js';
export { BinaryBody } from './http/binary-body.js';
export type { OperationCore } from './http/operation-core.js';
export type { OperationInfo } from './http/operations.js';
export type { PacingLimits } from './http/pacing.js';
export type { Authenticator, IncomingRequest } from './http/session-gate.js';
export {
  composeSimulation,
  type Mode,
  type Simulation,
  type SimulationOptions,
  type SimulationSettings,
} from './compose/simulation.js';
export { MemoryStore } from './store/memory.js';
