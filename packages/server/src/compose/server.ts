import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import proxyAddress from 'proxy-addr';
import { pino, type Logger } from 'pino';
import { controlRouter } from '../control/router.js';
import { controlServed, requireControlToken } from '../http/control-access.js';
import { sendJson } from '../http/json-body.js';
import { defaultBodyLimitBytes } from '../http/error-response.js';
import {
  defaultLookupThrottle,
  LookupThrottle,
  type LookupThrottleLimits,
} from '../http/lookup-throttle.js';
import type { Brokerage } from '../domain/accounts/brokerage.js';
import type { Session } from '../domain/accounts/sessions.js';
import { OffsetClock, systemClock } from '../domain/kernel/clock.js';
import { defaultFixtures } from '../fixtures/index.js';
import { defaultAuthenticators } from '../http/authenticators.js';
import { docsRouter } from '../http/docs.js';
import { bundledDocument } from '../http/document.js';
import { requestLogging } from '../http/logging.js';
import { oauthPagesRouter } from '../http/oauth-pages.js';
import type { RequestPacer } from '../http/pacing.js';
import type { FaultInjector } from '../http/faults.js';
import type { Controls } from '../control/controls.js';
import { composeSimulation, type SimulationSettings } from './simulation.js';
import { mountPipeline } from '../http/pipeline.js';
import type { Authenticator } from '../http/session-gate.js';
import { createServices, type ServerServices } from './services.js';
import { StreamingServer, type StreamingOptions } from '../streaming/streaming-server.js';
import { inUnit } from '../domain/kernel/store.js';
import type { StoreSpec } from '../store/open-store.js';
import { healthRouter } from './health.js';
import { installPdfPool } from './pdf-pool.js';
import { openRuntime } from './runtime.js';
import { endpointPath } from '../mcp/addresses.js';
import { agentTokenRoute, oauthRouter } from '../mcp/oauth-router.js';
import { loadedOnUse } from './loaded-on-use.js';
import { configuredSigningKeysOf } from './token-signing-key.js';

/** Express's `trust proxy` setting. */
export type TrustProxy = boolean | number | string | string[];

/** The simulation's settings, and how the server serves it over HTTP. */
export interface ServerOptions extends Omit<SimulationSettings, 'store'> {
  /** Where the state lives: a store, `memory` (the default), or `redis://host:port/db` (add
   * `?prefix=name` to keep several brokerages on one Redis): shared by every process on it. */
  store?: StoreSpec;
  /** On a Redis store, a process that finds the store's state lost (Redis restarted without
   * persistence, or flushed) seeds the fixtures again, once across processes. When this is set,
   * it does not: its requests answer 503 and this is called (the command exits, so that
   * `--workers` or a supervisor replaces the process). */
  onStoreLost?: () => void;
  /** A request that takes longer is aborted with 503 (default 10 s of the server's clock). */
  requestTimeoutMs?: number;
  /** Validate every response against the document (default true). */
  validateResponses?: boolean;
  /** Validate every request against the document (default true). With responses not validated
   * either, no validator runs at all (the floor the benchmarks compare with). */
  validateRequests?: boolean;
  /** The control API over HTTP (`/control`); `false` turns it off in any mode. In hosted mode it
   * is served only when `controlToken` is set. `server.controls` (in process) is always there. */
  control?: boolean;
  /** Admin token of the control API: when set, every control request must carry it as
   * `Authorization: Bearer <token>`. */
  controlToken?: string;
  /** Throttle of failed lookups (session credentials on HTTP and the socket, the control token)
   * per client address and per credential; `false` turns it off. */
  lookupThrottle?: Partial<LookupThrottleLimits> | false;
  /** Which proxies in front of the server are trusted to name the client's address in
   * `X-Forwarded-For` (Express's `trust proxy`: addresses or subnets, `loopback`, a number of
   * hops, or true); the throttles count per client address. Default: none, the peer's address. */
  trustProxy?: TrustProxy;
  /** Serve the shipped test consumer and client `TESTCONS` (OAuth 1.0a and OAuth 2.0), whose
   * private keys are public (`testConsumerKeys`): anyone can act through them for the demo users.
   * Default: in gateway mode only; a shared hosted server registers its own consumers. */
  testConsumer?: boolean;
  /** The key that signs the server's tokens (OAuth 2.0 access tokens, single sign-on sessions):
   * an RSA private key (2048 to 8192 bits) in PEM. Servers given the same key accept each other's
   * tokens, and a restart keeps them valid, whatever the store; a bad key throws at once. Default:
   * keys made and kept in the store, rotated daily. */
  tokenSigningKey?: string;
  /** Keys (PEM) that verify the server's tokens but no longer sign: the key `tokenSigningKey`
   * replaced, given until the tokens it signed have expired (a day: a single sign-on session's
   * lifetime), so that a change of key cuts no token short. Needs `tokenSigningKey`. */
  previousTokenSigningKeys?: readonly string[];
  /** Largest request body in bytes (default 1 MiB); a larger one answers 413. */
  bodyLimitBytes?: number;
  /** Extra credential checks (OAuth 1.0a, bearer tokens). */
  authenticators?: Authenticator[];
  /** The WebSocket `/v1/api/ws`: heartbeat, `tic` timeout, outbox limits, validation. */
  streaming?: StreamingOptions;
  logger?: Logger;
}

