// Market-data subscriptions on the socket end by themselves after the lifetime in force (15
// minutes by default), silently; the control API sets another (0: for ever); sending the frame
// again renews one.
import { startServer, type Harness } from '../harness.js';
import { openSocket, topicOf, type TestSocket } from '../stream-socket.js';
import { AAPL } from '../trading-helpers.js';
import { userSession } from '../user-session.js';

const minute = 60_000;

describe('market-data subscriptions that end', () => {
  let server: Harness;
  let socket: TestSocket;
  let sessionId = '';
  beforeEach(async () => {
    server = await startServer({ mode: 'hosted', streaming: { validateMessages: true } });
    const { headers, session } = userSession(server, 'demo_individual');
    sessionId = session.id;
    socket = await openSocket(server, { headers });
  });
  afterEach(async () => {
    socket.close();
    await server.close();
  });

  const quote = () => socket.next((message) => topicOf(message) === `smd+${AAPL}`);
  /** The frames sent before it have been read: a bad frame's error comes back. */
  async function roundTrip(): Promise<void> {
    socket.send('xyz');
    await socket.next((message) => 'error' in message);
  }
  /** Minutes of the clock, the session and the socket kept alive meanwhile. */
  async function pass(minutes: number): Promise<void> {
    const { sessions } = server.brokerage;
    for (let step = 0; step < minutes; step++) {
      const session = sessions.find(sessionId);
      if (session) sessions.touch(session);
      socket.send('tic');
      await roundTrip();
      server.clock.advance(minute);
    }
  }
  const quotes = () => socket.received.filter((message) => topicOf(message) === `smd+${AAPL}`);

  it('end silently after 15 minutes, unless sent again', async () => {
    socket.send(`smd+${AAPL}+{"fields":["31"]}`);
    await quote();
    await pass(14);
    socket.send(`smd+${AAPL}+{"fields":["31"]}`); // renewed: every field again
    expect(await quote()).toMatchObject({ '31': '189.50' });
    await roundTrip();
    await pass(14);
    server.controls.setPrice(AAPL, 195);
    expect(await quote()).toMatchObject({ '31': '195.00' });
    await pass(1);
    await roundTrip();
    const heard = quotes().length;
    server.controls.setPrice(AAPL, 196);
    await roundTrip();
    expect(quotes()).toHaveLength(heard);
  });

  it('last as long as the control API says, and for ever with 0', async () => {
    const set = await server.call('PUT', '/control/streaming/market-data-lifetime', {
      body: { lifetimeMs: minute },
    });
    expect(set.body).toEqual({ lifetimeMs: minute });
    socket.send(`smd+${AAPL}+{"fields":["31"]}`);
    await quote();
    await pass(1);
    server.controls.setPrice(AAPL, 195);
    await roundTrip();
    expect(quotes()).toHaveLength(1);

    await server.call('PUT', '/control/streaming/market-data-lifetime', {
      body: { lifetimeMs: 0 },
    });
    socket.send(`smd+${AAPL}+{"fields":["31"]}`);
    await quote();
    await roundTrip();
    await pass(180);
    server.controls.setPrice(AAPL, 197);
    expect(await quote()).toMatchObject({ '31': '197.00' });
  });
});
