import { Router } from 'express';
import { storeRetryAfterSeconds } from '../store/redis/store-health.js';
import type { Mode } from './simulation.js';
import type { Runtime } from './runtime.js';

/** `/health` and `/ready`, answered from the runtime whatever the store does. */
export function healthRouter(runtime: Runtime, mode: Mode): Router {
  const router = Router();
  // Liveness: on a shared store that answers, the clock's position as committed.
  router.get('/health', async (_req, res) => {
    const now = await runtime.committedNow();
    const store = runtime.state();
    res.json({ status: 'ok', mode, time: new Date(now).toISOString(), store });
  });
  // Readiness, for a load balancer: 200 once started while the store answers, else 503.
  router.get('/ready', (_req, res) => {
    const state = runtime.readiness();
    if (state !== 'ready') res.setHeader('Retry-After', String(storeRetryAfterSeconds));
    res.status(state === 'ready' ? 200 : 503).json({ status: state });
  });
  return router;
}
