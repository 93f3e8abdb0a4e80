import {
  fieldsParameter,
  snapshotNumber,
  viewSnapshot,
  type BrokerageClient,
} from '../src/index.js';
import { setup, type Setup } from './support/server.js';

const AAPL = 265598; // last 189.50 in the fixtures

describe('snapshot fields', () => {
  it('maps readable names to the service codes', () => {
    expect(fieldsParameter(['last', 'bid', 'ask'])).toBe('31,84,86');
  });

  it('parses the service strings to numbers', () => {
    expect(snapshotNumber('189.50')).toBe(189.5);
    expect(snapshotNumber('C188.95')).toBe(188.95);
    expect(snapshotNumber('H12.00')).toBe(12);
    expect(snapshotNumber('-0.29%')).toBe(-0.29);
    expect(snapshotNumber('3.41M')).toBe(3_410_000);
    expect(snapshotNumber('12.5K')).toBe(12_500);
    expect(snapshotNumber('1,234.5')).toBe(1234.5);
    expect(snapshotNumber('APPLE INC')).toBeUndefined();
    expect(snapshotNumber(undefined)).toBeUndefined();
  });

  it('reads an entry by name, with its numbers, prefixes and availability', () => {
    const view = viewSnapshot({
      conid: AAPL,
      conidEx: String(AAPL),
      _updated: 0,
      '31': 'C188.95',
      '84': '188.93',
      '55': 'AAPL',
      '6509': 'DpB',
    });
    expect(view).toEqual({
      conid: AAPL,
      raw: { last: 'C188.95', bid: '188.93', symbol: 'AAPL', availability: 'DpB' },
      numbers: { last: 188.95, bid: 188.93 },
      lastIsPriorClose: true,
      halted: false,
      delayed: true,
    });
  });
});

describe('market data helpers against the reference server', () => {
  let env: Setup;
  let client: BrokerageClient;
  beforeEach(async () => {
    env = await setup();
    client = env.client({ pacing: false });
    await env.drive(client.ok(client.GET('/v1/api/iserver/accounts')));
  });
  afterEach(() => env.close());

  it('marketSnapshot asks again until the fields arrive', async () => {
    const [view] = await env.drive(client.marketSnapshot([AAPL], ['last', 'bid', 'ask']));
    expect(view?.numbers).toEqual({
      last: 189.5,
      bid: expect.any(Number),
      ask: expect.any(Number),
    });
    const snapshots = env.sent.filter((entry) => entry.endpoint.endsWith('/marketdata/snapshot'));
    expect(snapshots).toHaveLength(2);
  });

  it('marketHistory answers typed bars with real times, ending at the last price', async () => {
    const history = await env.drive(client.marketHistory({ conid: AAPL, period: '1w', bar: '1d' }));
    expect(history.symbol).toBe('AAPL');
    expect(history.barSeconds).toBe(86_400);
    expect(history.bars.length).toBeGreaterThan(0);
    expect(history.bars.at(-1)?.time).toBeInstanceOf(Date);
    expect(history.bars.at(-1)?.close).toBe(189.5);
  });

  it('hmdsHistory asks again past the starting 404 and answers the same bars', async () => {
    const query = { conid: AAPL, period: '1w', bar: '1d' };
    const hmds = await env.drive(client.hmdsHistory(query));
    const iserver = await env.drive(client.marketHistory(query));
    expect(hmds.bars).toEqual(iserver.bars);
    expect(hmds.to).toBeInstanceOf(Date);
    expect(hmds.bars.at(-1)?.close).toBe(189.5);
  });

  it('reads the position fields by name', async () => {
    const [view] = await env.drive(
      client.marketSnapshot([AAPL], ['marketValue', 'unrealizedPnlPercent']),
    );
    expect(view?.numbers.marketValue).toBe(18_950);
    expect(view?.numbers.unrealizedPnlPercent).toBeCloseTo(11.31, 2);
  });
});