export interface BrokerageServer {
  app: Express;
  brokerage: Brokerage;
  /** Every service of the brokerage, built once (`compose/services.ts`). */
  services: ServerServices;
  faults: FaultInjector;
  pacer: RequestPacer | undefined;
  /** Controls for test authors (also served under `/control`). */
  controls: Controls;
  /** The WebSocket `/v1/api/ws`: `streaming.attach(httpServer)` serves it on the HTTP server
   * that listens with `app`. */
  streaming: StreamingServer;
  /** The document's operations this server dispatches to a handler (`METHOD /path/{template}`). */
  readonly servedOperations: readonly string[];
  /** The session the gateway holds, opening a new one for the gateway user when it has ended. */
  openGatewaySession(): Session;
  readonly options: Readonly<
    Required<Pick<ServerOptions, 'mode' | 'seed' | 'sessionTimeoutMs' | 'requestTimeoutMs'>>
  >;
  /** Resolves once the store is connected and its state loaded (at once in memory); requests
   * wait for it anyway. */
  ready: Promise<void>;
  /** Commits what is pending and disconnects from the store (nothing to do in memory). */
  close(): Promise<void>;
}

/** The options with their defaults filled in. */
function withDefaults(options: ServerOptions) {
  return {
    mode: options.mode ?? 'gateway',
    clock: options.clock ?? new OffsetClock(systemClock),
    seed: options.seed ?? 1,
    sessionTimeoutMs: options.sessionTimeoutMs ?? 5 * 60_000,
    requestTimeoutMs: options.requestTimeoutMs ?? 10_000,
    logger: options.logger ?? pino({ level: 'silent' }),
    gatewayUser: options.gatewayUser ?? 'demo_individual',
    validateRequests: options.validateRequests !== false,
    validateResponses: options.validateResponses !== false,
    bodyLimitBytes: options.bodyLimitBytes ?? defaultBodyLimitBytes,
  } as const;
}

/** The operator's signing keys, checked, or undefined (keys kept in the store). */
function configuredSigningKeys({ tokenSigningKey, previousTokenSigningKeys = [] }: ServerOptions) {
  if (tokenSigningKey !== undefined)
    return configuredSigningKeysOf(tokenSigningKey, previousTokenSigningKeys);
  if (previousTokenSigningKeys.length > 0)
    throw new Error(
      'previous token-signing keys are given without a token-signing key: the keys kept in the store rotate by themselves',
    );
  return undefined;
}

/** Composes the server: the services, the controls, and the express app with its routes outside
 * the document and the request pipeline of the documented operations (`http/pipeline.ts`). */
