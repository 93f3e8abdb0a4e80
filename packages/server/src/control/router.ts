import type { MarketRegime } from '../domain/market/regimes.js';
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import type { Fixtures } from '../domain/accounts/model.js';
import { answerFor, sendError } from '../http/error-response.js';
import { sharedOpenApiValidator } from '../http/openapi-validator.js';
import type {
  Controls,
  FaultRequest,
  PriceEntry,
  PriceWalkRequest,
  PromptRequest,
  SeedAllocationGroup,
  SeedModel,
  SeedNotification,
} from './controls.js';
import { controlDocumentFiles } from './document.js';
import type { MarketDataSource } from '../domain/market/replay/market-data-source.js';
import { inUnit, type Store } from '../domain/kernel/store.js';

/** The control API (openapi/control/), to mount at `/control`: requests and answers are
 * validated against its own document; errors are `{error, statusCode}`. */
export function controlRouter(
  controls: Controls,
  options: { validateResponses: boolean; store: Store },
): Router {
  const router = Router();
  /** A route answering what `work` answers (204 when nothing), run as one unit of work of the
   * store, so that it is answered once its changes are committed. */
  const answer =
    (work: (req: Request) => unknown) =>
    async (req: Request, res: Response, next: NextFunction) => {
      try {
        const body = await inUnit(options.store, () => work(req));
        if (body === undefined) res.status(204).end();
        else res.json(body);
      } catch (error) {
        next(error);
      }
    };
  router.use(express.json({ limit: '10mb' }));
  router.use(
    sharedOpenApiValidator(`control responses:${options.validateResponses}`, () => ({
      apiSpec: controlDocumentFiles.json,
      validateRequests: { allErrors: true },
      validateResponses: options.validateResponses ? { allErrors: true } : false,
      validateSecurity: false,
      validateApiSpec: false,
    })),
  );

  router.post(
    '/reset',
    answer((req) => controls.reset((req.body as { seed?: number } | undefined) ?? {})),
  );
  router.post(
    '/fixtures',
    answer((req) => controls.loadFixtures(req.body as Fixtures)),
  );
  router.post(
    '/sessions',
    answer((req) => {
      const { username, brokerage } = req.body as { username: string; brokerage?: boolean };
      return controls.createSession(username, brokerage === undefined ? {} : { brokerage });
    }),
  );
  router.post(
    '/gateway/login',
    answer(() => controls.loginGateway()),
  );
  router.post(
    '/prices',
    answer((req) => ({
      prices: controls.setPrices((req.body as { prices: PriceEntry[] }).prices),
    })),
  );
  router.post(
    '/prices/walk',
    answer((req) => ({
      prices: controls.walkPrices((req.body as Partial<PriceWalkRequest> | undefined) ?? {}),
    })),
  );
  router.put(
    '/prices/:conid',
    answer((req) =>
      controls.setPrice(Number(req.params.conid), (req.body as { price: number }).price),
    ),
  );
  router.get(
    '/clock',
    answer(() => controls.readClock()),
  );
  router.post(
    '/clock/advance',
    answer((req) => controls.advanceClock((req.body as { ms: number }).ms)),
  );
  router.put(
    '/market/regimes/:conid',
    answer((req) =>
      controls.setMarketRegime(Number(req.params.conid), req.body as Partial<MarketRegime>),
    ),
  );
  router.post(
    '/market/advance',
    answer((req) => controls.advanceMarket((req.body as { ms: number }).ms)),
  );
  router.put(
    '/market/replays/:conid',
    answer((req) => controls.replayMarket(Number(req.params.conid), req.body as MarketDataSource)),
  );
  router.delete(
    '/market/replays/:conid',
    answer((req) => controls.stopReplay(Number(req.params.conid))),
  );
  router.post(
    '/prompts',
    answer((req) => controls.raisePrompt(req.body as PromptRequest)),
  );
  router.put(
    '/faults/:operationId',
    answer((req) => controls.injectFault(String(req.params.operationId), req.body as FaultRequest)),
  );
  router.post(
    '/bulletins',
    answer((req) => controls.postBulletin((req.body as { message: string }).message)),
  );
  router.post(
    '/notifications',
    answer((req) => controls.seedNotification(req.body as SeedNotification)),
  );
  router.post(
    '/allocation-groups',
    answer((req) => controls.seedAllocationGroup(req.body as SeedAllocationGroup)),
  );
  router.post(
    '/models',
    answer((req) => controls.seedModel(req.body as SeedModel)),
  );
  router.delete(
    '/faults',
    answer(() => controls.clearFaults()),
  );

  router.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const answer = answerFor(error, undefined);
    if (answer.status >= 500) req.log.error({ err: error }, 'control request failed');
    if (res.headersSent) return;
    sendError(res, answer, undefined, req.originalUrl);
  });
  return router;
}
