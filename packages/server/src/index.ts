// @brokerage/server: the simulation served over HTTP (`createServer`), and what its users need
// beside it (clocks, the streaming server's types, recordings and their replay). What only tests
// need (a server on a loopback port, the strict memory store, a scratch Redis) is
// @brokerage/server/testing.
export {
  createServer,
  type BrokerageServer,
  type ServerOptions,
  type TrustProxy,
} from './compose/server.js';
export type { Mode } from './compose/simulation.js';
export { ManualClock, type Clock } from './domain/kernel/clock.js';
export {
  streamPath,
  StreamMessageViolation,
  type StreamingOptions,
  type StreamingServer,
} from './streaming/streaming-server.js';
export { warmValidatorCache, type WarmOptions } from './http/validator-warm.js';
export { testConsumerKeys, type TestConsumerKeys } from './fixtures/test-consumer.js';
export { readMarketDataFile } from './compose/market-data-file.js';
export type { MarketDataSource } from './domain/market/replay/market-data-source.js';
export type { ReplayState } from './domain/market/replay/market-replay.js';
export type { ConfiguredReplay } from './control/replays.js';
export { readRecording, RecordingError } from './recording/read-recording.js';
export { createReplayHandler, noRecordedAnswerStatus } from './recording/replay.js';
