// Issue 29, faults 4-6: throttles that punish the guesser, not the neighbour, on HTTP, the
// socket and the control API; the socket's limits.
import { startServer, type Harness } from '../harness.js';
import { openSocket } from '../stream-socket.js';
import { AAPL } from '../trading-helpers.js';
import { TestConsumer } from '../oauth1-helper.js';

const guessId = (i: number) => i.toString(16).padStart(32, '0');

describe('failed lookups are counted per address and per credential', () => {
  let server: Harness;
  afterEach(() => server.close());

  const tickle = (cookie: string, forwardedFor?: string) =>
    server.call('POST', '/v1/api/tickle', {
      headers: {
        cookie: `api=${cookie}`,
        ...(forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor }),
      },
    });

  it("one client's 20 failed lookups do not lock out a valid session from the same address", async () => {
    server = await startServer({ mode: 'hosted' });
    const neighbour = server.controls.createSession('demo_individual').session;
    expect((await tickle(neighbour)).status).toBe(200);
    for (let i = 0; i < 19; i++) expect((await tickle(guessId(i))).status).toBe(401);
    expect((await tickle(guessId(19))).status).toBe(429);
    expect((await tickle(guessId(20))).status).toBe(429);
    // The neighbour behind the same address goes on.
    expect((await tickle(neighbour)).status).toBe(200);
    // A session never seen before gets no verdict from a refused address: the guesser learns nothing.
    const unseen = server.controls.createSession('demo_individual').session;
    expect((await tickle(unseen)).status).toBe(429);
    server.clock.advance(60_000);
    expect((await tickle(unseen)).status).toBe(200);
  });

  it('reads client addresses from X-Forwarded-For only through a trusted proxy', async () => {
    server = await startServer({
      mode: 'hosted',
      trustProxy: 'loopback',
      lookupThrottle: { failures: 3 },
    });
    const statuses = async (forwardedFor: string) => {
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push((await tickle(guessId(i), forwardedFor)).status);
      return answers;
    };
    expect(await statuses('203.0.113.1')).toEqual([401, 401, 429]);
    // Another client behind the same proxy: its own count (the same guesses, other credentials).
    const other = server.controls.createSession('demo_individual').session;
    expect((await tickle(other, '203.0.113.2')).status).toBe(200);
    // Without trust, the header is ignored: every request is the proxy's.
    await server.close();
    server = await startServer({ mode: 'hosted', lookupThrottle: { failures: 3 } });
    for (let i = 0; i < 2; i++) await tickle(guessId(i), `203.0.113.${i}`);
    expect((await tickle(guessId(2), '203.0.113.9')).status).toBe(429);
  });

  it('refuses one credential tried from many addresses', async () => {
    server = await startServer({
      mode: 'hosted',
      trustProxy: true,
      lookupThrottle: { failures: 3 },
    });
    const stale = guessId(7);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await tickle(stale, `198.51.100.${i}`)).status);
    expect(statuses).toEqual([401, 401, 429, 429]);
  });
});

describe("the socket's credentials are throttled like HTTP's", () => {
  let server: Harness;
  afterEach(() => server.close());

  it('closes with 1013 once session messages have guessed past the limit', async () => {
    server = await startServer({ mode: 'hosted', lookupThrottle: { failures: 3 } });
    const codes = [];
    for (let i = 0; i < 4; i++) {
      const socket = await openSocket(server);
      socket.send(JSON.stringify({ session: guessId(i) }));
      codes.push((await socket.closed).code);
    }
    expect(codes).toEqual([1008, 1008, 1013, 1013]);
  });

  it('refuses upgrades with guessed query tokens with 429', async () => {
    server = await startServer({ mode: 'hosted', lookupThrottle: { failures: 3 } });
    const upgrade = (query: string) =>
      openSocket(server, { query }).then(
        () => 101,
        (error: Error) => Number(/\d{3}/.exec(error.message)?.[0]),
      );
    const statuses = [];
    for (let i = 0; i < 2; i++) statuses.push(await upgrade(`?oauth_token=${guessId(i)}`));
    statuses.push(await upgrade('?bearer_token=not-a-token'));
    statuses.push(await upgrade(`?oauth_token=${guessId(9)}`));
    expect(statuses).toEqual([401, 401, 429, 429]);
  });
});

