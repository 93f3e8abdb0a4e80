import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import { compareRouteSpecificity, type OperationId } from '@brokerage/types';
import { pino, type Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { Controls } from './control/controls.js';
import { controlRouter } from './control/router.js';
import type { Brokerage } from './domain/accounts/brokerage.js';
import { OffsetClock, sleep, systemClock, type Clock } from './domain/kernel/clock.js';
import { DomainError, unavailable } from './domain/kernel/errors.js';
import type { Fixtures } from './domain/accounts/model.js';
import type { Session } from './domain/auth/sessions.js';
import { defaultFixtures } from './fixtures/index.js';
import { createHandlers } from './handlers/index.js';
import { indexOperations, loadDocument, type OperationInfo } from './http/document.js';
import { docsRouter } from './http/docs.js';
import { validatorDocument } from './http/validator-document.js';
import { emptyPathParameters } from './http/empty-parameters.js';
import {
  answerFor,
  emptyBody,
  hasNoBody,
  nonFiniteParameter,
  sendError,
} from './http/error-response.js';
import { FaultInjector } from './http/faults.js';
import type { Handler, OperationRequest, Reply } from './http/handler.js';
import { defaultPacing, Pacer, type PacingLimits } from './http/pacing.js';
import { accessOf, admitSession, resolveSession, type Authenticator } from './http/session-gate.js';
import { defaultAuthenticators } from './http/authenticators.js';
import { oauthPagesRouter } from './http/oauth-pages.js';
import { MemoryStore } from './store/memory.js';
import type { Store } from './domain/kernel/store.js';
import { createServices, type Services } from './services.js';

export { ManualClock, type Clock } from './domain/kernel/clock.js';
export { testConsumerKeys, type TestConsumerKeys } from './fixtures/test-consumer.js';

type ValidatorOptions = Parameters<typeof OpenApiValidator.middleware>[0];

export type Mode = 'gateway' | 'hosted';

export interface ServerOptions {
  /** `gateway` (default): a demo user's session is open and requests need no credentials.
   * `hosted`: every request carries credentials. */
  mode?: Mode;
  /** The server's clock: by default the system clock, which the controls can move forward. */
  clock?: Clock;
  seed?: number;
  store?: Store;
  fixtures?: Fixtures;
  /** The user whose session the gateway holds (gateway mode). */
  gatewayUser?: string;
  /** Idle time after which a session ends (default 5 minutes of the server's clock). */
  sessionTimeoutMs?: number;
  /** Pacing limits; `false` turns pacing off. */
  pacing?: boolean | Partial<PacingLimits>;
  /** A request that takes longer is aborted with 503 (default 10 s of the server's clock). */
  requestTimeoutMs?: number;
  /** Validate every response against the document (default true). */
  validateResponses?: boolean;
  /** Validate every request against the document (default true). With responses not validated
   * either, no validator runs at all (the floor the benchmarks compare with). */
  validateRequests?: boolean;
  /** Extra credential checks (OAuth 1.0a, bearer tokens). */
  authenticators?: Authenticator[];
  logger?: Logger;
}

export interface BrokerageServer {
  app: Express;
  brokerage: Brokerage;
  /** Every service of the brokerage, built once (`services.ts`). */
  services: Services;
  faults: FaultInjector;
  pacer: Pacer | undefined;
  /** Controls for test authors (also served under `/control`). */
  controls: Controls;
  /** The session the gateway holds, opening a new one for the gateway user when it has ended. */
  openGatewaySession(): Session;
  readonly options: Readonly<
    Required<Pick<ServerOptions, 'mode' | 'seed' | 'sessionTimeoutMs' | 'requestTimeoutMs'>>
  >;
}

export function createServer(options: ServerOptions = {}): BrokerageServer {
  const mode = options.mode ?? 'gateway';
  const clock = options.clock ?? new OffsetClock(systemClock);
  const seed = options.seed ?? 1;
  const sessionTimeoutMs = options.sessionTimeoutMs ?? 5 * 60_000;
  const requestTimeoutMs = options.requestTimeoutMs ?? 10_000;
  const logger = options.logger ?? pino({ level: 'silent' });
  const services = createServices({
    clock,
    store: options.store ?? new MemoryStore(),
    fixtures: options.fixtures ?? defaultFixtures,
    seed,
    idleTimeoutMs: sessionTimeoutMs,
  });
  const { brokerage } = services;
  const faults = new FaultInjector();
  const pacer =
    options.pacing === false
      ? undefined
      : new Pacer(clock, {
          ...defaultPacing(mode),
          ...(options.pacing === true ? {} : options.pacing),
        });

  const gatewayUser = options.gatewayUser ?? 'demo_individual';
  let gatewaySessionId: string | undefined;
  const openGatewaySession = (): Session => {
    const current =
      gatewaySessionId === undefined ? undefined : brokerage.sessions.find(gatewaySessionId);
    if (current) return current;
    const user = brokerage.user(gatewayUser);
    if (!user) throw new Error(`Unknown gateway user ${gatewayUser}`);
    const session = brokerage.sessions.open(user, { origin: 'gateway', brokerageOpen: true });
    gatewaySessionId = session.id;
    return session;
  };
  if (mode === 'gateway') openGatewaySession();

  const document = loadDocument();
  const operations = [...indexOperations(document).values()].sort(compareRouteSpecificity);
  const controls = new Controls({
    brokerage,
    clock,
    faults,
    pacer,
    seed,
    gatewayUser: mode === 'gateway' ? gatewayUser : undefined,
    operationIds: new Set(operations.map((operation) => operation.operationId)),
    reopenGatewaySession: mode === 'gateway' ? openGatewaySession : undefined,
  });
  const gate = {
    mode,
    brokerage,
    authenticators: [...(options.authenticators ?? []), ...defaultAuthenticators(services)],
    gatewaySessionId: () => gatewaySessionId,
  };

  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'extended');
  if (logger.isLevelEnabled('info')) {
    app.use(
      pinoHttp({
        logger,
        redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      }),
    );
  } else {
    // pino-http costs as much per request as the route itself, even when nothing is logged:
    // with request logs off, only errors are logged, through the logger as it is.
    app.use((req: Request, _res: Response, next: NextFunction) => {
      req.log = logger;
      next();
    });
  }
  app.get('/health', (_req, res) => {
    res.json({ status: 'ok', mode, time: new Date(clock.now()).toISOString() });
  });
  app.use(docsRouter());
  app.use(
    '/control',
    controlRouter(controls, { validateResponses: options.validateResponses !== false }),
  );

  // Form bodies are parsed before the gate: OAuth 1.0a signs their parameters.
  app.use(express.urlencoded({ extended: false, limit: '64kb' }));

  const operationOf = (res: Response): OperationInfo | undefined =>
    res.locals.operation as OperationInfo | undefined;

  // Before validation: the request timer, pacing and the session gate, so that a request with no
  // credentials answers 401 and one over the limit 429, whatever its content.
  for (const operation of operations) {
    const route = app.route(operation.expressPath);
    const access = accessOf(operation.path);
    const endpoint = `${operation.method.toUpperCase()} ${operation.path}`;
    route[operation.method as 'get'](async (req: Request, res: Response, next: NextFunction) => {
      res.locals.operation = operation;
      const cancelTimer = clock.schedule(requestTimeoutMs, () => {
        if (!res.headersSent) {
          sendError(
            res,
            answerFor(
              unavailable(`Request aborted after ${requestTimeoutMs / 1000} seconds`),
              operation,
            ),
            operation,
            req.path,
          );
        }
      });
      res.on('close', cancelTimer);
      try {
        let session: Session | undefined;
        if (access !== 'credentials') {
          session = await resolveSession(req, gate);
          res.locals.session = session;
        }
        pacer?.admit(session?.id ?? req.ip ?? 'unknown', endpoint);
        if (session) admitSession(session, access, brokerage);
        next();
      } catch (error) {
        next(error);
      }
    });
  }

  // JSON bodies are parsed after the gate, so that a malformed one is answered in the shape and
  // with the invalid-request status of its operation (and after its credentials were checked).
  app.use(express.json({ limit: '1mb', type: ['application/json', '+json'] }));
  app.use(oauthPagesRouter(services));
  app.use((req: Request, res: Response, next: NextFunction) => {
    const operation = res.locals.operation as OperationInfo | undefined;
    next(operation?.bodyRequired && hasNoBody(req) ? emptyBody() : undefined);
  });

  // A URL with an empty path parameter (`/v1/api/acesws//signatures-and-owners`) matches no route
  // above: answer the service's 400 `Bad Request: <name> needed` instead of the validator's 404.
  app.use(emptyPathParameters(operations, gate));

  const validateRequests = options.validateRequests !== false;
  const validateResponses = options.validateResponses !== false;
  if (validateRequests || validateResponses) {
    app.use(
      OpenApiValidator.middleware({
        apiSpec: validatorDocument(document) as unknown as ValidatorOptions['apiSpec'],
        validateRequests: validateRequests ? { allErrors: true } : false,
        validateResponses: validateResponses ? { allErrors: true } : false,
        validateSecurity: false,
        validateApiSpec: false,
        ignorePaths: /^\/(docs|openapi\.(json|yaml)|health|control)(\/|$)/,
      }),
    );
  }

  // The validator coerces `1e999` to Infinity and lets it through `minimum`/`maximum`.
  app.use((req: Request, _res: Response, next: NextFunction) => {
    next(nonFiniteParameter(req));
  });

  const handlers = createHandlers({ ...services, mode });
  for (const operation of operations) {
    const handler = handlers[operation.operationId] as Handler<OperationId>;
    const route = app.route(operation.expressPath);
    route[operation.method as 'get'](async (req: Request, res: Response, next: NextFunction) => {
      try {
        const injected = faults.take(operation.operationId);
        if (injected) throw injected;
        const latency = faults.latencyOf(operation.operationId);
        if (latency > 0) await sleep(clock, latency);
        if (res.headersSent) return;
        const reply: Reply = {
          setCookie: (name, value) =>
            res.cookie(name, value, { httpOnly: true, sameSite: 'lax', path: '/' }),
          setHeader: (name, value) => res.setHeader(name, value),
        };
        const request = {
          params: req.params,
          query: req.query,
          body: req.body,
          session: res.locals.session,
          headers: req.headers,
          url: req.originalUrl,
          method: req.method,
          ip: req.ip ?? '',
        } as unknown as OperationRequest<OperationId>;
        const body = await handler(request, reply);
        if (!res.headersSent) res.status(200).json(body);
      } catch (error) {
        next(error);
      }
    });
  }

  app.use((req: Request, res: Response, next: NextFunction) => {
    next(Object.assign(new Error('not found'), { status: 404, path: req.path }));
  });
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const operation = operationOf(res);
    const answer = answerFor(error, operation);
    if (answer.status === 500 && !(error instanceof DomainError)) {
      req.log.error({ err: error, operationId: operation?.operationId }, 'request failed');
    }
    if (res.headersSent) return;
    sendError(res, answer, operation, req.path);
  });

  return {
    app,
    brokerage,
    services,
    faults,
    pacer,
    controls,
    openGatewaySession,
    options: { mode, seed, sessionTimeoutMs, requestTimeoutMs },
  };
}
