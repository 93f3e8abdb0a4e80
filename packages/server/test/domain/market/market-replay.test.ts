// The market replay: bars read from a CSV or a history answer drive the one price path on the
// clock (fills, alerts, history, snapshots). No HTTP.
import { readFileSync } from 'node:fs';
import { barsFromCsv } from '../../../src/domain/market/replay/csv-bars.js';
import { replayBarsOf } from '../../../src/domain/market/replay/market-data-source.js';
import { checkBars, type SourceBar } from '../../../src/domain/market/replay/replay-bars.js';
import { tradesOfBar } from '../../../src/domain/market/replay/bar-path.js';
import { marketStateAt } from '../../../src/domain/market/market-state.js';
import { AAPL, defined, limitBuy } from '../../trading-helpers.js';
import { accountId, domain, withoutOptions } from '../services.js';

const exampleCsv = readFileSync(
  new URL('../../../../../docs/examples/market-replay-day.csv', import.meta.url),
  'utf8',
);
const newYork = 'America/New_York';
/** 08:00 in New York on the example's day: before its first bar (09:30). */
const beforeTheDay = Date.parse('2026-01-06T13:00:00Z');
const minuteMs = 60_000;

const csv = (...rows: string[]) => ['time,open,high,low,close,volume', ...rows].join('\n');
const errorOf = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected an error');
};

