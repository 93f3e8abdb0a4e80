// @brokerage/server/testing: what tests need beside the server, kept off its main entry: a server
// on a loopback port (the server half of @brokerage/testing's sandbox, which every suite of this
// repository starts its servers with), the strict memory store, and a scratch Redis.
export {
  startLoopbackServer,
  type LoopbackOptions,
  type LoopbackServer,
} from './compose/loopback-server.js';
export { StrictMemoryStore } from './store/strict-memory.js';
export {
  scratchStore,
  startScratchRedis,
  type ScratchRedis,
  type ScratchStore,
} from './store/redis/scratch-redis.js';
