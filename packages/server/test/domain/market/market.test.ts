// The price path, its bars and the market state read from it: no HTTP.
import fc from 'fast-check';
import { aggregate, type BarSize } from '../../../src/domain/market/bars.js';
import {
  dayAt,
  hoursOf,
  inRegularHours,
  isTradingDay,
} from '../../../src/domain/market/exchange-hours.js';
import { historyOf, parseBarSize, parsePeriod } from '../../../src/domain/market-data/history.js';
import { marketStateAt } from '../../../src/domain/market/market-state.js';
import { fineTradesMs, keptHistoryMs } from '../../../src/domain/market/price-path.js';
import { traitsOf } from '../../../src/domain/market/price-traits.js';
import type { Tick } from '../../../src/domain/market/seeded-history.js';
import type { Instrument } from '../../../src/domain/market/model.js';
import { AAPL, limitBuy } from '../../trading-helpers.js';
import { accountId, domain, withoutOptions } from '../services.js';

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

describe('periods and bar sizes, short or spelled out', () => {
  it('reads the spelled-out forms clients send as the short forms', () => {
    const same: [string, string][] = [
      ['2hours', '2h'],
      ['1day', '1d'],
      ['3weeks', '3w'],
      ['6months', '6m'],
      ['1year', '1y'],
      ['15mins', '15min'],
    ];
    for (const [spelled, short] of same) expect(parsePeriod(spelled)).toEqual(parsePeriod(short));
    expect(parseBarSize('1hour')).toEqual(parseBarSize('1h'));
    expect(parseBarSize('30secs')).toEqual(parseBarSize('30S'));
  });

  it('refuses what is neither, and a bar of years', () => {
    for (const text of ['2fortnights', '9h', 'h', '']) expect(() => parsePeriod(text)).toThrow();
    expect(() => parseBarSize('1year')).toThrow();
  });
});

