import { sortBySpecificity } from '@brokerage/types';
import { Controls } from '../control/controls.js';
import type { ConfiguredReplay } from '../control/replays.js';
import type { Fixtures } from '../domain/accounts/model.js';
import type { Clock } from '../domain/kernel/clock.js';
import type { Store } from '../domain/kernel/store.js';
import type { Services } from '../domain/services.js';
import { FaultInjector } from '../http/faults.js';
import { gatewaySession, type GatewaySession } from '../http/gateway-session.js';
import type { LookupThrottle } from '../http/lookup-throttle.js';
import { operationCore, type OperationCore } from '../http/operation-core.js';
import { documentOperations, type OperationInfo } from '../http/operations.js';
import { defaultPacing, Pacer, type PacingLimits, type RequestPacer } from '../http/pacing.js';
import type { Authenticator, SessionGateOptions } from '../http/session-gate.js';
import { createHandlers } from '../handlers/index.js';
import type { Handlers } from '../http/handler.js';

export type Mode = 'gateway' | 'hosted';

/** The settings of a simulation that its users choose, whatever serves it (`createServer`, the
 * MSW handlers of @brokerage/msw). */
export interface SimulationSettings {
  /** `gateway` (default): a demo user's session is open and requests need no credentials.
   * `hosted`: every request carries credentials. */
  mode?: Mode;
  /** The simulation's clock: by default the system clock, which the controls can move forward. */
  clock?: Clock;
  seed?: number;
  store?: Store;
  fixtures?: Fixtures;
  /** The user whose session the gateway holds (gateway mode). */
  gatewayUser?: string;
  /** Idle time after which a session ends (default 5 minutes of the simulation's clock). */
  sessionTimeoutMs?: number;
  /** Pacing limits; `false` turns pacing off. */
  pacing?: boolean | Partial<PacingLimits>;
  /** Contracts whose prices replay market data from the start (and again after each reset,
   * from the bars still to come), instead of walking. */
  marketReplays?: readonly ConfiguredReplay[];
}

/** What a simulation is composed of besides its services. */
export interface SimulationOptions {
  mode: Mode;
  clock: Clock;
  seed: number;
  gatewayUser: string;
  /** Pacing limits; `false` turns pacing off. */
  pacing: boolean | Partial<PacingLimits> | undefined;
  /** The pacer of these limits when its counts are shared by several processes (default: a
   * `Pacer` counting in this process). */
  sharedPacer?: ((limits: PacingLimits) => RequestPacer) | undefined;
  /** Whether processes share the store (Redis). */
  sharedStore?: boolean | undefined;
  /** Counts failed session lookups per client address (none: not throttled). */
  lookups: LookupThrottle | undefined;
  /** The credential checks, in order, after the `api` cookie. */
  authenticators: Authenticator[];
  /** Replays started with the simulation (`SimulationSettings.marketReplays`). */
  marketReplays?: readonly ConfiguredReplay[] | undefined;
}

/** A brokerage simulation, whatever serves it (Express in `compose/server.ts`, MSW in @brokerage/msw): the
 * document's operations, their handlers and the framework-neutral core that runs them, the faults,
 * the pacer, the gateway's session and the controls. */
export interface Simulation {
  /** The document's operations, the more specific routes first. */
  operations: OperationInfo[];
  handlers: Handlers;
  core: OperationCore;
  gate: SessionGateOptions;
  faults: FaultInjector;
  pacer: RequestPacer | undefined;
  controls: Controls;
  gateway: GatewaySession;
}

/** Composes the simulation over built services; in gateway mode the gateway's session is open. */
export function composeSimulation(services: Services, options: SimulationOptions): Simulation {
  const { mode, clock, seed, gatewayUser, lookups } = options;
  const { brokerage } = services;
  const faults = new FaultInjector();
  const pacing = options.pacing === true ? {} : options.pacing;
  const limits = pacing === false ? undefined : { ...defaultPacing(mode), ...pacing };
  const pacer =
    limits === undefined ? undefined : (options.sharedPacer?.(limits) ?? new Pacer(clock, limits));
  const gateway = gatewaySession(brokerage, gatewayUser);
  if (mode === 'gateway') gateway.open();

  const operations = sortBySpecificity(documentOperations());
  const controls = new Controls({
    brokerage,
    banking: services.banking,
    dividends: services.dividends,
    notifications: services.notifications,
    advisorModels: services.advisorModels,
    clock,
    faults,
    pacer,
    lookups,
    seed,
    gatewayUser: mode === 'gateway' ? gatewayUser : undefined,
    operationIds: new Set(operations.map((operation) => operation.operationId)),
    reopenGatewaySession: mode === 'gateway' ? gateway.open : undefined,
    prompts: services.orders.prompts,
    sharedStore: options.sharedStore ?? false,
    replays: services.replays,
    marketReplays: options.marketReplays ?? [],
    accountApplications: services.accountApplications,
    agents: {
      agentAuthorization: services.agentAuthorization,
      agentScenarios: services.agentScenarios,
      instructions: services.instructions,
      orders: services.orders,
    },
  });
  const gate = {
    mode,
    brokerage,
    authenticators: options.authenticators,
    gatewaySessionId: brokerage.store.unit ? gateway.sharedId : gateway.id,
    throttle: lookups,
  };
  const handlers = createHandlers({ ...services, mode });
  const { oauth2 } = services;
  const core = operationCore({ handlers, brokerage, clock, gate, pacer, faults, oauth2 });
  return { operations, handlers, core, gate, faults, pacer, controls, gateway };
}
