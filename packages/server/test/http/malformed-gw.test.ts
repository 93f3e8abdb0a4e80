// A malformed request to a /gw operation answers 400 in the operation's shape, never a 5xx that
// clients would retry (issue 39, finding 10): every bearer operation that takes input documents
// 400, and the requests the issue found answering 500 answer 400.
import { operationRoutes } from '@brokerage/types';
import { startServer, type Harness } from '../harness.js';
import { bearerHeader } from '../oauth2-helper.js';

(import.meta as unknown as { jest: { setTimeout(ms: number): void } }).jest.setTimeout(30_000);

describe('malformed /gw requests', () => {
  let server: Harness;
  beforeAll(async () => {
    server = await startServer({ mode: 'hosted' });
  });
  afterAll(() => server.close());

  it('every bearer operation documents 400 for a request that fails validation', () => {
    const undocumented = operationRoutes
      .filter((route) => route.access === 'bearer' && route.invalidRequestStatus === 400)
      .filter((route) => !(route.statuses as readonly number[]).includes(400))
      .map((route) => route.operationId);
    expect(undocumented).toEqual([]);
  });

  it.each([
    ['POST', '/gw/api/v1/echo/signed-jwt', 'echo.write', 'not a jwt'],
    ['GET', '/gw/api/v1/client-instructions/1e308', 'instructions.read', undefined],
    ['GET', '/gw/api/v1/client-instructions/-1', 'instructions.read', undefined],
    ['GET', '/gw/api/v1/instructions/-1', 'instructions.read', undefined],
    ['GET', '/gw/api/v1/instructions/1.5', 'instructions.read', undefined],
    ['GET', '/gw/api/v1/instruction-sets/0', 'instructions.read', undefined],
  ])('%s %s answers 400', async (method, path, scope, body) => {
    const headers = {
      ...(await bearerHeader(server, scope)),
      ...(body === undefined ? {} : { 'content-type': 'application/jwt' }),
    };
    const response = await fetch(server.baseUrl + path, { method, headers, body });
    const answer = (await response.json()) as { status?: number; title?: string };
    expect([response.status, answer.status]).toEqual([400, 400]);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });

  it('a deposit of 1e308 answers 400 in the banking shape', async () => {
    const answer = await server.call('POST', '/gw/api/v1/external-cash-transfers', {
      headers: await bearerHeader(server, 'transfers.write'),
      body: {
        instructionType: 'DEPOSIT',
        instruction: {
          accountId: 'U1234567',
          amount: 1e308,
          bankInstructionMethod: 'WIRE',
          clientInstructionId: 7001,
          currency: 'USD',
        },
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toMatch(/amount must be <= 1000000000/);
  });
});