describe('bars, snapshots, fills and alerts: one market', () => {
  const barSizes: BarSize[] = ['1min', '5min', '1h', '1d', '1w', '1m'].map(parseBarSize);

  it('keeps every trade within its bar, the snapshot last at the latest close, quotes in whole lots', () => {
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
          const { services, clock } = domain(withoutOptions);
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
          for (const tick of market.path.recorded(instrument)) {
            const bar = bars.findLast((candidate) => candidate.t <= tick.t);
            expect(bar).toBeDefined();
            expect(tick.price).toBeGreaterThanOrEqual(bar?.l ?? Infinity);
            expect(tick.price).toBeLessThanOrEqual(bar?.h ?? -Infinity);
          }
          const state = marketStateAt(instrument, market.path, clock.now());
          expect(bars.at(-1)?.c).toBe(market.price(AAPL));
          expect(state?.last.price).toBe(market.price(AAPL));
          expect(state?.quote.bid).toBeLessThanOrEqual(state?.last.price ?? 0);
          expect(state?.quote.ask).toBeGreaterThanOrEqual(state?.last.price ?? Infinity);
          // Sizes are whole lots at any millisecond (the regulatory snapshot sends round lots).
          const lots = [state?.quote.bidSize, state?.quote.askSize].map(
            (q) => (q ?? 0.5) / traits.lot,
          );
          expect(lots.filter((count) => !Number.isInteger(count))).toEqual([]);
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

  it('hands the same frozen bars to a repeated request, and new ones once a trade lands', () => {
    const { services, clock } = domain();
    const { market } = services.brokerage;
    const request = {
      period: parsePeriod('1d'),
      bar: parseBarSize('5min'),
      startTime: undefined,
      direction: -1 as const,
      outsideRth: false,
      source: 'Last' as const,
    };
    const ask = () => historyOf(market.path, aapl(services), request, clock.now()).bars;
    const first = ask();
    expect(ask()).toBe(first);
    expect(Object.isFrozen(first) && first.every((bar) => Object.isFrozen(bar))).toBe(true);
    expect(
      historyOf(market.path, aapl(services), { ...request, outsideRth: true }, clock.now()).bars,
    ).not.toBe(first);

    clock.advance(minute);
    market.setPrice(AAPL, 201.25);
    const after = ask();
    expect(after).not.toBe(first);
    expect(after.at(-1)?.c).toBe(201.25);
    expect(after.slice(0, first.length - 1)).toEqual(first.slice(0, -1));
  });
});

describe('the kept path', () => {
  const day = 86_400_000;
  const quarter = 15 * minute;
  const barsOf = (
    services: ReturnType<typeof domain>['services'],
    bar: string,
    from: number,
    to: number,
  ) => {
    const instrument = aapl(services);
    const ticks = services.brokerage.market.path.ticks(instrument).filter((tick) => {
      return tick.t >= from && tick.t < to;
    });
    return aggregate(ticks, parseBarSize(bar), hoursOf(instrument.exchange), traitsOf(instrument));
  };

  it('stays bounded under a trade a minute for 40 days, and its bars of 15 minutes or more stay exact', () => {
    const { services, clock } = domain(withoutOptions);
    const { market } = services.brokerage;
    const instrument = aapl(services);
    const start = clock.now();
    const walk = (minutes: number) => {
      for (let step = 0; step < minutes; step++) {
        clock.advance(minute);
        market.setPrice(AAPL, 180 + ((step * 37) % 200) / 10);
      }
    };
    walk(3 * 1440);
    const firstDays = [start, start + 3 * day] as const;
    const before = ['15min', '1h', '1d'].map((bar) => barsOf(services, bar, ...firstDays));
    walk(37 * 1440);

    const ticks = market.path.ticks(instrument);
    const compactedBefore = clock.now() - fineTradesMs - day;
    const perQuarter = new Map<number, number>();
    for (const tick of ticks.filter((candidate) => candidate.t < compactedBefore)) {
      const slot = Math.floor(tick.t / quarter);
      perQuarter.set(slot, (perQuarter.get(slot) ?? 0) + 1);
    }
    expect(Math.max(...perQuarter.values())).toBeLessThanOrEqual(4);
    const recent = ticks.filter((tick) => tick.t > clock.now() - fineTradesMs);
    expect(recent.length).toBeGreaterThanOrEqual(21 * 1440 - 1);
    // 40 days of trades a minute (57,600) plus the seeded history, kept in far fewer.
    expect(ticks.length).toBeLessThan(22 * 1440 + 19 * 96 * 4 + 25_000);
    const after = ['15min', '1h', '1d'].map((bar) => barsOf(services, bar, ...firstDays));
    expect(after).toEqual(before);
  });

  it('drops trades older than a year as the clock moves on', () => {
    const { services, clock } = domain(withoutOptions);
    const { market } = services.brokerage;
    const instrument = aapl(services);
    const first = market.path.ticks(instrument)[0] as Tick;
    for (let days = 0; days < 400; days++) {
      clock.advance(day);
      market.setPrice(AAPL, 190 + (days % 7));
    }
    const ticks = market.path.ticks(instrument);
    expect((ticks[0] as Tick).t).toBeGreaterThan(first.t);
    expect((ticks[0] as Tick).t).toBeGreaterThanOrEqual(clock.now() - keptHistoryMs - day);
    expect(ticks.length).toBeLessThan(400);
  });

  it('reads the snapshot state in a few look-ups: the same figures as a scan of the trades', () => {
    const { services, clock } = domain(withoutOptions);
    const { market } = services.brokerage;
    const instrument = aapl(services);
    for (let step = 0; step < 411; step++) {
      clock.advance(7 * minute);
      market.setPrice(AAPL, 185 + ((step * 13) % 90) / 10);
    }
    const hours = hoursOf(instrument.exchange);
    const now = clock.now();
    const today = dayAt(hours, now);
    const ticks = market.path.ticks(instrument);
    const todays = ticks.filter((tick) => tick.t >= today.extendedOpen && tick.t <= now);
    const regular = todays.filter((tick) => inRegularHours(hours, tick.t));
    expect(regular.length).toBeGreaterThan(0);
    const state = marketStateAt(instrument, market.path, now);
    expect(state).toMatchObject({
      volume: todays.reduce((sum, tick) => sum + tick.size, 0),
      trades: todays.length,
      open: regular[0]?.price,
      high: Math.max(...regular.map((tick) => tick.price)),
      low: Math.min(...regular.map((tick) => tick.price)),
    });
    const yearAgo = dayAt(hours, now).index - 364;
    const inYear = ticks.filter(
      (tick) => dayAt(hours, tick.t).index >= yearAgo && inRegularHours(hours, tick.t),
    );
    expect(state?.high52Weeks).toBe(Math.max(...inYear.map((tick) => tick.price)));
    expect(state?.low52Weeks).toBe(Math.min(...inYear.map((tick) => tick.price)));
  });
});

describe('exchange holidays', () => {
  it('have no trades and no bars', () => {
    const { services } = domain();
    const instrument = aapl(services);
    const hours = hoursOf(instrument.exchange);
    const christmas = Date.parse('2024-12-25T17:00:00Z');
    expect(isTradingDay(dayAt(hours, christmas))).toBe(false);
    const ticks = services.brokerage.market.path.ticks(instrument);
    expect(ticks.some((tick) => dayAt(hours, tick.t).index === dayAt(hours, christmas).index)).toBe(
      false,
    );
    expect(
      ticks.some((tick) => dayAt(hours, tick.t).index === dayAt(hours, christmas).index - 1),
    ).toBe(true);
  });
});

describe('daylight saving time', () => {
  it("moves New York's regular session an hour in UTC, and places each hour of the switch day", () => {
    const hours = hoursOf('NASDAQ');
    // Clocks in New York went forward on Sunday 9 March 2025 at 07:00 UTC (02:00 EST).
    expect(inRegularHours(hours, Date.parse('2025-03-07T13:45:00Z'))).toBe(false);
    expect(inRegularHours(hours, Date.parse('2025-03-07T14:45:00Z'))).toBe(true);
    expect(inRegularHours(hours, Date.parse('2025-03-10T13:45:00Z'))).toBe(true);
    const localDate = (exchange: typeof hours, iso: string) =>
      new Date(dayAt(exchange, Date.parse(iso)).index * 86_400_000).toISOString().slice(0, 10);
    const localDay = (iso: string) => localDate(hours, iso);
    expect(localDay('2025-03-09T04:30:00Z')).toBe('2025-03-08'); // 23:30 EST
    expect(localDay('2025-03-09T05:30:00Z')).toBe('2025-03-09'); // 00:30 EST
    expect(localDay('2025-03-10T03:30:00Z')).toBe('2025-03-09'); // 23:30 EDT
    expect(localDay('2025-03-10T04:30:00Z')).toBe('2025-03-10'); // 00:30 EDT
    // Berlin went forward on 30 March 2025 at 01:00 UTC: later that UTC day its date turns sooner.
    const xetra = hoursOf('IBIS');
    const berlinDay = (iso: string) => localDate(xetra, iso);
    expect(berlinDay('2025-03-29T22:30:00Z')).toBe('2025-03-29'); // 23:30 CET
    expect(berlinDay('2025-03-30T22:30:00Z')).toBe('2025-03-31'); // 00:30 CEST
  });
});

describe('a reset with another seed', () => {
  it('builds the seeded history from the new seed, and the same seed gives the same history', () => {
    const { services } = domain();
    const { brokerage } = services;
    const pathOf = () => brokerage.market.path.ticks(aapl(services)).slice(0, 50);
    const first = pathOf();
    brokerage.load(undefined, 7);
    const reseeded = pathOf();
    expect(reseeded).not.toEqual(first);
    brokerage.load(undefined, 1);
    expect(pathOf()).toEqual(first);
    brokerage.load(undefined, 7);
    expect(pathOf()).toEqual(reseeded);
  });
});
