import { controlOperationRoutes } from '@brokerage/types';
import type { ControlOk, ControlOperationId } from '@brokerage/types/control';
import express, {
  Router,
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import { answerFor, sendError } from '../http/error-response.js';
import { sharedOpenApiValidator } from '../http/openapi-validator.js';
import { sequence } from '../http/sequence.js';
import { bankingControls } from './banking.js';
import { csvReplayUpload } from './replay-upload.js';
import type { Controls } from './controls.js';
import { controlDocumentFiles } from '../http/document.js';
import type { ControlHandlers, ControlRequest } from './handler-types.js';
import { inUnit, type Store } from '../domain/kernel/store.js';

/** Runs one operation's handler (the signature ties the request's type to the operation). */
const run = <Op extends ControlOperationId>(
  handlers: ControlHandlers,
  operationId: Op,
  request: ControlRequest<Op>,
): ControlOk<Op> => handlers[operationId](request);

/** The handler of every operation of the control document, by operationId. */
function controlHandlers(controls: Controls): ControlHandlers {
  return {
    resetState: ({ body }) => controls.reset(body ?? {}),
    loadFixtures: ({ body }) => controls.loadFixtures(body),
    createSession: ({ body: { username, brokerage } }) =>
      controls.createSession(username, brokerage === undefined ? {} : { brokerage }),
    loginGateway: () => controls.loginGateway(),
    setPrices: ({ body }) => ({ prices: controls.setPrices(body.prices) }),
    walkPrices: ({ body }) => ({ prices: controls.walkPrices(body ?? {}) }),
    setPrice: ({ body, params }) => controls.setPrice(Number(params.conid), body.price),
    getClock: () => controls.readClock(),
    advanceClock: ({ body }) => controls.advanceClock(body.ms),
    setMarketRegime: ({ body, params }) => controls.setMarketRegime(Number(params.conid), body),
    advanceMarket: ({ body }) => controls.advanceMarket(body.ms),
    // A `text/csv` body is read as it arrives by its own route (replay-upload.ts); a CSV given as
    // text here is the same data.
    replayMarket: ({ body, params }) =>
      controls.replayMarket(Number(params.conid), typeof body === 'string' ? { csv: body } : body),
    stopMarketReplay: ({ params }) => {
      controls.stopReplay(Number(params.conid));
    },
    raisePrompt: ({ body }) => controls.raisePrompt(body),
    injectFault: ({ body, params }) => controls.injectFault(params.operationId, body),
    clearFaults: () => {
      controls.clearFaults();
    },
    postBulletin: ({ body }) => controls.postBulletin(body.message),
    declareDividend: ({ body }) => controls.declareDividend(body),
    setMarketDataLifetime: ({ body }) => controls.setMarketDataLifetime(body.lifetimeMs),
    loseBrokerageSession: ({ body }) => controls.loseBrokerageSession(body.username),
    competeForSession: ({ body }) => controls.competeForSession(body.username),
    scheduleNightlyReset: ({ body }) => controls.scheduleNightlyReset(body.at),
    clearLiveOrdersCache: ({ body }) => controls.clearLiveOrdersCache(body.username),
    expireReplyIds: ({ body }) => controls.expireReplyIds(body.username, body.afterMs),
    accumulateSnapshotFields: ({ body }) => controls.accumulateSnapshotFields(body.username),
    putInPenaltyBox: ({ body }) => controls.putInPenaltyBox(body.username, body.ms),
    setPenaltyThreshold: ({ body }) => controls.setPenaltyThreshold(body),
    seedNotification: ({ body }) => controls.seedNotification(body),
    seedAllocationGroup: ({ body }) => controls.seedAllocationGroup(body),
    seedModel: ({ body }) => controls.seedModel(body),
    completeApplicationTasks: ({ params }) => controls.applications.completeTasks(params.accountId),
    setApplicationStatus: ({ body, params }) =>
      controls.applications.setStatus(params.accountId, body),
    ...bankingControls(controls.banking),
    createAgentTokens: ({ body }) => controls.agents.tokens(body),
    consentToAgent: ({ body }) => controls.agents.consent(body),
    submitOrderInstruction: ({ params }) => controls.agents.submitInstruction(params.instructionId),
    setMcpFirewall: ({ body }) => controls.agents.firewall(body.enabled),
    setMcpRegistrationAllowlist: ({ body }) => controls.agents.registrationAllowlist(body.enabled),
    failMcpToolList: ({ body }) => controls.agents.toolListUnavailable(body.times),
    failMcpTool: ({ body }) => controls.agents.toolError(body.tool, body.times),
    setMcpStringArguments: ({ body }) => controls.agents.stringArguments(body.enabled),
  };
}

/** A control document path (`/control/prices/{conid}`) as this router's Express path
 * (`/prices/:conid`): the router is mounted at `/control`. */
const expressPath = (path: string) => path.replace(/^\/control/, '').replace(/\{([^}]+)\}/g, ':$1');

const routerMethods = { GET: 'get', POST: 'post', PUT: 'put', DELETE: 'delete' } as const;

/** The control API (openapi/control/), to mount at `/control`: requests and answers are
 * validated against its own document; errors are `{error, statusCode}`. */
export function controlRouter(
  controls: Controls,
  options: { validateResponses: boolean; store: Store },
): Router {
  const router = Router();
  router.put('/market/replays/:conid', csvReplayUpload(controls, options.store));
  router.use(express.json({ limit: '10mb' }));
  // Built on the first control request: most sandboxes use the controls in process, and never
  // pay for loading the control document into the validator.
  let validator: RequestHandler | undefined;
  router.use((req: Request, res: Response, next: NextFunction) => {
    validator ??= sequence(
      sharedOpenApiValidator(`control responses:${options.validateResponses}`, () => ({
        apiSpec: controlDocumentFiles.json,
        validateRequests: { allErrors: true },
        validateResponses: options.validateResponses ? { allErrors: true } : false,
        validateSecurity: false,
        validateApiSpec: false,
      })),
    );
    validator(req, res, next);
  });

  const handlers = controlHandlers(controls);
  for (const { operationId, method, path } of controlOperationRoutes) {
    // Each operation runs as one unit of work of the store, so that it is answered once its
    // changes are committed; one without an answer is 204.
    router[routerMethods[method]](
      expressPath(path),
      async (req: Request, res: Response, next: NextFunction) => {
        try {
          const body = await inUnit(options.store, () => run(handlers, operationId, req));
          if (body === undefined) res.status(204).end();
          else res.json(body);
        } catch (error) {
          next(error);
        }
      },
    );
  }

  router.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    // A JSON body past the limit is refused without reading the rest of it.
    const tooLarge = (error as { type?: unknown }).type === 'entity.too.large';
    if (tooLarge && !req.complete) res.setHeader('Connection', 'close');
    const answer = tooLarge
      ? { status: 413, message: 'The body is larger than 10 MB, the most a control request takes' }
      : answerFor(error, undefined);
    if (answer.status >= 500) req.log.error({ err: error }, 'control request failed');
    if (res.headersSent) return;
    sendError(res, answer, undefined, req.originalUrl);
  });
  return router;
}
