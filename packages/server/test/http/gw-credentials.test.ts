// Hosted mode, every account-management operation (/gw/api/v1 and v2, single sign-on apart):
// only an OAuth 2.0 bearer token with one of the operation's scopes gets past the gate. A session
// (its cookie, an OAuth 1.0a signature), another scheme, no credentials answer 401, a token
// without the scope 403, each in the operation's error body (problem details, or the pre-trade
// compliance reads' `{status, error, message}`), before the request's content is looked at.
import { operationRoutes } from '@brokerage/types';
import { startServer, type Answer, type Harness } from '../harness.js';
import { TestConsumer } from '../oauth1-helper.js';
import { bearerHeader } from '../oauth2-helper.js';
import { userSession } from '../user-session.js';

(import.meta as unknown as { jest: { setTimeout(ms: number): void } }).jest.setTimeout(60_000);

const accountManagement = operationRoutes.filter(
  (row) => row.path.startsWith('/gw/api/') && !row.tag.startsWith('Authorization SSO'),
);
/** Every scope the test client holds that one of these operations names. */
const allScopes = [...new Set(accountManagement.flatMap((row) => row.scopes))];

describe('credentials of the /gw/api/v1 operations (hosted mode)', () => {
  let server: Harness;
  let consumer: TestConsumer;
  const tokens = new Map<string, { authorization: string }>();
  beforeAll(async () => {
    server = await startServer({ mode: 'hosted' });
    consumer = new TestConsumer(server);
    await consumer.obtainAccessToken();
    await consumer.createLiveSessionToken();
  });
  afterAll(() => server.close());

  const bearer = async (scope: string) => {
    const header = tokens.get(scope) ?? (await bearerHeader(server, scope));
    tokens.set(scope, header);
    return header;
  };

  /** The refusal in the body shape the operation documents for the status. */
  const expectRefusal = (
    row: (typeof accountManagement)[number],
    answer: Answer,
    status: number,
    detail: string,
  ) => {
    expect(answer.status).toBe(status);
    const shape: string | undefined = (row.errors as Record<string, string>)[String(status)];
    if (shape === 'statusError') {
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      expect(answer.body).toMatchObject({ status, message: detail });
    } else {
      expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(answer.body).toMatchObject({ status, detail });
    }
  };

  it('covers every operation of the account-management tags', () => {
    expect(accountManagement.length).toBeGreaterThanOrEqual(50);
    expect(accountManagement.every((row) => row.scopes.length > 0)).toBe(true);
  });

  it.each(accountManagement.map((row) => [row.operationId, row] as const))(
    '%s: a bearer token with its scope only',
    async (_id, row) => {
      const path = row.path.replace(/\{[^}]+\}/g, '1');
      const call = (headers: Record<string, string>) =>
        server.call(row.method, path, { headers, ...(row.bodyRequired ? { body: {} } : {}) });

      expectRefusal(row, await call({}), 401, 'Missing bearer token');
      const cookie = userSession(server, 'demo_individual').headers;
      expectRefusal(
        row,
        await call(cookie),
        401,
        'Missing bearer token: a session cookie is not accepted here',
      );
      expectRefusal(
        row,
        await consumer.signed(row.method, path, row.bodyRequired ? {} : undefined),
        401,
        'Missing bearer token: an OAuth 1.0a signature is not accepted here',
      );
      expectRefusal(
        row,
        await call({ authorization: 'Basic ZGVtbzpkZW1v' }),
        401,
        'Missing bearer token: another authorization scheme is not accepted here',
      );
      const scopes: readonly string[] = row.scopes;
      const other = allScopes.find((scope) => !scopes.includes(scope)) ?? '';
      const wrongScope = await call({ ...cookie, ...(await bearer(other)) });
      expect(wrongScope.status).toBe(403);
      const forbiddenShape = (row.errors as Record<string, string>)['403'];
      expect(wrongScope.headers.get('content-type')).toMatch(
        forbiddenShape === 'statusError' ? /^application\/json/ : /^application\/problem\+json/,
      );
      // Each alternative scope alone gets past the gate (and the handler's own check).
      for (const scope of row.scopes) {
        expect([401, 403]).not.toContain((await call(await bearer(scope))).status);
      }
    },
  );
});
