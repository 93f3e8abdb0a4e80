// The services of one brokerage, without HTTP: for the domain tests.
import { ManualClock } from '../../src/domain/kernel/clock.js';
import { DomainError, type DomainErrorKind } from '../../src/domain/kernel/errors.js';
import type { Session } from '../../src/domain/accounts/sessions.js';
import type { Fixtures } from '../../src/domain/accounts/model.js';
import { defaultFixtures } from '../../src/fixtures/index.js';
import { createServices, type Services } from '../../src/compose/services.js';
import { MemoryStore } from '../../src/store/memory.js';

export const accountId = 'U1234567';

/** The default fixtures without option chains: a price change of an underlying then reprices no
 * options (each of its 88 listed options a trade of its own), for tests of one price path. */
export const withoutOptions: Fixtures = {
  ...defaultFixtures,
  instruments: { ...defaultFixtures.instruments, optionChains: [] },
};

/** Fresh services on a manual clock (by default a weekday, during the session), and an open
 * session of the account's user whose accounts were queried. */
export function domain(
  fixtures: Fixtures = defaultFixtures,
  start = Date.parse('2025-03-12T15:00:00Z'),
): {
  services: Services;
  clock: ManualClock;
  session: Session;
} {
  const clock = new ManualClock(start);
  const services = createServices({
    clock,
    store: new MemoryStore(),
    fixtures,
    seed: 1,
    idleTimeoutMs: 5 * 60_000,
  });
  const { brokerage } = services;
  const user = brokerage.user('demo_individual');
  if (!user) throw new Error('demo_individual is missing');
  const session = brokerage.sessions.open(user, { origin: 'control', brokerageOpen: true });
  session.accountsQueried = true;
  return { services, clock, session };
}

const described = (error: unknown): { kind: DomainErrorKind; message: string } => {
  if (error instanceof DomainError) return { kind: error.kind, message: error.message };
  throw error;
};

/** The domain error `run` throws: its kind (the HTTP status the layer above gives it) and text. */
export function domainErrorOf(run: () => unknown): { kind: DomainErrorKind; message: string } {
  try {
    run();
  } catch (error) {
    return described(error);
  }
  throw new Error('expected a domain error, nothing was thrown');
}

/** The domain error the promise `run` answers is rejected with. */
export async function domainRejectionOf(
  run: () => Promise<unknown>,
): Promise<{ kind: DomainErrorKind; message: string }> {
  try {
    await run();
  } catch (error) {
    return described(error);
  }
  throw new Error('expected a domain error, nothing was thrown');
}
