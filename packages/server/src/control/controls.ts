// The control API in process: one method per control operation, each a few lines into the domain.
// Over 300 lines: the façade of 9 concerns (state, sessions, prices, replays, clock, prompts,
// regimes, faults, seeding); its split by concern behind the same façade waits until the branches
// that add controls to it have merged (issue 30).
import { createAllocationGroup } from '../domain/accounts/allocation-groups.js';
import type { Brokerage } from '../domain/accounts/brokerage.js';
import type { AdvisorModels } from '../domain/advisor-models/advisor-models.js';
import type { Banking } from '../domain/banking/banking.js';
import type { TypeCode } from '../domain/notifications/model.js';
import { isTypeCode } from '../domain/notifications/notification-types.js';
import type { Notifications } from '../domain/notifications/notifications.js';
import { isAdvanceable, type Clock } from '../domain/kernel/clock.js';
import { badRequest, DomainError } from '../domain/kernel/errors.js';
import type { TimedTasks } from '../domain/kernel/timed-tasks.js';
import type { User } from '../domain/accounts/model.js';
import { walkPrices } from '../domain/market/price-walk.js';
import type { Session } from '../domain/accounts/sessions.js';
import type { Prompts } from '../domain/orders/prompts.js';
import { isValidPrice, maxPrice } from '../domain/market/market.js';
import { advanceMarket, maxMarketJumpMs, regimeOf, setRegime } from '../domain/market/regimes.js';
import { injectableStatuses, type FaultInjector } from '../http/faults.js';
import type { LookupThrottle } from '../http/lookup-throttle.js';
import type { RequestPacer } from '../http/pacing.js';
import type { OperationId } from '@brokerage/types';
import type { ControlSchema } from '@brokerage/types/control';
import { fixtureProblems } from './fixtures-check.js';
import { ApplicationControls } from './account-applications.js';
import type { AccountApplications } from '../domain/account-applications/applications.js';
import type { MarketReplay, ReplayState } from '../domain/market/replay/market-replay.js';
import type { MarketDataSource } from '../domain/market/replay/market-data-source.js';

// The control API's requests and answers are the types generated from its document
// (openapi/control/), under shorter names.
type StateSummary = ControlSchema<'StateSummary'>;
type ControlSession = ControlSchema<'ControlSession'>;
type PriceWalkRequest = ControlSchema<'PriceWalkRequest'>;
type PriceEntry = ControlSchema<'Price'>;
type ClockState = ControlSchema<'ClockState'>;
type FaultRequest = ControlSchema<'FaultRequest'>;
type FaultState = ControlSchema<'Fault'>;
type PromptRequest = ControlSchema<'PromptRequest'>;
type RaisedPrompt = ControlSchema<'ServerPrompt'>;
type SeedNotification = ControlSchema<'SeedNotificationRequest'>;
type SeedAllocationGroup = ControlSchema<'SeedAllocationGroupRequest'>;
type SeedModel = ControlSchema<'SeedModelRequest'>;
type MarketRegimeChanges = ControlSchema<'MarketRegimeRequest'>;

export interface ControlsOptions {
  brokerage: Brokerage;
  /** Banking instructions: the control API settles or fails them. */
  banking: Banking;
  notifications: Notifications;
  advisorModels: AdvisorModels;
  clock: Clock;
  faults: FaultInjector;
  pacer: RequestPacer | undefined;
  /** Failed session lookups per address: a reset forgets them. */
  lookups: LookupThrottle | undefined;
  seed: number;
  /** The gateway's user, in gateway mode: fixtures must have it. */
  gatewayUser: string | undefined;
  operationIds: ReadonlySet<OperationId>;
  /** Opens the gateway's session again once the state was emptied (gateway mode). */
  reopenGatewaySession: (() => Session) | undefined;
  /** The order book's server prompts: the control API raises them. */
  prompts: Prompts;
  /** Timed work kept as data when processes share the store: a walk with an interval is a task
   * there, which goes on whichever process runs it (undefined: closures on the clock). */
  timedTasks?: TimedTasks | undefined;
  /** The contracts whose prices replay market data. */
  replays: MarketReplay;
  /** Replays to start now and again after each reset. */
  marketReplays: readonly ConfiguredReplay[];
  /** Account applications of the account-management API. */
  accountApplications: AccountApplications;
}

