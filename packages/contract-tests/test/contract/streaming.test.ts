// The WebSocket /v1/api/ws: the typed streaming client against the server, every message checked
// against the streaming document and counted for the message coverage (src/stream-coverage.ts).
import { StreamError, type StreamingClient } from '@brokerage/client';
import type { streaming } from '@brokerage/types';
import { contractStream } from '../../src/stream.js';
import { controls, describeInProcess, type InProcess } from '../../src/target.js';
import { useTarget } from '../support/target.js';

const AAPL = 265598;

type Message = streaming.ServerMessage;

/** The next message of an iterator that `match` accepts. */
async function nextWhere<M>(
  messages: AsyncIterator<M>,
  match: (message: M) => boolean = () => true,
): Promise<M> {
  for (;;) {
    const { value, done } = await messages.next();
    if (done) throw new Error('the stream ended');
    if (match(value)) return value;
  }
}

const topicOf = (message: Message) => ('topic' in message ? message.topic : undefined);

describeInProcess('streaming over the socket', () => {
  const suite = useTarget();
  let stream: StreamingClient;
  let server: InProcess;
  let accountId = '';

  beforeAll(async () => {
    server = controls(suite.target);
    const { data } = await suite.client.GET('/v1/api/iserver/accounts');
    accountId = data?.accounts?.[0] ?? '';
  });
  beforeEach(() => {
    stream = contractStream(suite.target);
  });
  afterEach(() => stream.close());

  it('opens with the session status, the greeting and the accounts, then beats', async () => {
    const all = stream.messages();
    expect(await all.next()).toMatchObject({
      value: { topic: 'sts', args: { authenticated: true } },
    });
    expect(await all.next()).toMatchObject({
      value: { topic: 'system', success: 'demo_individual' },
    });
    expect(await all.next()).toMatchObject({
      value: { topic: 'act', args: { selectedAccount: accountId } },
    });
    server.clock.advance(10_000);
    expect(await all.next()).toEqual({
      value: { topic: 'system', hb: server.clock.now() },
      done: false,
    });
  });

  it('streams smd, sor, str and spl to the typed client through a seeded price walk', async () => {
    const all = stream.messages();
    const quotes = stream.subscribe('marketData', AAPL, ['31']);
    const orders = stream.subscribe('orders');
    const trades = stream.subscribe('trades', { realtimeUpdatesOnly: true });
    const pnl = stream.subscribe('pnl');
    const start = (await quotes.next()).value;
    expect(start).toMatchObject({ topic: `smd+${AAPL}`, conid: AAPL, '31': expect.any(String) });
    await orders.next();
    await pnl.next();

    const [placed] = await suite.client.placeOrder(
      accountId,
      { conid: AAPL, orderType: 'MKT', side: 'BUY', tif: 'DAY', quantity: 3 },
      { answer: () => true },
    );
    const orderId = Number(placed?.order_id);
    const submitted = await nextWhere(orders, (m) => m.args.some((o) => o.orderId === orderId));
    expect(submitted.args[0]).toMatchObject({
      acct: accountId,
      orderId,
      conid: AAPL,
      status: 'Submitted',
    });

    server.server.controls.walkPrices({
      conids: [AAPL],
      steps: 3,
      stepPercent: 1,
      intervalMs: 1000,
    });
    server.clock.advance(1000);
    // The market order filled at once, at the last price: heard Submitted, then Filled.
    const trade = (await trades.next()).value;
    expect(trade?.args[0]).toMatchObject({ conid: AAPL, side: 'B', size: 3 });
    const profit = (await pnl.next()).value;
    expect(profit?.args[`${accountId}.Core`]).toMatchObject({ rowType: 1 });
    const filled = await nextWhere(orders, (m) => m.args.some((o) => o.status === 'Filled'));
    expect(filled.args[0]).toMatchObject({ orderId, status: 'Filled', filledQuantity: 3 });
    const notice = await nextWhere(all, (m) => topicOf(m) === 'ntf');
    expect(notice).toMatchObject({ topic: 'ntf', args: { id: 'PF' } });

    // Each step of the walk: one message with the new last price, as the HTTP snapshot shows it
    // at the same instant.
    const snapshot = () =>
      suite.client.GET('/v1/api/iserver/marketdata/snapshot', {
        params: { query: { conids: String(AAPL), fields: '31' } },
      });
    await snapshot();
    for (let step = 1; step <= 3; step++) {
      if (step > 1) server.clock.advance(1000);
      const last = (await snapshot()).data?.[0]?.['31'];
      expect((await quotes.next()).value).toEqual({
        topic: `smd+${AAPL}`,
        conid: AAPL,
        _updated: server.clock.now(),
        '31': last,
      });
    }
  });

  it('streams the account summary, the ledger, the price ladder and history bars', async () => {
    const all = stream.messages();
    const summaries = stream.subscribe('accountSummary', accountId);
    const summary = (await summaries.next()).value;
    expect(summary?.result).toEqual(
      expect.arrayContaining([expect.objectContaining({ key: 'NetLiquidation-S' })]),
    );
    const ledgers = stream.subscribe('ledger', accountId);
    const ledger = (await ledgers.next()).value;
    expect(ledger?.result).toEqual(
      expect.arrayContaining([expect.objectContaining({ key: 'LedgerListBASE' })]),
    );
    const confirmed = (m: Message) => 'result' in m && typeof m.result === 'string';
    summaries.unsubscribe();
    expect(await nextWhere(all, confirmed)).toEqual({ result: 'unsubscribed from summary' });
    ledgers.unsubscribe();
    expect(await nextWhere(all, confirmed)).toEqual({ result: 'unsubscribed from ledger' });
    const ladder = (await stream.subscribe('priceLadder', accountId, AAPL).next()).value;
    expect(ladder?.data.map((row: { row: number }) => row.row)).toEqual([0, 1, 2]);
    const bars = stream.subscribe('history', AAPL, { period: '1d', bar: '1h' });
    const history = (await bars.next()).value;
    expect(history).toMatchObject({ topic: `smh+${AAPL}`, barLength: 3600 });
    bars.unsubscribe();
    const stopped = await nextWhere(all, (m) => 'message' in m);
    expect(stopped).toEqual({ message: `Unsubscribed ${history?.serverId ?? ''}` });
  });

  it("answers tic with the session's last access, and echoes ech+hb", async () => {
    stream.close();
    stream = contractStream(suite.target, { clock: server.clock, ticIntervalMs: 60_000 });
    const all = stream.messages();
    await nextWhere(all, (m) => topicOf(m) === 'act');
    server.clock.advance(60_000);
    expect(await nextWhere(all, (m) => topicOf(m) === 'tic')).toMatchObject({
      topic: 'tic',
      alive: true,
      lastAccessed: expect.any(Number) as number,
    });
    await expect(stream.echo()).resolves.toBeUndefined();
  });

  it('sends bulletins to every socket', async () => {
    const all = stream.messages();
    await nextWhere(all, (m) => topicOf(m) === 'act');
    const { id } = server.server.controls.postBulletin('Exchange maintenance at 17:00.');
    expect(await nextWhere(all, (m) => topicOf(m) === 'blt')).toEqual({
      topic: 'blt',
      args: { id, message: 'Exchange maintenance at 17:00.' },
    });
  });

  it('ends a subscription the service answers with an error', async () => {
    const unknown = stream.subscribe('marketData', 1, ['31']);
    await expect(unknown.next()).rejects.toBeInstanceOf(StreamError);
  });
});
