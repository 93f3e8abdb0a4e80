// The socket's replies: `tic` with the session's last access, `ech+hb` echoed, the confirmations
// of `usd` and `uld`, and `waiting for session` while the brokerage session is not open.
import { startServer, type Harness } from '../harness.js';
import { openSocket, topicOf } from '../stream-socket.js';
import { AAPL } from '../trading-helpers.js';
import { userSession } from '../user-session.js';

describe("the socket's replies", () => {
  let server: Harness;
  beforeEach(async () => {
    server = await startServer({ mode: 'hosted', streaming: { validateMessages: true } });
  });
  afterEach(() => server.close());

  it("answers tic with the session's id and last access", async () => {
    const { session, headers } = userSession(server, 'demo_individual');
    const socket = await openSocket(server, { headers });
    server.clock.advance(30_000);
    socket.send('tic');
    expect(await socket.next((message) => topicOf(message) === 'tic')).toEqual({
      topic: 'tic',
      alive: true,
      id: session.id,
      lastAccessed: session.createdAt,
    });
    socket.close();
  });

  it('echoes ech+hb as it was sent, and counts it as a tic', async () => {
    const { headers } = userSession(server, 'demo_individual');
    const socket = await openSocket(server, { headers });
    socket.send('ech+hb');
    await socket.next((message) => topicOf(message) === 'act');
    while (socket.texts.length === 0) await new Promise((resolve) => setImmediate(resolve));
    expect(socket.texts).toEqual(['ech+hb']);
    socket.close();
  });

  it('confirms usd and uld', async () => {
    const { headers } = userSession(server, 'demo_individual');
    const socket = await openSocket(server, { headers });
    socket.send('ssd+U1234567+{}');
    await socket.next((message) => topicOf(message) === 'ssd+U1234567');
    socket.send('usd+U1234567+{}');
    expect(await socket.next((message) => 'result' in message)).toEqual({
      result: 'unsubscribed from summary',
    });
    socket.send('sld+U1234567+{}');
    await socket.next((message) => topicOf(message) === 'sld+U1234567');
    socket.send('uld+U1234567+{}');
    expect(await socket.next((message) => 'result' in message)).toEqual({
      result: 'unsubscribed from ledger',
    });
    socket.close();
  });

  it('answers waiting for session until the brokerage session opens, keeping nothing', async () => {
    const { headers } = userSession(server, 'demo_individual', { brokerageOpen: false });
    const socket = await openSocket(server, { headers });
    expect(await socket.next()).toMatchObject({ topic: 'sts', args: { authenticated: false } });
    socket.send(`smd+${AAPL}+{"fields":["31"]}`);
    expect(await socket.next((message) => 'message' in message)).toEqual({
      message: 'waiting for session',
    });
    await server.call('POST', '/v1/api/iserver/auth/ssodh/init', { headers, body: {} });
    expect(await socket.next((message) => topicOf(message) === 'sts')).toMatchObject({
      args: { authenticated: true },
    });
    socket.send(`smd+${AAPL}+{"fields":["31"]}`);
    expect(await socket.next((message) => topicOf(message) === `smd+${AAPL}`)).toMatchObject({
      '31': '189.50',
    });
    socket.close();
  });
});
