// GET /v1/api/ws as the OpenAPI document describes it: the handshake's refusals and the answer of a
// plain GET. The socket's messages are the streaming suite's (streaming.test.ts).
import { request } from 'node:http';
import { controls, describeInProcess } from '../../src/target.js';
import { useTarget } from '../support/target.js';

/** The status a WebSocket handshake of the path is answered with (101 when the socket opens). */
function handshake(baseUrl: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const url = new URL('/v1/api/ws', baseUrl);
    const sent = request(url, {
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
        'Sec-WebSocket-Version': '13',
        ...headers,
      },
    });
    sent.on('upgrade', (answer, socket) => {
      socket.destroy();
      resolve(answer.statusCode ?? 0);
    });
    sent.on('response', (answer) => {
      answer.resume();
      resolve(answer.statusCode ?? 0);
    });
    sent.on('error', reject);
    sent.end();
  });
}

describeInProcess('the socket handshake (GET /v1/api/ws)', () => {
  const suite = useTarget();

  it('openWebsocket: a plain GET asks for no upgrade and answers 400; the handshake opens (101) or is refused (401)', async () => {
    const plain = await suite.client.GET('/v1/api/ws');
    expect(plain.response.status).toBe(400);
    expect(plain.error).toEqual({
      error:
        'Bad Request: the socket is opened with a WebSocket upgrade (Connection: Upgrade, Upgrade: websocket)',
      statusCode: 400,
    });
    const { baseUrl } = suite.target;
    // Behind the gateway, a handshake without credentials is the gateway session's.
    expect(await handshake(baseUrl, {})).toBe(101);
    expect(await handshake(baseUrl, { Cookie: 'api=0123456789abcdef0123456789abcdef' })).toBe(401);
  });

  it('openWebsocket without a live session answers 401', async () => {
    await suite.client.POST('/v1/api/logout');
    const { response } = await suite.client.GET('/v1/api/ws');
    expect(response.status).toBe(401);
    controls(suite.target).server.openGatewaySession();
  });
});
