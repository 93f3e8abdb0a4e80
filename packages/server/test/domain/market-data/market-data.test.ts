// Market data without HTTP: snapshots and their subscriptions, delayed exchanges, history bars,
// the historical service's preflight, the regulatory snapshot's fee, and scans.
import { defined } from '../../trading-helpers.js';
import { AAPL, BRK_B, MSFT, SAP_IBIS } from '../../trading-helpers.js';
import { accountId, domain, domainErrorOf } from '../services.js';

describe('snapshots and subscriptions', () => {
  it('needs the accounts queried first in the session', () => {
    const { services, session } = domain();
    session.accountsQueried = false;
    expect(domainErrorOf(() => services.marketData.snapshot(session, [AAPL]))).toEqual({
      kind: 'badRequest',
      message: 'Please query /iserver/accounts first',
    });
  });

  it('answers no fields to the first request of a contract, which subscribes; fields after', () => {
    const { services, session } = domain();
    const { marketData } = services;
    expect(marketData.snapshot(session, [AAPL, 1])).toEqual([
      { conid: AAPL, subscribed: false },
      { conid: 1, subscribed: false },
    ]);
    const [aapl, unknown] = marketData.snapshot(session, [AAPL, 1]);
    expect(aapl).toMatchObject({ conid: AAPL, subscribed: true, availability: 'RpB' });
    expect(unknown).toEqual({ conid: 1, subscribed: false });
  });

  it('ends subscriptions one by one or all at once; ending one that is not there fails', () => {
    const { services, session } = domain();
    const { marketData } = services;
    marketData.snapshot(session, [AAPL, MSFT]);
    marketData.unsubscribe(session, AAPL);
    expect(domainErrorOf(() => marketData.unsubscribe(session, AAPL))).toEqual({
      kind: 'rejected',
      message: `No market data subscription for contract ${AAPL}`,
    });
    marketData.unsubscribeAll(session);
    expect(marketData.snapshot(session, [MSFT])).toEqual([{ conid: MSFT, subscribed: false }]);
  });

  it('serves the exchanges a user has no real-time data on delayed', () => {
    const { services, session, clock } = domain();
    const { marketData, brokerage } = services;
    const sap = defined(brokerage.market.instrument(SAP_IBIS), 'SAP on IBIS');
    expect(marketData.availability(session, sap)).toBe('DpB');
    expect(marketData.availability(session, defined(brokerage.market.instrument(AAPL)))).toBe(
      'RpB',
    );
    clock.advance(60_000);
    expect(marketData.streamEntry(session, SAP_IBIS)).toMatchObject({ availability: 'DpB' });
  });
});

describe('history', () => {
  it('answers bars of the price path inside the interval, in time order', () => {
    const { marketData } = domain().services;
    const { history, request } = marketData.history({ conid: AAPL, period: '2d', bar: '1h' });
    expect(request).toMatchObject({ direction: -1, source: 'Last', outsideRth: false });
    expect(history.bars.length).toBeGreaterThan(0);
    const times = history.bars.map((bar) => bar.t);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    for (const bar of history.bars) {
      expect(bar.t).toBeGreaterThanOrEqual(history.from);
      expect(bar.t).toBeLessThanOrEqual(history.to); // the bar in progress starts at the end
      expect(bar.h).toBeGreaterThanOrEqual(Math.max(bar.o, bar.c));
      expect(bar.l).toBeLessThanOrEqual(Math.min(bar.o, bar.c));
    }
  });

  it('refuses what it cannot answer with 400', () => {
    const { marketData } = domain().services;
    const refused = (query: Parameters<typeof marketData.history>[0]) =>
      domainErrorOf(() => marketData.history(query));
    expect(refused({ conid: 1, period: '1d', bar: '1h' })).toEqual({
      kind: 'badRequest',
      message: 'Contract 1 does not exist',
    });
    expect(refused({ conid: BRK_B, period: '1d', bar: '1h' })).toEqual({
      kind: 'badRequest',
      message: `No market data for contract ${BRK_B}`,
    });
    expect(refused({ conid: AAPL, period: '1d', bar: '1h', startTime: 'yesterday' })).toMatchObject(
      {
        kind: 'badRequest',
      },
    );
    expect(refused({ conid: AAPL, period: '1d', bar: '1h', direction: 1 })).toEqual({
      kind: 'badRequest',
      message: 'direction 1 needs a startTime',
    });
    expect(refused({ conid: AAPL, period: '99x', bar: '1h' })).toMatchObject({
      kind: 'badRequest',
    });
  });

  it("answers 404 to a session's first historical-service request while the service starts", () => {
    const { services, session } = domain();
    const { marketData } = services;
    const query = { conid: AAPL, period: '1d', bar: '1h' };
    expect(domainErrorOf(() => marketData.hmdsHistory(session, query))).toEqual({
      kind: 'notFound',
      message: 'Historical market data service starting: request again',
    });
    expect(marketData.hmdsHistory(session, query).history.bars.length).toBeGreaterThan(0);
  });
});

describe('regulatory snapshots', () => {
  it("charges the selected account a cent where the user's data is delayed, nothing elsewhere", () => {
    const { services, session } = domain();
    const { marketData, brokerage } = services;
    const cash = () => defined(brokerage.account(accountId)).cash.USD;
    const before = cash();
    expect(marketData.regulatorySnapshot(session, AAPL).state).toBeDefined();
    expect(cash()).toBe(before);
    marketData.regulatorySnapshot(session, SAP_IBIS);
    expect(cash()).toBeCloseTo((before ?? 0) - 0.01, 10);
  });
});

describe('scans', () => {
  it('ranks the contracts of the location, best first, bounded by the limit', () => {
    const { services, session } = domain();
    const { marketData, brokerage } = services;
    brokerage.market.setPrice(AAPL, 250);
    const request = { instrument: 'STK', type: 'TOP_PERC_GAIN', location: 'STK.US.MAJOR' };
    const all = marketData.scan(request);
    expect(all.contracts[0]?.instrument.conid).toBe(AAPL);
    expect(marketData.scan(request, 1).contracts).toHaveLength(1);
    expect(marketData.scan(request, 1).total).toBe(all.total);
    const exchanges = new Set(all.contracts.map(({ instrument }) => instrument.exchange));
    expect([...exchanges].every((exchange) => ['NASDAQ', 'NYSE'].includes(exchange))).toBe(true);

    expect(domainErrorOf(() => marketData.hmdsScan(session, {}))).toMatchObject({
      kind: 'notFound',
    });
    const hmds = { instrument: 'STK', scanCode: 'TOP_PERC_GAIN', locations: 'STK.US.MAJOR' };
    expect(marketData.hmdsScan(session, hmds).id).toBe('scanner1');
    expect(marketData.hmdsScan(session, hmds).id).toBe('scanner2');
  });
});
