// Valuation of an account from its cash, positions and the simulated prices: no HTTP.
import { ledgerOf } from '../../../src/domain/accounts/portfolio-accounts.js';
import { valueAccount } from '../../../src/domain/accounts/valuation.js';
import { withCash } from '../../../src/domain/accounts/cash.js';
import { AAPL } from '../../trading-helpers.js';
import { accountId, domain } from '../services.js';

describe('valuation, without HTTP', () => {
  it('values positions at the last price: a price change moves the gross position value', () => {
    const { services } = domain();
    const { brokerage } = services;
    const account = brokerage.account(accountId);
    if (!account) throw new Error(`${accountId} is missing`);
    const quantity = account.positions.find((p) => p.conid === AAPL)?.quantity ?? 0;
    expect(quantity).toBeGreaterThan(0);

    brokerage.market.setPrice(AAPL, 200);
    const before = valueAccount(account, brokerage.market);
    brokerage.market.setPrice(AAPL, 210);
    const after = valueAccount(account, brokerage.market);

    expect(after.baseCurrency).toBe('USD');
    expect(after.grossPositionValue - before.grossPositionValue).toBeCloseTo(quantity * 10, 2);
    expect(after.total.netLiquidation - before.total.netLiquidation).toBeCloseTo(quantity * 10, 2);
  });

  it('margins long stock at the Regulation T rates', () => {
    const { services } = domain();
    const { brokerage } = services;
    const account = brokerage.account(accountId);
    if (!account) throw new Error(`${accountId} is missing`);
    const values = valueAccount(account, brokerage.market);
    expect(values.initialMargin).toBeGreaterThan(values.maintenanceMargin);
    expect(values.availableFunds).toBeCloseTo(values.equityWithLoan - values.initialMargin, 2);
  });

  it('keeps the ledger frozen while the account, the prices and the second stay the same', () => {
    const { services, clock } = domain();
    const { brokerage } = services;
    const { market } = brokerage;
    const account = brokerage.account(accountId);
    if (!account) throw new Error(`${accountId} is missing`);
    const seconds = () => Math.floor(clock.now() / 1000);
    const first = ledgerOf(account, market, seconds());
    expect(Object.isFrozen(first) && Object.isFrozen(first.BASE)).toBe(true);
    expect(ledgerOf(account, market, seconds())).toBe(first);

    clock.advance(1000);
    const later = ledgerOf(account, market, seconds());
    expect(later).not.toBe(first);
    expect(later.BASE?.timestamp).toBe((first.BASE?.timestamp ?? 0) + 1);

    market.setPrice(AAPL, (market.price(AAPL) ?? 0) + 5);
    const repriced = ledgerOf(account, market, seconds());
    expect(repriced.BASE?.netliquidationvalue).not.toBe(later.BASE?.netliquidationvalue);

    const funded = withCash(account, 'USD', 1000);
    expect(ledgerOf(funded, market, seconds()).USD?.cashbalance).toBe(
      (repriced.USD?.cashbalance ?? 0) + 1000,
    );
  });
});
