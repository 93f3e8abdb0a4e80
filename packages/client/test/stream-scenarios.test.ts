// The control API's scenarios as the socket shows them, both ways: a naive program fails, the
// typed streaming client recovers where the service lets it. Snapshot fields that accumulate (the
// feed carries every field subscribed so far: each subscription yields the fields it asked), the
// penalty box (the socket refused until the box ends: the client opens it again and subscribes
// again), reply ids that expire (`sor` shows only the order placed again).
import { ManualClock, type BrokerageServer } from '@brokerage/server';
import { startLoopbackServer, type LoopbackServer } from '@brokerage/server/testing';
import WebSocket from 'ws';
import {
  createBrokerageClient,
  createStreamingClient,
  ReplyInvalidatedError,
  sessionCookie,
  type OrderRequest,
  type StreamingClient,
} from '../src/index.js';
import { farLimitBuy, slowOnce } from './support/expiring-replies.js';

type Session = ReturnType<BrokerageServer['brokerage']['sessions']['open']>;

const AAPL = 265598;
const user = 'demo_individual';
const accountId = 'U1234567';
/** The order of support/expiring-replies.ts, with a client order id to see on `sor`. */
const keptRefBuy: OrderRequest = { ...farLimitBuy, cOID: 'kept-ref' };

/** The field codes of an `smd` message, without the identifiers sent with every first update. */
const fieldCodes = (message: object) =>
  Object.keys(message).filter((key) => /^\d+$/.test(key) && key !== '6119' && key !== '6509');

describe('scenarios on the socket', () => {
  let server: BrokerageServer;
  let clock: ManualClock;
  let loopback: LoopbackServer;
  let baseUrl = '';
  let session: Session;
  beforeEach(async () => {
    clock = new ManualClock();
    loopback = await startLoopbackServer({ clock, streaming: { validateMessages: true } });
    ({ server, baseUrl } = loopback);
    const account = server.brokerage.user(user);
    if (!account) throw new Error('no demo user');
    session = server.brokerage.sessions.open(account, { origin: 'control', brokerageOpen: true });
  });
  afterEach(() => loopback.close());

  const streamOf = (options: { reconnect?: false } = {}): StreamingClient =>
    createStreamingClient({
      url: baseUrl,
      WebSocket,
      headers: { cookie: `api=${session.id}` },
      clock,
      ...options,
    });
  const httpClient = () =>
    createBrokerageClient({
      baseUrl,
      auth: sessionCookie(session.id),
      pacing: false,
      clock,
      timeoutMs: 24 * 60 * 60_000,
    });
  /** Lets the event loop run (frames and requests go over the network). */
  const turns = async (count = 50) => {
    for (let turn = 0; turn < count; turn++) await new Promise((resolve) => setImmediate(resolve));
  };
  /** Reads an iterator into a list as its messages arrive. */
  function collect<Message>(messages: AsyncIterable<Message>): Message[] {
    const read: Message[] = [];
    void (async () => {
      for await (const message of messages) read.push(message);
    })();
    return read;
  }
  const until = async (done: () => boolean) => {
    for (let step = 0; step < 200 && !done(); step++) await turns(5);
    expect(done()).toBe(true);
  };

  it('snapshot fields that accumulate: the raw feed carries both subscriptions; each subscription yields what it asked', async () => {
    server.controls.accumulateSnapshotFields(user);
    const stream = streamOf();
    const raw = collect(stream.messages());
    const bids = collect(stream.subscribe('marketData', AAPL, ['84']));
    await until(() => bids.length > 0);
    const lasts = collect(stream.subscribe('marketData', AAPL, ['31']));
    await until(() => lasts.length > 0);
    await stream.echo();

    // A program that reads the feed as the answer to its latest subscription gets the bid too.
    const feed = raw.filter((message) => 'topic' in message && message.topic === `smd+${AAPL}`);
    expect(fieldCodes(feed.at(-1) ?? {})).toEqual(['31', '84']);
    // The typed subscriptions each yield their own fields.
    expect(lasts.map(fieldCodes)).toEqual([['31']]);
    expect(bids.map(fieldCodes)).toEqual([['84'], ['84']]);
    stream.close();
  });

  it('the penalty box: a client that does not reconnect stays shut out; the typed client opens the socket again once the box ends', async () => {
    server.controls.putInPenaltyBox(user, 2 * 60_000);
    const naive = streamOf({ reconnect: false });
    const naiveQuotes = collect(naive.subscribe('marketData', AAPL, ['31']));
    const typed = streamOf();
    const quotes = collect(typed.subscribe('marketData', AAPL, ['31']));
    // Within the box (2 minutes of the clock), every attempt to open the socket is refused.
    for (let second = 10; second < 120; second += 10) {
      clock.advance(10_000);
      server.brokerage.sessions.touch(server.brokerage.sessions.current(session));
      await turns();
      expect(quotes).toEqual([]);
    }
    // Past the box: the typed client's next attempt (its wait doubles up to 30 s) gets through.
    for (let step = 0; step < 4 && quotes.length === 0; step++) {
      clock.advance(10_000);
      server.brokerage.sessions.touch(server.brokerage.sessions.current(session));
      await turns();
    }
    await until(() => quotes.length > 0);
    expect(quotes[0]).toMatchObject({ '31': '189.50' });
    expect(naiveQuotes).toEqual([]);
    naive.close();
    typed.close();
  });

  it('reply ids that expire: sor shows nothing of a dropped order, and the order placeOrder placed again', async () => {
    const client = httpClient();
    await client.GET('/v1/api/iserver/accounts');
    const stream = streamOf();
    const updates = collect(stream.subscribe('orders'));
    await until(() => updates.length > 0);
    server.controls.expireReplyIds(user, 60_000);

    // A naive program waits on sor for the order it confirmed: it never comes.
    await expect(
      client.placeOrder(accountId, keptRefBuy, { answer: slowOnce(clock), resubmitExpired: 0 }),
    ).rejects.toBeInstanceOf(ReplyInvalidatedError);
    await stream.echo();
    expect(updates).toEqual([{ topic: 'sor', args: [] }]);

    const [placed] = await client.placeOrder(accountId, keptRefBuy, { answer: slowOnce(clock) });
    await until(() => updates.length > 1);
    const orderIds = updates.flatMap((update) => update.args.map((row) => row.orderId));
    expect(new Set(orderIds)).toEqual(new Set([Number(placed?.order_id)]));
    expect(updates[1]?.args[0]).toMatchObject({ order_ref: 'kept-ref' });
    stream.close();
  });
});
