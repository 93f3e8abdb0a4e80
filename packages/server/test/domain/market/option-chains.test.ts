// Option chains and their pricing model: no HTTP.
import fc from 'fast-check';
import { ManualClock } from '../../../src/domain/kernel/clock.js';
import {
  monthlyExpiries,
  optionPrice,
  strikesAround,
} from '../../../src/domain/market/option-chains.js';
import { riskFreeRate, valueOption } from '../../../src/domain/market/option-pricing.js';
import { createServices } from '../../../src/compose/services.js';
import { defaultFixtures } from '../../../src/fixtures/index.js';
import { MemoryStore } from '../../../src/store/memory.js';
import { AAPL, limitBuy } from '../../trading-helpers.js';
import { accountId, domain } from '../services.js';

const dayMs = 24 * 60 * 60_000;

function servicesAt(time: string) {
  const clock = new ManualClock(Date.parse(time));
  const services = createServices({
    clock,
    store: new MemoryStore(),
    fixtures: defaultFixtures,
    seed: 1,
    idleTimeoutMs: 5 * 60_000,
  });
  return { services, clock };
}

const expiriesOf = (services: ReturnType<typeof servicesAt>['services']) => [
  ...new Set(services.brokerage.market.optionsOf(AAPL).map((option) => option.expiration)),
];

describe('option chains', () => {
  it('lists the third Fridays of the coming months, from the clock date', () => {
    expect(monthlyExpiries(Date.parse('2025-03-12T15:00:00Z'), 4)).toEqual([
      20250321, 20250418, 20250516, 20250620,
    ]);
    // On an expiry day the month's expiry is still listed; the day after it is not.
    expect(monthlyExpiries(Date.parse('2025-03-21T12:00:00Z'), 1)).toEqual([20250321]);
    expect(monthlyExpiries(Date.parse('2025-03-22T12:00:00Z'), 1)).toEqual([20250418]);
    expect(monthlyExpiries(Date.parse('2025-11-30T12:00:00Z'), 2)).toEqual([20251219, 20260116]);
  });

  it('moves its expiries with the clock', () => {
    const march = servicesAt('2025-03-12T15:00:00Z');
    const june = servicesAt('2025-06-10T15:00:00Z');
    expect(expiriesOf(march.services)).toEqual([20250321, 20250418, 20250516, 20250620]);
    expect(expiriesOf(june.services)).toEqual([20250620, 20250718, 20250815, 20250919]);
    // Past an expiry, its options are no longer listed.
    march.clock.advance(10 * dayMs);
    expect(expiriesOf(march.services)).toEqual([20250418, 20250516, 20250620]);
  });

  it('lists strikes around the underlying price, calls and puts, multiplier 100', () => {
    const { services } = domain();
    const { market } = services.brokerage;
    const spot = market.price(AAPL) ?? 0;
    const options = market.optionsOf(AAPL);
    const strikes = [...new Set(options.map((option) => option.option?.strike ?? 0))];
    expect(strikes).toEqual(strikesAround(spot, 5, 5));
    expect(Math.min(...strikes)).toBeLessThan(spot);
    expect(Math.max(...strikes)).toBeGreaterThan(spot);
    expect(new Set(options.map((option) => option.option?.right))).toEqual(new Set(['C', 'P']));
    expect(options.every((option) => option.multiplier === 100 && option.secType === 'OPT')).toBe(
      true,
    );
    expect(new Set(options.map((option) => option.conid)).size).toBe(options.length);
    expect(options.every((option) => option.conid >= 700_000_000)).toBe(true);
  });

  it('gives the same conids on every server', () => {
    const conids = (services: ReturnType<typeof servicesAt>['services']) =>
      services.brokerage.market.optionsOf(AAPL).map((option) => option.conid);
    expect(conids(servicesAt('2025-03-12T15:00:00Z').services)).toEqual(
      conids(servicesAt('2025-03-12T15:00:00Z').services),
    );
  });

  it('prices options from the underlying, and follows its price', () => {
    const { services } = domain();
    const { market } = services.brokerage;
    const call = market
      .optionsOf(AAPL)
      .find((option) => option.option?.right === 'C' && option.option.strike === 190);
    if (!call) throw new Error('no AAPL 190 call');
    const before = market.price(call.conid) ?? 0;
    expect(before).toBeGreaterThan(0);
    market.setPrice(AAPL, (market.price(AAPL) ?? 0) + 10);
    expect(market.price(call.conid) ?? 0).toBeGreaterThan(before);
  });

  it('keeps every option at its model price after each trade of the underlying, trading only the ones that move', () => {
    const { services, clock } = domain();
    const { market } = services.brokerage;
    const options = market.optionsOf(AAPL);
    // The trades are counted on the nearest expiry's options (their near and far strikes): each
    // option's recorded path is built from its seeded history, seconds for the whole chain.
    const nearest = options.filter((option) => option.expiration === options[0]?.expiration);
    const tradesBefore = nearest.map((option) => market.path.recorded(option).length);
    const pricesBefore = options.map((option) => market.price(option.conid));
    clock.advance(60_000);
    const spot = (market.price(AAPL) ?? 0) + 0.05;
    market.setPrice(AAPL, spot);
    const moved = options.map(
      (option, index) => market.price(option.conid) !== pricesBefore[index],
    );
    for (const option of options) {
      expect(market.price(option.conid)).toBe(optionPrice(option, spot, clock.now()));
    }
    const nearestMoved = nearest.map((option) => moved[options.indexOf(option)] === true);
    expect(nearest.map((option) => market.path.recorded(option).length)).toEqual(
      tradesBefore.map((count, index) => count + (nearestMoved[index] ? 1 : 0)),
    );
    // A five-cent move leaves the far strikes where they were and moves the near ones.
    expect(nearestMoved).toContain(true);
    expect(nearestMoved).toContain(false);
  });
});