describe('the control token is throttled', () => {
  let server: Harness;
  afterEach(() => server.close());

  it('refuses an address that guessed past the limit, the right token included', async () => {
    server = await startServer({
      mode: 'hosted',
      controlToken: 'a'.repeat(64),
      trustProxy: 'loopback',
      lookupThrottle: { failures: 3 },
    });
    const reset = (token: string, forwardedFor = '192.0.2.1') =>
      server.call('POST', '/control/reset', {
        body: {},
        headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': forwardedFor },
      });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await reset(guessId(i))).status);
    expect(statuses).toEqual([401, 401, 429, 429]);
    const refused = await reset('a'.repeat(64));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await reset('a'.repeat(64), '192.0.2.2')).status).toBe(200);
    // Session lookups keep their own count.
    const session = server.controls.createSession('demo_individual').session;
    const tickle = await server.call('POST', '/v1/api/tickle', {
      headers: { cookie: `api=${session}`, 'x-forwarded-for': '192.0.2.1' },
    });
    expect(tickle.status).toBe(200);
  });
});

describe('the socket has limits', () => {
  let server: Harness;
  afterEach(() => server.close());

  it('closes the socket on a frame over 64 KiB with 1009', async () => {
    server = await startServer();
    const socket = await openSocket(server);
    socket.send(`smd+${AAPL}+${JSON.stringify({ fields: ['31'], pad: 'x'.repeat(100 * 1024) })}`);
    expect((await socket.closed).code).toBe(1009);
  });

  it('answers a subscription past the limit with an error on its topic', async () => {
    server = await startServer({
      streaming: {
        limits: {
          maxFrameBytes: 65536,
          maxSubscriptions: 2,
          maxMessages: 100,
          messageWindowMs: 1000,
        },
      },
    });
    const socket = await openSocket(server);
    socket.send('ssd+U1234567+{}');
    socket.send('sld+U1234567+{}');
    socket.send(`smd+${AAPL}+{"fields":["31"]}`);
    expect(await socket.next((message) => 'error' in message)).toEqual({
      topic: `smd+${AAPL}`,
      error: 'Subscription limit reached: at most 2 at once on one socket',
    });
    // The same subscription again is no new one.
    socket.send('sld+U1234567+{}');
    socket.send('usd+U1234567+{}');
    socket.send(`smd+${AAPL}+{"fields":["31"]}`);
    await socket.next((message) => 'topic' in message && message.topic === `smd+${AAPL}`);
  });

  it('closes a socket that sends faster than the message rate with 1008', async () => {
    server = await startServer({
      streaming: {
        limits: {
          maxFrameBytes: 65536,
          maxSubscriptions: 100,
          maxMessages: 5,
          messageWindowMs: 1000,
        },
      },
    });
    const socket = await openSocket(server);
    // Four tics and a bad frame (its error answer tells that all five arrived), then a new window.
    for (let i = 0; i < 4; i++) socket.send('tic');
    socket.send('bad');
    await socket.next((message) => 'error' in message);
    server.clock.advance(1000);
    for (let i = 0; i < 6; i++) socket.send('tic');
    expect(await socket.closed).toEqual({ code: 1008, reason: 'too many messages' });
  });
});

// Issue 39, findings 6 and 8: only the guilty feel the throttle.
describe('throttles that only the guilty feel', () => {
  let server: Harness;
  afterEach(() => server.close());

  it("failures with someone else's OAuth 1.0a token lock out the sender's address, not the token's owner", async () => {
    server = await startServer({ mode: 'hosted', trustProxy: true });
    const owner = new TestConsumer(server);
    await owner.obtainAccessToken();
    expect((await owner.createLiveSessionToken()).status).toBe(200);
    const path = '/v1/api/tickle';
    const from = (address: string, hmac: Buffer) =>
      server.call('POST', path, {
        headers: {
          authorization: owner.header('POST', path, { oauth_token: owner.accessToken }, { hmac }),
          'x-forwarded-for': address,
        },
      });
    // The token travels in clear: an attacker replays it with signatures of its own.
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await from(`203.0.113.${i % 3}`, Buffer.alloc(32, i))).status);
    expect(statuses.slice(0, 19)).toEqual(Array(19).fill(401));
    expect(statuses.slice(19)).toEqual([429, 429]);
    // The owner, who proves the token with its signature, goes on from any address.
    expect((await from('198.51.100.7', owner.liveSessionToken)).status).toBe(200);
    expect((await from('203.0.113.0', owner.liveSessionToken)).status).toBe(200);
  });

  it("the gateway's own user is never throttled by polling after its own logout, and /control/gateway/login lets it in again", async () => {
    server = await startServer({ mode: 'gateway' });
    expect((await server.call('POST', '/v1/api/logout')).status).toBe(200);
    for (let i = 0; i < 25; i++)
      expect((await server.call('POST', '/v1/api/tickle')).status).toBe(401);
    expect((await server.call('POST', '/control/gateway/login')).status).toBe(200);
    expect((await server.call('POST', '/v1/api/tickle')).status).toBe(200);
  });
});