describe('the market replay', () => {
  describe('reading and checking bars', () => {
    it('reads the common layouts: header names in any case, date and time apart, epoch times', () => {
      const [split] = barsFromCsv(
        'Date;Time;OPEN;High;low;Close;Vol\n2026-01-06;09:30;1;2;0.5;1.5;10',
        newYork,
      );
      expect(split).toMatchObject({
        t: Date.parse('2026-01-06T14:30:00Z'),
        o: 1,
        h: 2,
        l: 0.5,
        c: 1.5,
        v: 10,
      });
      const [epoch] = barsFromCsv('timestamp,o,h,l,c\n1767709800,1,2,0.5,1.5', newYork);
      expect(epoch).toMatchObject({ t: 1767709800_000, v: undefined });
      const [zoned] = barsFromCsv(
        'datetime,open,high,low,close\n2026-01-06T14:30:00Z,1,2,0.5,1.5',
        newYork,
      );
      expect(zoned?.t).toBe(Date.parse('2026-01-06T14:30:00Z'));
    });

    it('names the row of a non-number, unsorted times, a high below the low and a gap', () => {
      expect(errorOf(() => barsFromCsv(csv('2026-01-06 09:30,1,x,1,1,5'), newYork))).toBe(
        'row 2: high "x" is not a number',
      );
      const check =
        (...rows: string[]) =>
        () =>
          checkBars(barsFromCsv(csv(...rows), newYork), 'NASDAQ');
      expect(errorOf(check('2026-01-06 09:31,1,1,1,1,5', '2026-01-06 09:30,1,1,1,1,5'))).toMatch(
        /^row 3: time 2026-01-06T14:30:00.000Z is not after 2026-01-06T14:31:00.000Z \(row 2\)/,
      );
      expect(errorOf(check('2026-01-06 09:30,1,1,2,1,5'))).toBe('row 2: high 1 is below low 2');
      expect(
        errorOf(
          check(
            '2026-01-06 09:30,1,1,1,1,5',
            '2026-01-06 09:31,1,1,1,1,5',
            '2026-01-06 09:34,1,1,1,1,5',
          ),
        ),
      ).toMatch(
        /^row 4: gap: no bar between 2026-01-06T14:31:00.000Z \(row 3\) and 2026-01-06T14:34:00.000Z/,
      );
      // The night between two days is no gap.
      expect(() =>
        check('2026-01-06 15:59,1,1,1,1,5', '2026-01-07 09:30,1,1,1,1,5')(),
      ).not.toThrow();
    });

    it('reads a saved history answer, naming the bar at fault', () => {
      const { services } = domain(withoutOptions, beforeTheDay);
      const instrument = defined(services.brokerage.market.instrument(AAPL));
      const history = {
        barLength: 60,
        data: [{ t: 1767709800000, o: 1, h: 2, l: 0.5, c: 1.5, v: 3 }],
      };
      expect(replayBarsOf({ history }, instrument)).toMatchObject({ barMs: minuteMs });
      history.data.push({ t: 1767709860000, o: 1, h: 2, l: 0.5, c: 9, v: 3 });
      expect(errorOf(() => replayBarsOf({ history }, instrument))).toBe(
        "data[1]: close 9 is outside the bar's range 0.5 to 2",
      );
    });

    it('visits open, low, high, close in a rising bar and open, high, low, close in a falling one', () => {
      const bar = (o: number, c: number): SourceBar => ({
        where: '',
        t: 0,
        o,
        h: 3,
        l: 1,
        c,
        v: 10,
      });
      expect(tradesOfBar(bar(2, 2.5), minuteMs).map(({ t, price }) => [t, price])).toEqual([
        [0, 2],
        [15_000, 1],
        [30_000, 3],
        [45_000, 2.5],
      ]);
      expect(tradesOfBar(bar(2, 1.5), minuteMs).map((trade) => trade.price)).toEqual([
        2, 3, 1, 1.5,
      ]);
      expect(tradesOfBar(bar(2, 2), minuteMs).map((trade) => trade.size)).toEqual([2, 2, 2, 4]);
    });
  });

  describe('a replayed day of one-minute bars', () => {
    const bars = barsFromCsv(exampleCsv, newYork);
    const limit = 99;
    /** The first bar whose range reaches the limit. */
    const crossing = bars.findIndex((bar) => bar.l <= limit);

    it('fills a limit order and triggers an alert at the first bar that crosses them, and shows the bars exactly', () => {
      expect(crossing).toBeGreaterThan(1);
      const { services, session, clock } = domain(withoutOptions, beforeTheDay);
      const { brokerage } = services;
      services.replays.start(AAPL, { csv: exampleCsv });
      const instrument = defined(brokerage.market.instrument(AAPL));
      // The day's volume so far: the seeded trades before the opening.
      const before = defined(marketStateAt(instrument, brokerage.market.path, clock.now())).volume;
      clock.set(defined(bars[1]).t); // the first bar is over
      expect(services.orders.place(session, accountId, [limitBuy(10, limit)]).kind).toBe(
        'transmitted',
      );
      services.alerts.upsert(session, accountId, {
        alertName: 'AAPL down',
        alertRepeatable: 0,
        outsideRth: 0,
        tif: 'GTC',
        conditions: [
          {
            conidex: `${AAPL}@SMART`,
            type: 1,
            operator: '<=',
            triggerMethod: 0,
            value: String(limit),
            logicBind: 'n',
          },
        ],
      });
      let filledAt: number | undefined;
      let triggeredAt: number | undefined;
      for (let index = 1; index < bars.length; index++) {
        clock.advance(minuteMs);
        const [order] = services.orders.list(session, accountId);
        if (order?.status === 'Filled') filledAt ??= index;
        if (
          brokerage.store
            .collection('alerts')
            .values()
            .some((alert) => alert.triggered)
        )
          triggeredAt ??= index;
      }
      expect(filledAt).toBe(crossing);
      expect(triggeredAt).toBe(crossing);

      const { history } = services.marketData.history({ conid: AAPL, period: '1d', bar: '1min' });
      expect(history.bars).toEqual(bars.map(({ t, o, h, l, c, v }) => ({ t, o, h, l, c, v })));

      const state = defined(marketStateAt(instrument, brokerage.market.path, clock.now()));
      expect(state).toMatchObject({
        last: { price: defined(bars.at(-1)).c },
        open: defined(bars[0]).o,
        high: Math.max(...bars.map((bar) => bar.h)),
        low: Math.min(...bars.map((bar) => bar.l)),
        volume: before + bars.reduce((sum, bar) => sum + (bar.v ?? 0), 0),
      });
      expect(services.replays.list()).toEqual([
        expect.objectContaining({ conid: AAPL, bars: 390, replayed: 390 }),
      ]);
    });

    it('refuses bars that start before the clock, unless moved to a later day', () => {
      const { services } = domain(withoutOptions, Date.parse('2026-01-07T13:00:00Z'));
      expect(errorOf(() => services.replays.start(AAPL, { csv: exampleCsv }))).toMatch(
        /^The bars of 265598 start at 2026-01-06T14:30:00.000Z, before the clock's time/,
      );
      expect(services.replays.start(AAPL, { csv: exampleCsv, day: '2026-01-08' }).from).toBe(
        Date.parse('2026-01-08T14:30:00Z'),
      );
    });
  });
});
