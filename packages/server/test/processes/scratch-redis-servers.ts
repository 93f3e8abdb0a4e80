// The scratch Redis of a test file whose servers share one (each server with its own replica and
// connection, as a process of its own would have): started before the file's tests, removed
// after them; the servers a test started are closed after it.
import { startScratchRedis, type ScratchRedis } from '../../src/store/redis/scratch-redis.js';
import type { Harness } from '../harness.js';

export interface ScratchRedisServers {
  /** The file's scratch Redis (from its `beforeAll` on). */
  readonly redis: ScratchRedis;
  /** The servers the running test started: each is closed after it, unless the test takes it
   * out first (to close or restart it itself). */
  readonly started: Harness[];
}

export function useScratchRedis(): ScratchRedisServers {
  let redis: ScratchRedis | undefined;
  const started: Harness[] = [];
  beforeAll(async () => {
    redis = await startScratchRedis();
  });
  afterEach(async () => {
    await Promise.all(started.splice(0).map((server) => server.close()));
  });
  afterAll(async () => {
    await redis?.remove();
  });
  return {
    get redis() {
      if (!redis) throw new Error('useScratchRedis: the Redis starts in beforeAll');
      return redis;
    },
    started,
  };
}