describe('options as tradable contracts', () => {
  it('fill a limit buy when the underlying falls, and become a position', () => {
    const { services, session } = domain();
    const { market } = services.brokerage;
    const call = market.optionsOf(AAPL).find((option) => option.option?.right === 'C');
    if (!call) throw new Error('no AAPL call');
    const limit = market.price(call.conid) ?? 0;
    const outcome = services.orders.place(session, accountId, [
      limitBuy(2, limit, { conid: call.conid }),
    ]);
    expect(outcome.kind).toBe('transmitted');
    market.setPrice(AAPL, (market.price(AAPL) ?? 0) - 5);
    const held = services.brokerage
      .account(accountId)
      ?.positions.find((position) => position.conid === call.conid);
    expect(held?.quantity).toBe(2);
    expect(held?.averageCost).toBeLessThanOrEqual(limit);
  });
});

describe('the Black-Scholes model', () => {
  const inputs = fc.record({
    spot: fc.double({ min: 1, max: 5000, noNaN: true }),
    moneyness: fc.double({ min: 0.5, max: 1.5, noNaN: true }),
    years: fc.double({ min: 1 / 365, max: 2, noNaN: true }),
    volatility: fc.double({ min: 0.05, max: 1.5, noNaN: true }),
  });

  it('keeps put-call parity: C - P = S - K e^(-rT)', () => {
    fc.assert(
      fc.property(inputs, ({ spot, moneyness, years, volatility }) => {
        const strike = spot * moneyness;
        const terms = { spot, strike, years, volatility };
        const call = valueOption({ ...terms, right: 'C' });
        const put = valueOption({ ...terms, right: 'P' });
        const parity = spot - strike * Math.exp(-riskFreeRate * years);
        expect(Math.abs(call.price - put.price - parity)).toBeLessThan(1e-6 * spot);
      }),
    );
  });

  it('gives calls a delta in [0, 1], puts in [-1, 0], and non-negative gamma and vega', () => {
    fc.assert(
      fc.property(inputs, ({ spot, moneyness, years, volatility }) => {
        const terms = { spot, strike: spot * moneyness, years, volatility };
        const call = valueOption({ ...terms, right: 'C' });
        const put = valueOption({ ...terms, right: 'P' });
        expect(call.delta).toBeGreaterThanOrEqual(0);
        expect(call.delta).toBeLessThanOrEqual(1);
        expect(put.delta).toBeGreaterThanOrEqual(-1);
        expect(put.delta).toBeLessThanOrEqual(0);
        expect(call.delta - put.delta).toBeCloseTo(1, 9);
        expect(call.gamma).toBeGreaterThanOrEqual(0);
        expect(call.vega).toBeGreaterThanOrEqual(0);
        expect(call.price).toBeGreaterThanOrEqual(Math.max(0, spot - terms.strike) - 1e-9);
      }),
    );
  });

  it('matches a textbook value and decays with time', () => {
    // S = K = 100, T = 1, σ = 20 %, r = 4 %: the call is worth about 9.925.
    const call = valueOption({ right: 'C', spot: 100, strike: 100, years: 1, volatility: 0.2 });
    expect(call.price).toBeCloseTo(9.925, 2);
    expect(call.theta).toBeLessThan(0);
    expect(call.delta).toBeCloseTo(0.6179, 3);
  });

  it('is worth its intrinsic value at expiry', () => {
    const terms = { spot: 105, strike: 100, years: 0, volatility: 0.3 };
    expect(valueOption({ ...terms, right: 'C' })).toMatchObject({ price: 5, delta: 1 });
    expect(valueOption({ ...terms, right: 'P' })).toMatchObject({ price: 0, delta: 0 });
  });
});
