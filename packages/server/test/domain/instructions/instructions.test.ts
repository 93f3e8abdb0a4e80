// Order instructions without HTTP: drafts of one account, seen once as new, gone after 7 days.
import { domain, domainErrorOf } from '../services.js';

const user = 'demo_individual';
const account = 'U1234567';
const draft = {
  side: 'BUY',
  contractIdEx: '265598',
  quantity: 2,
  orderType: 'MARKET',
  tif: 'DAY',
} as const;

describe('order instructions', () => {
  it("are the account's own, new until first listed", () => {
    const { instructions } = domain().services;
    const made = instructions.create(user, account, draft);
    expect(made).toMatchObject({ symbol: 'AAPL', conid: 265598, isNew: true });
    expect(instructions.list('demo_advisor', account)).toEqual([]);
    expect(instructions.list(user, account).map((one) => one.isNew)).toEqual([true]);
    expect(instructions.list(user, account).map((one) => one.isNew)).toEqual([false]);
  });

  it('expire seven days after their creation, on the clock', () => {
    const { services, clock } = domain();
    const made = services.instructions.create(user, account, draft);
    clock.advance(7 * 24 * 3600_000 - 1);
    expect(services.instructions.byId(made.id).id).toBe(made.id);
    clock.advance(1);
    expect(services.instructions.list(user, account)).toEqual([]);
    expect(domainErrorOf(() => services.instructions.byId(made.id))).toEqual({
      kind: 'badRequest',
      message: `No order instruction ${made.id}`,
    });
  });

  it('refuse unknown contracts, combos, a limit order without a price', () => {
    const { instructions } = domain().services;
    expect(
      domainErrorOf(() => instructions.create(user, account, { ...draft, contractIdEx: '1' })),
    ).toMatchObject({ kind: 'badRequest', message: 'No contract 1' });
    expect(
      domainErrorOf(() =>
        instructions.create(user, account, { ...draft, contractIdEx: '28812380;;;1/1,2/-1' }),
      ),
    ).toMatchObject({ kind: 'badRequest' });
    expect(
      domainErrorOf(() => instructions.create(user, account, { ...draft, orderType: 'LIMIT' })),
    ).toMatchObject({ message: 'limit_price is required for a LIMIT order' });
  });
});
