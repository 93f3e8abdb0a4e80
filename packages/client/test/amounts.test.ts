import type { Schema } from '@brokerage/types';
import { numericSummary, parseAmount } from '../src/index.js';
import { setup, type Setup } from './support/server.js';

describe('parseAmount', () => {
  it('reads an amount with its currency, and a plain number without one', () => {
    expect(parseAmount('1,288,301 USD')).toEqual({ value: 1_288_301, currency: 'USD' });
    expect(parseAmount('-401,693 USD')).toEqual({ value: -401_693, currency: 'USD' });
    expect(parseAmount('0 DKK')).toEqual({ value: 0, currency: 'DKK' });
    expect(parseAmount('19,441')).toEqual({ value: 19_441 });
    expect(parseAmount('0.0068052')).toEqual({ value: 0.0068052 });
    expect(parseAmount('1.43')).toEqual({ value: 1.43 });
  });

  it('answers undefined for the texts that are not numbers', () => {
    expect(parseAmount('n/a')).toBeUndefined();
    expect(parseAmount('Unlimited')).toBeUndefined();
    expect(parseAmount('@ 16:00:00')).toBeUndefined();
    expect(parseAmount('')).toBeUndefined();
  });
});

describe('numericSummary', () => {
  it('reads every segment of a report as numbers, with the currency of its amounts', () => {
    const funds: Schema<'AccountAvailableFunds'> = {
      total: {
        current_available: '825,208 USD',
        current_excess: '826,089 USD',
        leverage: 'n/a',
        day_trades_left: 'Unlimited',
      },
      securities: {
        current_available: '802,725 USD',
        current_excess: '802,727 USD',
        leverage: '1.43',
      },
    };
    const { currency, segments } = numericSummary(funds);
    expect(currency).toBe('USD');
    expect(segments.total).toEqual({
      current_available: 825_208,
      current_excess: 826_089,
      leverage: undefined,
      day_trades_left: undefined,
    });
    expect(segments.securities?.leverage).toBe(1.43);
    expect(segments.commodities).toBeUndefined();
  });

  it('reads a market value, whose entries carry no currency code', () => {
    const { currency, segments } = numericSummary({
      EUR: { total_cash: '194', net_liquidation: '194', 'Exchange Rate': '1.092525' },
    } satisfies Schema<'AccountMarketValue'>);
    expect(currency).toBeUndefined();
    expect(segments.EUR).toEqual({
      total_cash: 194,
      net_liquidation: 194,
      'Exchange Rate': 1.092525,
    });
  });
});

describe('numeric views of the reference server’s reports', () => {
  let env: Setup;
  afterEach(() => env.close());

  it('agree with the summary, to the whole unit the service rounds to', async () => {
    env = await setup();
    const client = env.client();
    const base = { params: { path: { accountId: 'U1234567' } } };
    const summary = await env.drive(
      client.ok(client.GET('/v1/api/iserver/account/{accountId}/summary', base)),
    );
    const balances = numericSummary(
      await env.drive(
        client.ok(client.GET('/v1/api/iserver/account/{accountId}/summary/balances', base)),
      ),
    );
    const funds = numericSummary(
      await env.drive(
        client.ok(client.GET('/v1/api/iserver/account/{accountId}/summary/available_funds', base)),
      ),
    );
    expect(balances.currency).toBe('USD');
    expect(balances.segments.total?.net_liquidation).toBe(
      Math.round(summary.netLiquidationValue ?? NaN),
    );
    expect(balances.segments.total?.cash).toBe(Math.round(summary.totalCashValue ?? NaN));
    expect(funds.segments.total?.current_available).toBe(Math.round(summary.availableFunds ?? NaN));
    expect(funds.segments.total?.buying_power).toBe(Math.round(summary.buyingPower ?? NaN));
  });
});
