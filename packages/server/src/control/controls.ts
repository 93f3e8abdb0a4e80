// The control API in process: one method per control operation, composed of one module per
// concern (each built here with only what it needs), so that test authors keep one object.
import type { OperationId } from '@brokerage/types';
import type { ControlSchema } from '@brokerage/types/control';
import type { AccountApplications } from '../domain/account-applications/applications.js';
import type { Brokerage } from '../domain/accounts/brokerage.js';
import type { Session } from '../domain/accounts/sessions.js';
import type { AdvisorModels } from '../domain/advisor-models/advisor-models.js';
import type { Banking } from '../domain/banking/banking.js';
import type { Dividends } from '../domain/dividends/dividends.js';
import type { Clock } from '../domain/kernel/clock.js';
import type { MarketDataSource } from '../domain/market/replay/market-data-source.js';
import type { MarketReplay, ReplayState } from '../domain/market/replay/market-replay.js';
import type { Notifications } from '../domain/notifications/notifications.js';
import type { Prompts } from '../domain/orders/prompts.js';
import type { FaultInjector } from '../http/faults.js';
import type { LookupThrottle } from '../http/lookup-throttle.js';
import type { RequestPacer } from '../http/pacing.js';
import { AgentControls, type AgentControlsOptions } from './agents.js';
import { ApplicationControls } from './account-applications.js';
import { BulletinControls } from './bulletins.js';
import { SessionControls } from './control-sessions.js';
import { FaultControls } from './fault-injection.js';
import { RegimeControls } from './market-regimes.js';
import { raisePrompt } from './order-prompts.js';
import { PriceControls } from './prices.js';
import { ReplayControls, type ConfiguredReplay } from './replays.js';
import { SeedControls, type SeededNotification } from './seeding.js';
import { ScenarioControls } from './scenarios.js';
import { ClockControls } from './server-clock.js';
import { StateControls } from './state.js';

export interface ControlsOptions {
  brokerage: Brokerage;
  /** Banking instructions: the control API settles or fails them. */
  banking: Banking;
  /** Dividends: the control API declares them. */
  dividends: Dividends;
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
  /** Whether processes share the store (Redis): a replay, which lives in one process, is then
   * refused. */
  sharedStore: boolean;
  /** The contracts whose prices replay market data. */
  replays: MarketReplay;
  /** Replays to start now and again after each reset. */
  marketReplays: readonly ConfiguredReplay[];
  /** Account applications of the account-management API. */
  accountApplications: AccountApplications;
  /** The MCP endpoint's authorization, failures and order instructions. */
  agents: Omit<AgentControlsOptions, 'brokerage'>;
}

/** The reference server's controls for test authors: one implementation behind both the control
 * API (`/control`) and the in-process API (`createServer(...).controls`). Failures are domain
 * errors: `badRequest` (400) and `notFound` (404). Each method is its concern's (the module
 * named beside it), where its rules are described. */
export class Controls {
  /** Account applications: complete their tasks, set their status. */
  readonly applications: ApplicationControls;
  /** Banking instructions, for the control API's banking operations (`control/banking.ts`). */
  readonly banking: Banking;
  /** The MCP endpoint: consent, tokens, instruction submission, failures (`agents.ts`). */
  readonly agents: AgentControls;
  readonly #state: StateControls;
  readonly #sessions: SessionControls;
  readonly #prices: PriceControls;
  readonly #replays: ReplayControls;
  readonly #clock: ClockControls;
  readonly #regimes: RegimeControls;
  readonly #faults: FaultControls;
  readonly #seeds: SeedControls;
  readonly #bulletins: BulletinControls;
  readonly #scenarios: ScenarioControls;
  readonly #prompts: Prompts;
  readonly #dividends: Dividends;

