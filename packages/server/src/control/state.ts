import type { ControlSchema } from '@brokerage/types/control';
import type { Brokerage } from '../domain/accounts/brokerage.js';
import type { Session } from '../domain/accounts/sessions.js';
import { badRequest } from '../domain/kernel/errors.js';
import { fixtureProblems } from './fixtures-check.js';
import { isWholeNumber } from './shared.js';

type StateSummary = ControlSchema<'StateSummary'>;

/** What the state controls are composed with. */
export interface StateOptions {
  brokerage: Pick<Brokerage, 'load' | 'users' | 'accounts' | 'market'>;
  /** The server's seed: a reset without one, and fixtures, load with it. */
  seed: number;
  /** The gateway's user, in gateway mode: fixtures must have it. */
  gatewayUser: string | undefined;
  /** Opens the gateway's session again once the state was emptied (gateway mode). */
  reopenGatewaySession: (() => Session) | undefined;
  /** Ends what runs on the state about to be emptied (timers, replays). */
  beforeLoad: () => void;
  /** Starts over what runs on the new state and what it does not hold (faults, pacing). */
  afterLoad: () => void;
}

/** The controls of the whole state: empty it and load the fixtures again, or new fixtures. */
export class StateControls {
  readonly #options: StateOptions;

  constructor(options: StateOptions) {
    this.#options = options;
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
    const { brokerage, seed, gatewayUser } = this.#options;
    const problems = fixtureProblems(fixtures, { gatewayUser });
    if (problems.length > 0) throw badRequest(`Invalid fixtures: ${problems.join('; ')}`);
    return this.#restart(() => brokerage.load(fixtures, seed), seed);
  }

  #restart(load: () => void, seed: number): StateSummary {
    const { brokerage, reopenGatewaySession, beforeLoad, afterLoad } = this.#options;
    beforeLoad();
    load();
    afterLoad();
    const gateway = reopenGatewaySession?.();
    return {
      seed,
      users: brokerage.users().length,
      accounts: brokerage.accounts().length,
      instruments: brokerage.market.instruments().length,
      ...(gateway ? { gatewaySession: gateway.id } : {}),
    };
  }
}
