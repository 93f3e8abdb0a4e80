// The accounts area owns users and accounts: every change of an account goes through its one
// writer, which announces it, and the one "username taken" rule answers the availability check
// and an application's submission alike.
import { isNoticeEvent, type DomainEvent } from '../../../src/domain/kernel/events.js';
import { defaultFixtures } from '../../../src/fixtures/index.js';
import { accountId, domain } from '../services.js';

/** An EUR stock on IBIS, where demo_individual sees delayed data (a regulatory snapshot is
 * charged). */
const IBIS_STOCK = 14204;

function heard(services: ReturnType<typeof domain>['services']): DomainEvent[] {
  const events: DomainEvent[] = [];
  services.brokerage.events.subscribe((event) => {
    if (!isNoticeEvent(event) && event.type !== 'priceChanged') events.push(event);
  });
  return events;
}

/** The claims of an application of an individual with this username. */
const applicationOf = (userName: string) => ({
  application: {
    customer: {
      type: 'INDIVIDUAL',
      externalId: `crm-${userName}`,
      userName,
      legalResidenceCountry: 'USA',
      accountHolder: { accountHolderDetails: [{ name: { first: 'Robin', last: 'Vega' } }] },
    },
    accounts: [{ baseCurrency: 'USD', capabilities: ['OPT'], margin: 'Cash' }],
  },
});

describe('the accounts area: one writer of accounts, one username rule', () => {
  it('announces the regulatory snapshot fee: the cash it takes is heard on the bus', () => {
    const { services, session } = domain();
    const events = heard(services);
    const before = services.brokerage.account(accountId)?.cash.USD ?? 0;
    services.marketData.regulatorySnapshot(session, IBIS_STOCK);
    expect(services.brokerage.account(accountId)?.cash.USD).toBeLessThan(before);
    expect(events).toEqual([expect.objectContaining({ type: 'accountChanged', accountId })]);
  });

  it('keeps an account through its writer only, which announces each change', () => {
    const { services } = domain();
    const events = heard(services);
    const account = services.brokerage.account(accountId);
    if (!account) throw new Error('no account');
    services.brokerage.keepAccount({ ...account, alias: 'Renamed' });
    expect(services.brokerage.account(accountId)?.alias).toBe('Renamed');
    expect(events.map((event) => event.type)).toEqual(['accountChanged']);
  });

  it("counts a pending application's username as taken, as its submission does", () => {
    const { services } = domain();
    const applications = services.accountApplications;
    applications.submit('TESTCONS', applicationOf('robin_vega'));
    expect(applications.usernameAvailability('Robin_Vega')).toMatchObject({
      isValid: true,
      isAvailable: false,
    });
    expect(() => applications.submit('TESTCONS', applicationOf('ROBIN_VEGA'))).toThrow('is taken');
  });

  it("counts a user's name without case, as the availability check does", () => {
    const fixtures = structuredClone(defaultFixtures);
    const user = fixtures.users.find((candidate) => candidate.username === 'demo_individual');
    if (!user) throw new Error('no demo_individual');
    fixtures.users.push({ ...user, username: 'Mixed_Case1', accounts: [] });
    const { services } = domain(fixtures);
    const applications = services.accountApplications;
    expect(applications.usernameAvailability('mixed_case1').isAvailable).toBe(false);
    expect(() => applications.submit('TESTCONS', applicationOf('mixed_case1'))).toThrow(
      'mixed_case1 is taken',
    );
    expect(applications.usernameAvailability('mixed_case2').isAvailable).toBe(true);
  });
});