  constructor(options: ControlsOptions) {
    const { brokerage, clock, faults, pacer, lookups, replays } = options;
    this.applications = new ApplicationControls(options.accountApplications);
    this.banking = options.banking;
    this.agents = new AgentControls({ ...options.agents, brokerage });
    this.#dividends = options.dividends;
    this.#sessions = new SessionControls(brokerage, options.reopenGatewaySession);
    this.#prices = new PriceControls(brokerage, clock, brokerage.timedTasks, replays);
    // Configured replays start here, after the price walks' task is defined.
    this.#replays = new ReplayControls(replays, options.marketReplays, options.sharedStore);
    this.#clock = new ClockControls(clock);
    this.#regimes = new RegimeControls(brokerage, clock, replays);
    this.#faults = new FaultControls(faults, options.operationIds);
    this.#seeds = new SeedControls(brokerage, options.notifications, options.advisorModels);
    this.#bulletins = new BulletinControls(brokerage.events, clock);
    this.#scenarios = new ScenarioControls(brokerage);
    this.#prompts = options.prompts;
    this.#state = new StateControls({
      brokerage,
      seed: options.seed,
      gatewayUser: options.gatewayUser,
      reopenGatewaySession: options.reopenGatewaySession,
      beforeLoad: () => {
        this.#bulletins.forget();
        this.#scenarios.forget();
        this.#replays.stopAll();
      },
      afterLoad: () => {
        this.#replays.startConfigured(true);
        faults.clear();
        pacer?.reset();
        lookups?.reset();
      },
    });
  }

  // The whole state (state.ts).
  reset(options: { seed?: number } = {}): ControlSchema<'StateSummary'> {
    return this.#state.reset(options);
  }
  loadFixtures(fixtures: ControlSchema<'Fixtures'>): ControlSchema<'StateSummary'> {
    return this.#state.loadFixtures(fixtures);
  }

  // Sessions (control-sessions.ts).
  createSession(
    username: string,
    options: { brokerage?: boolean } = {},
  ): ControlSchema<'ControlSession'> {
    return this.#sessions.create(username, options);
  }
  loginGateway(): ControlSchema<'ControlSession'> {
    return this.#sessions.loginGateway();
  }

  // Prices (prices.ts).
  setPrice(conid: number, price: number): ControlSchema<'Price'> {
    return this.#prices.setPrice(conid, price);
  }
  setPrices(prices: ControlSchema<'Price'>[]): ControlSchema<'Price'>[] {
    return this.#prices.setPrices(prices);
  }
  walkPrices(walk: ControlSchema<'PriceWalkRequest'> = {}): ControlSchema<'Price'>[] {
    return this.#prices.walkPrices(walk);
  }

  // Market replays (replays.ts).
  replayMarket(conid: number, source: MarketDataSource): ReplayState {
    return this.#replays.start(conid, source);
  }
  /** The exchange whose days a replay of `conid` is read for: 404 for an unknown contract, 400
   * on a shared store (checked before an upload is read). */
  replayExchange(conid: number): string {
    return this.#replays.exchangeOf(conid);
  }
  stopReplay(conid: number): void {
    this.#replays.stop(conid);
  }
  marketReplays(): ReplayState[] {
    return this.#replays.list();
  }

  // The clock (server-clock.ts) and market regimes (market-regimes.ts).
  readClock(): ControlSchema<'ClockState'> {
    return this.#clock.read();
  }
  advanceClock(ms: number): ControlSchema<'ClockState'> {
    return this.#clock.advance(ms);
  }
  setMarketRegime(
    conid: number,
    changes: ControlSchema<'MarketRegimeRequest'>,
  ): ControlSchema<'MarketRegime'> {
    return this.#regimes.set(conid, changes);
  }
  advanceMarket(ms: number): ControlSchema<'ClockState'> {
    return this.#regimes.advance(ms);
  }

  // Server prompts (order-prompts.ts), faults (fault-injection.ts).
  raisePrompt(request: ControlSchema<'PromptRequest'>): ControlSchema<'ServerPrompt'> {
    return raisePrompt(this.#prompts, request);
  }
  injectFault(operationId: string, fault: ControlSchema<'FaultRequest'>): ControlSchema<'Fault'> {
    return this.#faults.inject(operationId, fault);
  }
  clearFaults(): void {
    this.#faults.clear();
  }

  // Seeding (seeding.ts) and bulletins (bulletins.ts).
  seedNotification(seed: ControlSchema<'SeedNotificationRequest'>): SeededNotification {
    return this.#seeds.notification(seed);
  }
  seedAllocationGroup(seed: ControlSchema<'SeedAllocationGroupRequest'>): ControlSchema<'Seeded'> {
    return this.#seeds.allocationGroup(seed);
  }
  seedModel(seed: ControlSchema<'SeedModelRequest'>): ControlSchema<'Seeded'> {
    return this.#seeds.model(seed);
  }
  postBulletin(message: string): ControlSchema<'Bulletin'> {
    return this.#bulletins.post(message);
  }

  /** Declares a dividend of any contract (`domain/dividends`, where its rules are). */
  declareDividend(request: ControlSchema<'DividendRequest'>): ControlSchema<'Dividend'> {
    const { perShare, ...dividend } = this.#dividends.declare(request);
    return { ...dividend, amount: perShare };
  }

  // What the service does to a running program (scenarios.ts).
  setMarketDataLifetime(lifetimeMs: number): ControlSchema<'MarketDataLifetime'> {
    return this.#scenarios.marketDataLifetime(lifetimeMs);
  }
  loseBrokerageSession(username: string): ControlSchema<'ScenarioSessions'> {
    return this.#scenarios.loseBrokerage(username, false);
  }
  competeForSession(username: string): ControlSchema<'ScenarioSessions'> {
    return this.#scenarios.loseBrokerage(username, true);
  }
  scheduleNightlyReset(at: number): ControlSchema<'NightlyReset'> {
    return this.#scenarios.nightlyReset(at);
  }
  clearLiveOrdersCache(username: string): ControlSchema<'ScenarioUser'> {
    return this.#scenarios.liveOrdersCache(username);
  }
  expireReplyIds(username: string, afterMs?: number): ControlSchema<'ReplyIdExpiry'> {
    return this.#scenarios.replyIdsExpire(username, afterMs);
  }
  accumulateSnapshotFields(username: string): ControlSchema<'ScenarioUser'> {
    return this.#scenarios.snapshotFieldsAccumulate(username);
  }
  putInPenaltyBox(username: string, ms?: number): ControlSchema<'PenaltyBox'> {
    return this.#scenarios.penaltyBox(username, ms);
  }
  setPenaltyThreshold(
    rule: Partial<ControlSchema<'PenaltyThreshold'>> = {},
  ): ControlSchema<'PenaltyThreshold'> {
    return this.#scenarios.penaltyThreshold(rule);
  }
}