/** A replay the server starts with, and starts again after each reset. */
export interface ConfiguredReplay {
  conid: number;
  source: MarketDataSource;
}

/** The steps still to come of a walk with an interval, as its stored task keeps them. */
interface WalkTask {
  conids: number[];
  stepPercent: number;
  intervalMs: number;
  stepsLeft: number;
}

const notFound = (message: string) => new DomainError('notFound', message);

const isWholeNumber = (value: unknown, min: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min;

/** The reference server's controls for test authors: one implementation behind both the control
 * API (`/control`) and the in-process API (`createServer(...).controls`). Failures are domain
 * errors: `badRequest` (400) and `notFound` (404). */
export class Controls {
  readonly #options: ControlsOptions;
  /** Account applications: complete their tasks, set their status. */
  readonly applications: ApplicationControls;
  /** The steps of walks on the clock still to come: a reset cancels them (stored tasks go with
   * the state it empties). */
  readonly #scheduledSteps = new Set<() => void>();
  /** Bulletins sent since the last reset (their ids). */
  #bulletins = 0;

  /** Banking instructions, for the control API's banking operations (`control/banking.ts`). */
  get banking(): Banking {
    return this.#options.banking;
  }

  constructor(options: ControlsOptions) {
    this.#options = options;
    this.applications = new ApplicationControls(options.accountApplications);
    options.timedTasks?.define<WalkTask>('priceWalk', (walk, dueAt) => {
      this.#walkStep(walk.conids, walk.stepPercent);
      if (walk.stepsLeft <= 1) return undefined;
      return { dueAt: dueAt + walk.intervalMs, args: { ...walk, stepsLeft: walk.stepsLeft - 1 } };
    });
    this.#startConfiguredReplays(false);
  }

  /** Empties the state and loads the current fixtures again; faults and pacing start over. */
  reset(options: { seed?: number } = {}): StateSummary {
    if (options.seed !== undefined && !isWholeNumber(options.seed, 0)) {
      throw badRequest('seed must be a non-negative integer');
    }
    const seed = options.seed ?? this.#options.seed;
    return this.#restart(() => this.#options.brokerage.load(undefined, seed), seed);
  }

  /** Replaces the fixtures and resets from them; fixtures that do not hold together answer 400
   * and leave the state as it was. */
  loadFixtures(fixtures: ControlSchema<'Fixtures'>): StateSummary {
    const problems = fixtureProblems(fixtures, { gatewayUser: this.#options.gatewayUser });
    if (problems.length > 0) throw badRequest(`Invalid fixtures: ${problems.join('; ')}`);
    return this.#restart(
      () => this.#options.brokerage.load(fixtures, this.#options.seed),
      this.#options.seed,
    );
  }

  /** Opens a session for a user without a login flow; its id works as the `api` cookie. */
  createSession(username: string, options: { brokerage?: boolean } = {}): ControlSession {
    const { brokerage } = this.#options;
    const user = brokerage.user(username);
    if (!user) throw notFound(`User ${username} does not exist`);
    return this.#describe(
      brokerage.sessions.open(user, {
        origin: 'control',
        brokerageOpen: options.brokerage ?? true,
      }),
    );
  }

  /** Logs the gateway's user in again, as in the gateway's browser page: a new session replaces
   * an ended one (a live one is kept). No other state changes. Gateway mode only. */
  loginGateway(): ControlSession {
    const { reopenGatewaySession } = this.#options;
    if (!reopenGatewaySession) throw badRequest('The gateway login exists in gateway mode only');
    return this.#describe(reopenGatewaySession());
  }

  #describe(session: Session): ControlSession {
    const user = this.#options.brokerage.userOf(session);
    return {
      session: session.id,
      cookie: `api=${session.id}`,
      username: user.username,
      userId: user.userId,
      brokerage: session.brokerageOpen,
      selectedAccount: session.selectedAccountId,
    };
  }

  #user(username: string): User {
    const user = this.#options.brokerage.user(username);
    if (!user) throw notFound(`User ${username} does not exist`);
    return user;
  }

  /** Adds a notification to the user's list, as if an event had made it. */
  /** Sends the service's bulletin (`blt`) to every streaming socket, through the event bus. */
  postBulletin(message: string): { id: string; message: string } {
    if (typeof message !== 'string' || message.length === 0 || message.length > 1000)
      throw badRequest('message must be a text of 1 to 1000 characters');
    const id = String(++this.#bulletins);
    const { brokerage, clock } = this.#options;
    brokerage.events.publish({ type: 'bulletinPosted', time: clock.now(), id, message });
    return { id, message };
  }

  seedNotification(seed: SeedNotification): { id: string; username: string; typecode: TypeCode } {
    const user = this.#user(seed.username);
    if (!isTypeCode(seed.typecode)) throw badRequest(`Unknown notification kind ${seed.typecode}`);
    const { brokerage, notifications } = this.#options;
    const notification = notifications.add(
      user.username,
      { code: seed.typecode, title: seed.title, content: seed.content },
      brokerage.clock.now(),
    );
    return { id: notification.id, username: user.username, typecode: notification.code };
  }

  /** Adds an advisor's allocation group, checked as the brokerage checks it. */
  seedAllocationGroup(seed: SeedAllocationGroup): { username: string; name: string } {
    const user = this.#user(seed.username);
    const group = createAllocationGroup(this.#options.brokerage.store, user, {
      name: seed.name,
      accounts: seed.accounts,
      ...(seed.method === undefined ? {} : { defaultMethod: seed.method }),
    });
    return { username: user.username, name: group.name };
  }

  /** Saves an advisor's model, checked as the brokerage checks it. */
  seedModel(seed: SeedModel): { username: string; name: string } {
    const user = this.#user(seed.username);
    const model = this.#options.advisorModels.save(user, {
      name: seed.model,
      positionTargets: seed.positionTargets,
      ...(seed.desc === undefined ? {} : { desc: seed.desc }),
    });
    return { username: user.username, name: model.name };
  }

  setPrice(conid: number, price: number): PriceEntry {
    this.setPrices([{ conid, price }]);
    return { conid, price };
  }

  /** Sets every price or none: an unknown contract or a bad price changes nothing. */
  setPrices(prices: PriceEntry[]): PriceEntry[] {
    const { market } = this.#options.brokerage;
    for (const { conid, price } of prices) {
      if (!market.instrument(conid)) throw notFound(`Contract ${conid} does not exist`);
      if (!isValidPrice(price)) {
        throw badRequest(`The price of ${conid} must be above 0 and at most ${maxPrice}`);
      }
    }
    for (const { conid, price } of prices) market.setPrice(conid, price);
    return prices.map(({ conid, price }) => ({ conid, price }));
  }

  /** Moves every price with market data (or those of `conids`) by a random walk from the
   * server's seeded source: at once, or with `intervalMs` one step each interval of the server's
   * clock (the answer is then the prices before the first step). */
  walkPrices(walk: PriceWalkRequest = {}): PriceEntry[] {
    const { brokerage, clock } = this.#options;
    const steps = walk.steps ?? 1;
    const stepPercent = walk.stepPercent ?? 0.5;
    if (!isWholeNumber(steps, 1) || steps > 1000)
      throw badRequest('steps must be an integer from 1 to 1000');
    if (!(stepPercent > 0 && stepPercent <= 50))
      throw badRequest('stepPercent must be above 0 and at most 50');
    const { intervalMs } = walk;
    if (intervalMs !== undefined && (!isWholeNumber(intervalMs, 1) || intervalMs > 86_400_000))
      throw badRequest('intervalMs must be an integer from 1 to 86400000');
    const conids = walk.conids ?? this.#walkedConids();
    for (const conid of walk.conids ?? []) {
      if (brokerage.market.price(conid) === undefined)
        throw badRequest(`Contract ${conid} has no price to walk`);
    }
    if (intervalMs === undefined) {
      const prices = walkPrices(brokerage.market, brokerage.random, conids, { steps, stepPercent });
      return [...prices].map(([conid, price]) => ({ conid, price }));
    }
    const { timedTasks } = this.#options;
    if (timedTasks) {
      const walkTask: WalkTask = { conids, stepPercent, intervalMs, stepsLeft: steps };
      timedTasks.add('priceWalk', clock.now() + intervalMs, walkTask);
    } else {
      for (let step = 1; step <= steps; step++) {
        const cancel = clock.schedule(step * intervalMs, () => {
          this.#scheduledSteps.delete(cancel);
          this.#walkStep(conids, stepPercent);
        });
        this.#scheduledSteps.add(cancel);
      }
    }
    return conids.flatMap((conid) => {
      const price = brokerage.market.price(conid);
      return price === undefined ? [] : [{ conid, price }];
    });
  }

  /** One step of a walk with an interval. */
  #walkStep(conids: number[], stepPercent: number): void {
    const { market, random } = this.#options.brokerage;
    walkPrices(market, random, conids, { steps: 1, stepPercent });
  }

  /** Every contract with market data but options: their prices follow their underlyings'
   * through the pricing model. */
  #walkedConids(): number[] {
    const { brokerage, replays } = this.#options;
    return brokerage.store
      .collection('instruments')
      .values()
      .filter((instrument) => instrument.option === undefined && !replays.drives(instrument.conid))
      .map((instrument) => instrument.conid);
  }

  /** Replays market data on a contract from now on, in place of a replay it had: its price
   * follows the bars on the server's clock (walks and regimes leave it alone). Takes the domain's
   * source, wider than the document's request (a saved history answer may be any value here:
   * the replay checks it), so that the in-process API accepts what it always did. */
  replayMarket(conid: number, source: MarketDataSource): ReplayState {
    if (this.#options.timedTasks) {
      // The replay's timers live in this process; processes sharing a store would each replay.
      throw badRequest('Market replay needs the in-memory store (one process)');
    }
    return this.#options.replays.start(conid, source);
  }

  /** Ends a contract's replay; its price stays where the replay left it. */
  stopReplay(conid: number): void {
    if (!this.#options.replays.stop(conid)) throw notFound(`Contract ${conid} is not replayed`);
  }

  marketReplays(): ReplayState[] {
    return this.#options.replays.list();
  }

  /** The configured replays: at the start from their first bar, after a reset from the bars
   * still to come. */
  #startConfiguredReplays(fromNow: boolean): void {
    const { marketReplays, replays } = this.#options;
    if (marketReplays.length > 0 && this.#options.timedTasks) {
      throw badRequest('Market replay needs the in-memory store (one process)');
    }
    for (const { conid, source } of marketReplays) {
      try {
        replays.start(conid, source, { fromNow });
      } catch (error) {
        // Several replays may be configured: the error says which one has the bad data.
        if (!(error instanceof DomainError)) throw error;
        throw new DomainError(error.kind, `Market replay of ${conid}: ${error.message}`);
      }
    }
  }

  readClock(): ClockState {
    const now = this.#options.clock.now();
    return { now, time: new Date(now).toISOString() };
  }

  /** Moves the server's clock forward; what falls due in between runs at once, in order. */
  advanceClock(ms: number): ClockState {
    const { clock } = this.#options;
    if (!isWholeNumber(ms, 0)) throw badRequest('ms must be a non-negative integer');
    if (!isAdvanceable(clock)) throw badRequest("The server's clock cannot be advanced");
    clock.advance(ms);
    return this.readClock();
  }

  /** Raises a server prompt about an order, as the service's streaming channel would push it
   * (the reference server has none); an unknown order answers 400. */
  raisePrompt(request: PromptRequest): RaisedPrompt {
    const { reqId, orderId, text, options } = this.#options.prompts.raise(
      request.orderId,
      request.text ?? 'Do you want to continue?',
      request.options ?? ['Yes', 'No'],
    );
    return { orderId, reqId, text, options, prompt: true };
  }

  /** Changes parts of a contract's market regime (drift, volatility, halt, gap at open). */
  setMarketRegime(conid: number, changes: MarketRegimeChanges): ControlSchema<'MarketRegime'> {
    const { store, market } = this.#options.brokerage;
    const instrument = market.instrument(conid);
    if (!instrument) throw notFound(`Contract ${conid} does not exist`);
    return { conid, ...setRegime(store, instrument, changes) };
  }

  /** Moves the clock forward a minute at a time with every open market trading on the way, each
   * contract by its regime (a replayed one by its bars); the jumped interval has its bars. */
  advanceMarket(ms: number): ClockState {
    const { clock, brokerage } = this.#options;
    if (!isWholeNumber(ms, 0) || ms > maxMarketJumpMs) {
      throw badRequest(`ms must be an integer from 0 to ${maxMarketJumpMs}`);
    }
    if (!isAdvanceable(clock)) throw badRequest("The server's clock cannot be advanced");
    const { store, market, random } = brokerage;
    const { replays } = this.#options;
    advanceMarket(
      market,
      random,
      store
        .collection('instruments')
        .values()
        .filter((instrument) => !replays.drives(instrument.conid)),
      (instrument) => regimeOf(store, instrument),
      (step) => clock.advance(step),
      () => clock.now(),
      ms,
    );
    return this.readClock();
  }

  /** Latency and/or a fault for one brokerage operation, set independently of each other. */
  injectFault(operationId: string, fault: FaultRequest): FaultState {
    const { faults, operationIds } = this.#options;
    if (!operationIds.has(operationId as OperationId)) {
      throw notFound(`Operation ${operationId} is not in the brokerage document`);
    }
    const id = operationId as OperationId;
    const { latencyMs, status, message, times } = fault;
    if (latencyMs === undefined && status === undefined)
      throw badRequest('Give latencyMs, status or both');
    if (latencyMs !== undefined && !isWholeNumber(latencyMs, 0)) {
      throw badRequest('latencyMs must be a non-negative integer');
    }
    if (status !== undefined && !injectableStatuses.includes(status)) {
      throw badRequest(`status must be one of ${injectableStatuses.join(', ')}`);
    }
    if (status === undefined && (message !== undefined || times !== undefined)) {
      throw badRequest('message and times go with status');
    }
    if (times !== undefined && !isWholeNumber(times, 1))
      throw badRequest('times must be a positive integer');
    if (latencyMs !== undefined) faults.setLatency(id, latencyMs);
    if (status !== undefined) {
      faults.setFault(id, {
        status,
        ...(message === undefined ? {} : { message }),
        ...(times === undefined ? {} : { times }),
      });
    }
    return {
      operationId,
      latencyMs: faults.latencyOf(id),
      ...(status === undefined ? {} : { status }),
      ...(message === undefined ? {} : { message }),
      ...(times === undefined ? {} : { times }),
    };
  }

  clearFaults(): void {
    this.#options.faults.clear();
  }

  #restart(load: () => void, seed: number): StateSummary {
    const { brokerage, faults, pacer, lookups, reopenGatewaySession } = this.#options;
    for (const cancel of this.#scheduledSteps) cancel();
    this.#scheduledSteps.clear();
    this.#bulletins = 0;
    this.#options.replays.stopAll();
    load();
    this.#startConfiguredReplays(true);
    faults.clear();
    pacer?.reset();
    lookups?.reset();
    const gateway = reopenGatewaySession?.();
    return {
      seed,
      users: brokerage.store.collection('users').values().length,
      accounts: brokerage.store.collection('accounts').values().length,
      instruments: brokerage.store.collection('instruments').values().length,
      ...(gateway ? { gatewaySession: gateway.id } : {}),
    };
  }
}
