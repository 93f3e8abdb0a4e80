// The price path, its bars and the market state read from it: no HTTP.
import fc from 'fast-check';
import { aggregate, type BarSize } from '../../src/domain/market/bars.js';
import { hoursOf, inRegularHours } from '../../src/domain/market/exchange-hours.js';
import { historyOf, parseBarSize, parsePeriod } from '../../src/domain/market/history.js';
import { marketStateAt } from '../../src/domain/market/market-state.js';
import { traitsOf } from '../../src/domain/market/price-path.js';
import type { Instrument } from '../../src/domain/market/model.js';
import { AAPL, limitBuy } from '../trading-helpers.js';
import { accountId, domain } from './services.js';

const minute = 60_000;

function aapl(services: ReturnType<typeof domain>['services']): Instrument {
  const instrument = services.brokerage.market.instrument(AAPL);
  if (!instrument) throw new Error('AAPL is missing');
  return instrument;
}

describe('the price path', () => {
  it('has a year of seeded daily bars before the start, ending at the start price', () => {
    const { services, clock } = domain();
    const instrument = aapl(services);
    const { bars } = historyOf(
      services.brokerage.market.path,
      instrument,
      {
        period: parsePeriod('1y'),
        bar: parseBarSize('1d'),
        startTime: undefined,
        direction: -1,
        outsideRth: false,
        source: 'Last',
      },
      clock.now(),
    );
    expect(bars.length).toBeGreaterThanOrEqual(250);
    expect(bars.at(-1)?.c).toBe(189.5);
    for (const bar of bars) {
      expect(bar.l).toBeLessThanOrEqual(Math.min(bar.o, bar.c));
      expect(bar.h).toBeGreaterThanOrEqual(Math.max(bar.o, bar.c));
      expect(bar.v).toBeGreaterThan(0);
    }
  });

  it('is the same for the same seed', () => {
    const first = domain();
    const second = domain();
    const ticksOf = (services: typeof first.services) =>
      services.brokerage.market.path.ticks(aapl(services)).slice(0, 50);
    expect(ticksOf(first.services)).toEqual(ticksOf(second.services));
  });

  it('trades only on weekdays, within the exchange hours, and regular hours are a subset', () => {
    const { services } = domain();
    const instrument = aapl(services);
    const hours = hoursOf(instrument.exchange);
    const ticks = services.brokerage.market.path.ticks(instrument).slice(0, -1);
    const weekdays = new Set(ticks.map((tick) => new Date(tick.t - 5 * 3_600_000).getUTCDay()));
    expect([...weekdays].sort()).toEqual([1, 2, 3, 4, 5]);
    expect(ticks.some((tick) => inRegularHours(hours, tick.t))).toBe(true);
    expect(ticks.some((tick) => !inRegularHours(hours, tick.t))).toBe(true);
  });
});

describe('bars, snapshots, fills and alerts: one market', () => {
  const barSizes: BarSize[] = ['1min', '5min', '1h', '1d', '1w', '1m'].map(parseBarSize);

  it('keeps every trade within its bar, and the snapshot last at the latest close', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            waitMs: fc.integer({ min: 0, max: 20 * minute }),
            price: fc.double({ min: 150, max: 230, noNaN: true }),
          }),
          { minLength: 1, maxLength: 30 },
        ),
        fc.constantFrom(...barSizes),
        (moves, size) => {
          const { services, clock } = domain();
          const { market } = services.brokerage;
          const instrument = aapl(services);
          for (const { waitMs, price } of moves) {
            clock.advance(waitMs);
            market.setPrice(AAPL, Math.round(price * 100) / 100);
          }
          const traits = traitsOf(instrument);
          const hours = hoursOf(instrument.exchange);
          const ticks = market.path.ticks(instrument);
          const bars = aggregate(ticks, size, hours, traits);
          for (const tick of market.path.recorded(AAPL)) {
            const bar = bars.findLast((candidate) => candidate.t <= tick.t);
            expect(bar).toBeDefined();
            expect(tick.price).toBeGreaterThanOrEqual(bar?.l ?? Infinity);
            expect(tick.price).toBeLessThanOrEqual(bar?.h ?? -Infinity);
          }
          const state = marketStateAt(instrument, ticks, clock.now());
          expect(bars.at(-1)?.c).toBe(market.price(AAPL));
          expect(state?.last.price).toBe(market.price(AAPL));
          expect(state?.quote.bid).toBeLessThanOrEqual(state?.last.price ?? 0);
          expect(state?.quote.ask).toBeGreaterThanOrEqual(state?.last.price ?? Infinity);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('fills a limit order at a price within the minute bar of its fill', () => {
    const { services, clock, session } = domain();
    const { market } = services.brokerage;
    const instrument = aapl(services);
    market.setPrice(AAPL, 189.5);
    services.orders.place(session, accountId, [limitBuy(10, 189)]);
    clock.advance(90_000);
    market.setPrice(AAPL, 189.2);
    market.setPrice(AAPL, 188.9);
    market.setPrice(AAPL, 189.4);
    const [execution] = services.brokerage.store.collection('executions').values();
    expect(execution).toBeDefined();
    const bars = aggregate(
      market.path.ticks(instrument),
      parseBarSize('1min'),
      hoursOf(instrument.exchange),
      traitsOf(instrument),
    );
    const bar = bars.findLast((candidate) => candidate.t <= clock.now());
    expect(bar).toMatchObject({ o: 189.2, h: 189.4, l: 188.9, c: 189.4 });
    expect(execution?.price).toBeGreaterThanOrEqual(bar?.l ?? Infinity);
    expect(execution?.price).toBeLessThanOrEqual(bar?.h ?? -Infinity);
  });
});

describe('history requests', () => {
  it('reads periods and bar sizes as the service writes them, and refuses others', () => {
    expect(parsePeriod('30min')).toEqual({ count: 30, unit: 'min' });
    expect(parsePeriod('1y')).toEqual({ count: 1, unit: 'y' });
    expect(parseBarSize('5min')).toEqual({ count: 5, unit: 'min' });
    expect(parseBarSize('1m')).toEqual({ count: 1, unit: 'm' });
    expect(parseBarSize('30S')).toEqual({ count: 30, unit: 'S' });
    expect(() => parsePeriod('31min')).toThrow(/Invalid period/);
    expect(() => parsePeriod('2x')).toThrow(/Invalid period/);
    expect(() => parseBarSize('min')).toThrow(/Invalid bar/);
  });

  it('answers at most 1000 bars, the most recent', () => {
    const { services, clock } = domain();
    const { bars } = historyOf(
      services.brokerage.market.path,
      aapl(services),
      {
        period: parsePeriod('8d'),
        bar: parseBarSize('1min'),
        startTime: undefined,
        direction: -1,
        outsideRth: true,
        source: 'Last',
      },
      clock.now(),
    );
    expect(bars).toHaveLength(1000);
    expect(bars.at(-1)?.c).toBe(services.brokerage.market.price(AAPL));
  });
});
