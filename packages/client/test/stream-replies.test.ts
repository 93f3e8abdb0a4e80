// The socket's replies through the typed streaming client: the answer to `tic`, the echo of
// `ech+hb`, the confirmations of `usd` and `uld`, and subscriptions sent again once the
// brokerage session opens after `waiting for session`.
import { ManualClock, type BrokerageServer } from '@brokerage/server';
import { startLoopbackServer, type LoopbackServer } from '@brokerage/server/testing';
import type { streaming } from '@brokerage/types';
import WebSocket from 'ws';
import { testRequestTimeoutMs } from './auth-support.js';
import { createBrokerageClient, createStreamingClient, sessionCookie } from '../src/index.js';

const AAPL = 265598;
type ServerMessage = streaming.ServerMessage;

describe("the service's replies through the streaming client", () => {
  let server: BrokerageServer;
  let loopback: LoopbackServer;
  let baseUrl = '';
  beforeEach(async () => {
    loopback = await startLoopbackServer({
      clock: new ManualClock(),
      mode: 'hosted',
      streaming: { validateMessages: true },
    });
    ({ server, baseUrl } = loopback);
  });
  afterEach(() => loopback.close());

  const sessionOfDemo = (brokerageOpen: boolean) => {
    const user = server.brokerage.user('demo_individual');
    if (!user) throw new Error('no demo user');
    return server.brokerage.sessions.open(user, { origin: 'control', brokerageOpen });
  };

  /** The next message of `messages` that `match` accepts. */
  async function next(
    messages: AsyncIterableIterator<ServerMessage>,
    match: (message: ServerMessage) => boolean,
  ): Promise<ServerMessage> {
    for (;;) {
      const { value, done } = await messages.next();
      if (done) throw new Error('the stream ended');
      if (match(value)) return value;
    }
  }
  const confirmation = (message: ServerMessage) =>
    'result' in message && typeof message.result === 'string';
  const topicIs = (topic: string) => (message: ServerMessage) =>
    'topic' in message && message.topic === topic;

  it("reads the session's last access from the answer to tic, and hears its echo", async () => {
    const clock = new ManualClock();
    const session = sessionOfDemo(true);
    const stream = createStreamingClient({
      url: baseUrl,
      WebSocket,
      headers: { cookie: `api=${session.id}` },
      ticIntervalMs: 1000,
      clock,
    });
    const messages = stream.messages();
    await next(messages, topicIs('act'));
    clock.advance(1000);
    expect(await next(messages, topicIs('tic'))).toEqual({
      topic: 'tic',
      alive: true,
      id: session.id,
      lastAccessed: session.lastSeenAt,
    });
    await expect(stream.echo()).resolves.toBeUndefined();
    stream.close();
  });

  it('hears the confirmation of usd and uld', async () => {
    const session = sessionOfDemo(true);
    const stream = createStreamingClient({
      url: baseUrl,
      WebSocket,
      headers: { cookie: `api=${session.id}` },
    });
    const messages = stream.messages();
    const summary = stream.subscribe('accountSummary', 'U1234567');
    await summary.next();
    summary.unsubscribe();
    expect(await next(messages, confirmation)).toEqual({
      result: 'unsubscribed from summary',
    });
    const ledger = stream.subscribe('ledger', 'U1234567');
    await ledger.next();
    ledger.unsubscribe();
    expect(await next(messages, confirmation)).toEqual({
      result: 'unsubscribed from ledger',
    });
    stream.close();
  });

  it('subscribes again once the brokerage session opens after waiting for session', async () => {
    const session = sessionOfDemo(false);
    const stream = createStreamingClient({
      url: baseUrl,
      WebSocket,
      headers: { cookie: `api=${session.id}` },
    });
    const messages = stream.messages();
    const quotes = stream.subscribe('marketData', AAPL, ['31']);
    await next(messages, (message) => 'message' in message);
    const http = createBrokerageClient({
      baseUrl,
      auth: sessionCookie(session.id),
      pacing: false,
      timeoutMs: testRequestTimeoutMs,
    });
    await http.POST('/v1/api/iserver/auth/ssodh/init', { body: { publish: true, compete: true } });
    expect((await quotes.next()).value).toMatchObject({ topic: `smd+${AAPL}`, '31': '189.50' });
    stream.close();
  });
});