export function createServer(options: ServerOptions = {}): BrokerageServer {
  const settings = withDefaults(options);
  const { mode, seed, sessionTimeoutMs, requestTimeoutMs, gatewayUser } = settings;
  // A bad configured key stops the start before anything is opened.
  const signingKey = configuredSigningKeys(options);
  // PDFs are drawn in worker threads, shared by the servers of the process.
  installPdfPool();
  const runtime = openRuntime({
    store: options.store,
    clock: settings.clock,
    logger: settings.logger,
    onStoreLost: options.onStoreLost,
  });
  const { store, clock } = runtime;
  const services = createServices(
    {
      clock,
      store,
      fixtures: options.fixtures ?? defaultFixtures,
      seed,
      idleTimeoutMs: sessionTimeoutMs,
      timedTasks: runtime.timedTasks,
    },
    {
      testConsumer: options.testConsumer ?? mode === 'gateway',
      ...(signingKey === undefined ? {} : { signingKey }),
    },
  );
  const { brokerage } = services;
  runtime.shareEvents(brokerage.events);
  const throttle = (what: string) =>
    options.lookupThrottle === false
      ? undefined
      : new LookupThrottle(
          clock,
          settings.logger,
          { ...defaultLookupThrottle, ...options.lookupThrottle },
          what,
        );
  // Separate counts: guessing the control token does not lock sessions out, nor the reverse.
  const lookups = throttle('session lookups');
  const controlLookups = throttle('control token checks');
  const authenticators = [...(options.authenticators ?? []), ...defaultAuthenticators(services)];
  const simulation = composeSimulation(services, {
    mode,
    clock,
    seed,
    gatewayUser,
    pacing: options.pacing,
    sharedPacer: runtime.sharedPacer,
    sharedStore: runtime.shared,
    lookups,
    authenticators,
    marketReplays: options.marketReplays,
  });
  const { operations, handlers, core, gate, faults, pacer, controls, gateway } = simulation;
  // A shared store may load a state in which the session this process opened for its gateway
  // user is not (another process seeded it): each process's gateway holds a session of its own.
  const ready = runtime.start(async () => {
    if (mode === 'gateway') await inUnit(store, () => void gateway.open());
  });
  const { validateRequests, validateResponses } = settings;

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'extended');
  app.set('trust proxy', options.trustProxy ?? false);
  app.response.json = sendJson;
  // The routes outside the document: the pipeline tries them for any request that is not to a
  // documented operation, before it parses a body.
  const outside = express.Router();
  outside.use(healthRouter(runtime, mode));
  outside.use(docsRouter());
  const control = { mode, enabled: options.control !== false, token: options.controlToken };
  if (controlServed(control)) {
    outside.use(
      '/control',
      requireControlToken(control.token, controlLookups),
      controlRouter(controls, { validateResponses, store }),
    );
  }
  // The MCP endpoint and its authorization server, outside the document (docs/mcp.md); their
  // token grants share the path of a documented operation, so they come before the pipeline.
  const bodyLimitBytes = settings.bodyLimitBytes;
  const agentTokens = agentTokenRoute(services, { store, bodyLimitBytes });
  // Only a POST can be a token grant: any other request skips the route's router.
  const agentTokenGrants = (req: Request, res: Response, next: NextFunction) => {
    if (req.method === 'POST') agentTokens(req, res, next);
    else next();
  };
  outside.use(oauthRouter(services, { store, bodyLimitBytes }));
  outside.use(
    loadedOnUse(
      (req) => req.path.toLowerCase().startsWith(endpointPath),
      async () =>
        (await import('./agent-endpoint.js')).agentEndpoint({
          services,
          handlers,
          logger: settings.logger,
          store,
          bodyLimitBytes,
          throttle: lookups,
        }),
    ),
  );
  const pages = oauthPagesRouter(services);
  mountPipeline(app, {
    operations,
    document: bundledDocument,
    core,
    clock,
    gate,
    pages,
    outside,
    front: [...requestLogging(app, settings.logger), agentTokenGrants],
    requestTimeoutMs,
    bodyLimitBytes: settings.bodyLimitBytes,
    validateRequests,
    validateResponses,
  });

  // The socket reads the client's address as Express does, through the same trust setting.
  const trust = app.get('trust proxy fn') as Parameters<typeof proxyAddress>[1];
  const streaming = new StreamingServer(services, gate, options.streaming, (request) =>
    proxyAddress(request, trust),
  );
  const serverOptions = { mode, seed, sessionTimeoutMs, requestTimeoutMs };
  const openGatewaySession = gateway.open;
  return {
    app,
    servedOperations: operations
      .filter((operation) => core.serves(operation.operationId))
      .map((operation) => `${operation.method.toUpperCase()} ${operation.path}`),
    brokerage,
    services,
    faults,
    pacer,
    controls,
    streaming,
    openGatewaySession,
    options: serverOptions,
    ready,
    close: runtime.close,
  };
}
