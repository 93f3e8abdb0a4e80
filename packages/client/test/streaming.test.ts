// The typed streaming client: subscriptions as async iterators against the reference server, and
// its tic and reconnection on an injected clock with a scripted socket.
import { ManualClock, type BrokerageServer } from '@brokerage/server';
import { startLoopbackServer, type LoopbackServer } from '@brokerage/server/testing';
import WebSocket from 'ws';
import { testRequestTimeoutMs } from './auth-support.js';
import {
  createBrokerageClient,
  createStreamingClient,
  sessionCookie,
  sessionOf,
  StreamError,
  type WebSocketLike,
} from '../src/index.js';

const AAPL = 265598;

describe('the streaming client against the reference server', () => {
  let loopback: LoopbackServer;
  let server: BrokerageServer;
  let baseUrl = '';
  beforeEach(async () => {
    loopback = await startLoopbackServer({ mode: 'hosted', streaming: { validateMessages: true } });
    ({ server, baseUrl } = loopback);
  });
  afterEach(() => loopback.close());

  it('joins the HTTP client session and streams typed market data', async () => {
    const user = server.brokerage.user('demo_individual');
    if (!user) throw new Error('no demo user');
    const { id } = server.brokerage.sessions.open(user, { origin: 'control', brokerageOpen: true });
    const http = createBrokerageClient({
      baseUrl,
      auth: sessionCookie(id),
      pacing: false,
      timeoutMs: testRequestTimeoutMs,
    });
    const stream = createStreamingClient({
      url: baseUrl,
      WebSocket,
      session: sessionOf(http),
    });
    const quotes = stream.subscribe('marketData', AAPL, ['31', '84']);
    const first = await quotes.next();
    expect(first.value).toMatchObject({ topic: `smd+${AAPL}`, conid: AAPL, '31': '189.50' });
    server.controls.setPrice(AAPL, 190.25);
    const second = await quotes.next();
    expect(second.value?.['31']).toBe('190.25');
    quotes.unsubscribe();
    expect(await quotes.next()).toEqual({ value: undefined, done: true });
    stream.close();
  });

  it('fails a subscription the service answers with an error', async () => {
    const user = server.brokerage.user('demo_individual');
    if (!user) throw new Error('no demo user');
    const { id } = server.brokerage.sessions.open(user, { origin: 'control', brokerageOpen: true });
    const stream = createStreamingClient({
      url: `${baseUrl}/v1/api/ws`,
      WebSocket,
      headers: { cookie: `api=${id}` },
    });
    const unknown = stream.subscribe('marketData', 1, ['31']);
    await expect(unknown.next()).rejects.toBeInstanceOf(StreamError);
    stream.close();
  });
});

/** A socket the test opens, closes and reads. */
class ScriptedSocket implements WebSocketLike {
  static made: ScriptedSocket[] = [];
  readyState = 0;
  readonly sent: string[] = [];
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;

  constructor(readonly url: string) {
    ScriptedSocket.made.push(this);
  }

  send(data: string): void {
    this.sent.push(data);
  }

  close(): void {
    this.readyState = 3;
  }

  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }

  drop(): void {
    this.readyState = 3;
    this.onclose?.({ code: 1006, reason: '' });
  }

  receive(message: object): void {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

/** Lets the client's pending promises (reading the session) run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the streaming client on a scripted socket', () => {
  beforeEach(() => {
    ScriptedSocket.made = [];
  });

  it('sends tic on its clock', async () => {
    const clock = new ManualClock();
    const stream = createStreamingClient({
      url: 'ws://broker.test',
      WebSocket: ScriptedSocket,
      clock,
    });
    stream.connect();
    await settle();
    const [socket] = ScriptedSocket.made;
    socket?.open();
    clock.advance(60_000);
    clock.advance(60_000);
    expect(socket?.sent).toEqual(['tic', 'tic']);
    expect(socket?.url).toBe('ws://broker.test/v1/api/ws');
    stream.close();
  });

  it('reconnects with backoff and subscribes again to what was open', async () => {
    const clock = new ManualClock();
    const stream = createStreamingClient({
      url: 'http://broker.test',
      WebSocket: ScriptedSocket,
      session: 'abc',
      clock,
    });
    const orders = stream.subscribe('orders');
    const pnl = stream.subscribe('pnl');
    await settle();
    ScriptedSocket.made[0]?.open();
    pnl.unsubscribe();
    expect(ScriptedSocket.made[0]?.sent).toEqual([
      '{"session":"abc"}',
      'sor+{}',
      'spl+{}',
      'upl+{}',
    ]);

    ScriptedSocket.made[0]?.drop();
    clock.advance(999);
    await settle();
    expect(ScriptedSocket.made).toHaveLength(1);
    clock.advance(1);
    await settle();
    ScriptedSocket.made[1]?.drop(); // fails before opening: the next wait doubles
    clock.advance(1999);
    await settle();
    expect(ScriptedSocket.made).toHaveLength(2);
    clock.advance(1);
    await settle();
    const third = ScriptedSocket.made[2];
    third?.open();
    expect(third?.sent).toEqual(['{"session":"abc"}', 'sor+{}']);

    third?.receive({ topic: 'sor', args: [{ acct: 'U1', orderId: 1, status: 'Submitted' }] });
    expect((await orders.next()).value).toMatchObject({ args: [{ orderId: 1 }] });
    stream.close();
    expect(await orders.next()).toEqual({ value: undefined, done: true });
  });
});
