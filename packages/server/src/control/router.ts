import type { MarketRegime } from '../domain/market/regimes.js';
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import type { Fixtures } from '../domain/accounts/model.js';
import { answerFor, sendError } from '../http/error-response.js';
import { openApiValidator } from '../http/openapi-validator.js';
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

/** The control API (openapi/control/), to mount at `/control`: requests and answers are
 * validated against its own document; errors are `{error, statusCode}`. */
export function controlRouter(controls: Controls, options: { validateResponses: boolean }): Router {
  const router = Router();
  router.use(express.json({ limit: '10mb' }));
  router.use(
    openApiValidator({
      apiSpec: controlDocumentFiles.json,
      validateRequests: { allErrors: true },
      validateResponses: options.validateResponses ? { allErrors: true } : false,
      validateSecurity: false,
      validateApiSpec: false,
    }),
  );

  router.post('/reset', (req: Request, res: Response) => {
    res.json(controls.reset((req.body as { seed?: number } | undefined) ?? {}));
  });
  router.post('/fixtures', (req: Request, res: Response) => {
    res.json(controls.loadFixtures(req.body as Fixtures));
  });
  router.post('/sessions', (req: Request, res: Response) => {
    const { username, brokerage } = req.body as { username: string; brokerage?: boolean };
    res.json(controls.createSession(username, brokerage === undefined ? {} : { brokerage }));
  });
  router.post('/gateway/login', (_req: Request, res: Response) => {
    res.json(controls.loginGateway());
  });
  router.post('/prices', (req: Request, res: Response) => {
    res.json({ prices: controls.setPrices((req.body as { prices: PriceEntry[] }).prices) });
  });
  router.post('/prices/walk', (req: Request, res: Response) => {
    res.json({
      prices: controls.walkPrices((req.body as Partial<PriceWalkRequest> | undefined) ?? {}),
    });
  });
  router.put('/prices/:conid', (req: Request, res: Response) => {
    res.json(controls.setPrice(Number(req.params.conid), (req.body as { price: number }).price));
  });
  router.get('/clock', (_req: Request, res: Response) => {
    res.json(controls.readClock());
  });
  router.post('/clock/advance', (req: Request, res: Response) => {
    res.json(controls.advanceClock((req.body as { ms: number }).ms));
  });
  router.put('/market/regimes/:conid', (req: Request, res: Response) => {
    res.json(controls.setMarketRegime(Number(req.params.conid), req.body as Partial<MarketRegime>));
  });
  router.post('/market/advance', (req: Request, res: Response) => {
    res.json(controls.advanceMarket((req.body as { ms: number }).ms));
  });
  router.post('/prompts', (req: Request, res: Response) => {
    res.json(controls.raisePrompt(req.body as PromptRequest));
  });
  router.put('/faults/:operationId', (req: Request, res: Response) => {
    res.json(controls.injectFault(String(req.params.operationId), req.body as FaultRequest));
  });
  router.post('/bulletins', (req: Request, res: Response) => {
    res.json(controls.postBulletin((req.body as { message: string }).message));
  });
  router.post('/notifications', (req: Request, res: Response) => {
    res.json(controls.seedNotification(req.body as SeedNotification));
  });
  router.post('/allocation-groups', (req: Request, res: Response) => {
    res.json(controls.seedAllocationGroup(req.body as SeedAllocationGroup));
  });
  router.post('/models', (req: Request, res: Response) => {
    res.json(controls.seedModel(req.body as SeedModel));
  });
  router.delete('/faults', (_req: Request, res: Response) => {
    controls.clearFaults();
    res.status(204).end();
  });

  router.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const answer = answerFor(error, undefined);
    if (answer.status >= 500) req.log.error({ err: error }, 'control request failed');
    if (res.headersSent) return;
    sendError(res, answer, undefined, req.originalUrl);
  });
  return router;
}
