// @brokerage/msw: MSW request handlers for the brokerage Web API, over the reference server's domain.
export {
  createBrokerageHandlers,
  type BrokerageHandlers,
  type BrokerageHandlersOptions,
} from './handlers.js';
