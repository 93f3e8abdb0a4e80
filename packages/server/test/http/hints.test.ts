// A client that deviates from the document learns how from the X-Brokerage-Hint header and the
// request's log line, while the body stays the service's own error.
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { startServer, type Harness } from '../harness.js';

/** A logger whose JSON lines are kept for the test to read. */
function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

describe('hints for requests that deviate from the document', () => {
  let server: Harness;
  const { logger, lines } = capturedLogger();
  beforeAll(async () => {
    server = await startServer({ gatewayUser: 'demo_individual', logger });
  });
  afterAll(() => server.close());

  const hintOf = async (method: string, path: string, body?: unknown) => {
    const answer = await server.call(method, path, body === undefined ? {} : { body });
    return {
      status: answer.status,
      body: answer.body,
      hint: answer.headers.get('x-brokerage-hint'),
    };
  };

  it.each([
    [
      'a singular for a plural',
      'GET',
      '/v1/api/iserver/account/order',
      'GET /v1/api/iserver/account/orders',
    ],
    ['a typo', 'GET', '/v1/api/portfolio/acounts', 'GET /v1/api/portfolio/accounts'],
    ['an extra segment', 'GET', '/v1/api/iserver/accounts/all', 'GET /v1/api/iserver/accounts'],
    [
      'a missing segment',
      'GET',
      '/v1/api/portfolio/ledger',
      'GET /v1/api/portfolio/{accountId}/ledger',
    ],
    [
      'another method and a typo',
      'PUT',
      '/v1/api/tickel',
      'GET /v1/api/tickle or POST /v1/api/tickle',
    ],
  ])('an unknown path (%s) names the nearest operation', async (_kind, method, path, meant) => {
    const answer = await hintOf(method, path);
    expect(answer).toEqual({
      status: 404,
      body: { error: 'Not Found', statusCode: 404 },
      hint: `did you mean ${meant}`,
    });
  });

  it('names nothing for a path far from every operation', async () => {
    expect((await hintOf('GET', '/favicon.ico')).hint).toBeNull();
  });

  it('a method the path does not offer (405) names the path’s operations', async () => {
    const answer = await hintOf('POST', '/v1/api/iserver/account/orders');
    expect(answer.status).toBe(405);
    expect(answer.hint).toBe('did you mean GET /v1/api/iserver/account/orders');
  });

  it('an unknown query parameter names the documented spelling', async () => {
    const answer = await hintOf('GET', '/v1/api/md/regsnapshot?Conid=265598');
    expect(answer).toEqual({
      status: 400,
      body: { error: "Bad Request: Unknown query parameter 'Conid'", statusCode: 400 },
      hint: 'query parameter Conid: did you mean conid',
    });
  });

  it('a missing required field is named with the document’s example, and logged', async () => {
    const order = { conid: 265598, orderType: 'MKT', quantity: 1, tif: 'DAY' };
    const answer = await hintOf('POST', '/v1/api/iserver/account/U1234567/orders', {
      orders: [order],
    });
    expect(answer.status).toBe(500);
    expect(answer.body.error).toBe(
      "Bad Request: request/body/orders/0 must have required property 'side'",
    );
    expect(answer.hint).toMatch(
      /^missing required body field orders\/0\/side; the document's example: \{"side":"[A-Z]+"\}$/,
    );
    const logged = lines.find((line) => line.hint === answer.hint);
    expect(logged).toMatchObject({ req: { method: 'POST' }, res: { statusCode: 500 } });
  });
});
