// sandbox.replayMarket: a test drives a contract's price from bars (a CSV text, or bars as
// values) and sees its orders fill exactly as the bars allow, through the typed client.
import { useSandbox } from '../src/index.js';

// The clock moves a day: the gateway's session stays open meanwhile.
const brokerage = useSandbox({ sessionTimeoutMs: 7 * 24 * 3_600_000 });
const account = 'U1234567';
const AAPL = 265598;
const minuteMs = 60_000;
const dayMs = 24 * 60 * minuteMs;
/** The sandbox's clock starts on Monday 2026-01-05; these bars are Tuesday's first minutes in
 * New York (AAPL's exchange). */
const csv = [
  'Date,Time,Open,High,Low,Close,Volume',
  '2026-01-06,09:30,100,100.5,99.8,100.2,1000',
  '2026-01-06,09:31,100.2,100.3,99.4,99.6,1200',
  '2026-01-06,09:32,99.6,99.9,99.5,99.7,900',
].join('\n');
const opening = Date.parse('2026-01-06T14:30:00Z');

const orderStatus = async (orderId: string) =>
  (
    await brokerage.client.ok(
      brokerage.client.GET('/v1/api/iserver/account/order/status/{orderId}', {
        params: { path: { orderId } },
      }),
    )
  ).order_status;

describe('sandbox.replayMarket', () => {
  it('replays a CSV: a limit order fills at the first bar whose range reaches it', async () => {
    expect(brokerage.replayMarket(AAPL, csv)).toMatchObject({ conid: AAPL, bars: 3 });
    brokerage.clock.set(opening + minuteMs); // the first bar is over: its low was 99.8
    await brokerage.client.GET('/v1/api/iserver/accounts');
    const [entry] = await brokerage.client.placeOrder(account, {
      conid: AAPL,
      orderType: 'LMT',
      side: 'BUY',
      price: 99.5,
      quantity: 1,
      tif: 'DAY',
    });
    const orderId = String(entry?.order_id);
    expect(await orderStatus(orderId)).not.toBe('Filled');
    brokerage.clock.advance(minuteMs); // the second bar reaches 99.4
    expect(await orderStatus(orderId)).toBe('Filled');
  });

  it('replays bars given as values, moved to another day, and throws naming the bar at fault', () => {
    // The clock goes on across tests: Wednesday's session is still to come.
    const bars = [{ t: opening, o: 50, h: 51, l: 49, c: 50.5, v: 10 }];
    expect(brokerage.replayMarket(AAPL, { bars, day: '2026-01-07' }).from).toBe(opening + dayMs);
    brokerage.clock.set(opening + dayMs + minuteMs);
    expect(brokerage.server.brokerage.market.price(AAPL)).toBe(50.5);
    expect(() =>
      brokerage.replayMarket(AAPL, [{ t: opening + 2 * dayMs, o: 50, h: 49, l: 51, c: 50 }]),
    ).toThrow('bars[0]: high 49 is below low 51');
  });
});
