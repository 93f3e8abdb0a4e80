import { allPositions, isApiError, type BrokerageClient, type Position } from '../src/index.js';
import { setup, type Setup } from './support/server.js';

const account = 'U1234567';

async function collect(positions: AsyncIterable<Position>): Promise<Position[]> {
  const all: Position[] = [];
  for await (const position of positions) all.push(position);
  return all;
}

describe('allPositions: every page of the positions', () => {
  let env: Setup;
  let client: BrokerageClient;
  beforeEach(async () => {
    env = await setup();
    client = env.client({ pacing: false });
  });
  afterEach(() => env.close());

  /** Gives the account `count` positions over the catalogue's instruments. */
  const holdPositions = (count: number) => {
    const conids = env.server.brokerage.store
      .collection('instruments')
      .values()
      .map((instrument) => instrument.conid);
    const held = env.server.brokerage.account(account);
    if (!held) throw new Error(`no account ${account}`);
    held.positions = Array.from({ length: count }, (_, index) => ({
      conid: conids[index % conids.length] as number,
      quantity: index + 1,
      averageCost: 10,
    }));
  };
  const pagesRequested = () =>
    env.sent
      .filter((entry) => entry.endpoint.startsWith(`GET /v1/api/portfolio/${account}/positions/`))
      .map((entry) => entry.endpoint.split('/').pop());

  it('reads pages until one holds fewer than 100', async () => {
    holdPositions(130);
    await env.drive(client.ok(client.GET('/v1/api/portfolio/accounts')));
    const positions = await env.drive(collect(allPositions(client, account)));
    expect(positions).toHaveLength(130);
    expect(new Set(positions.map((position) => position.position)).size).toBe(130);
    expect(pagesRequested()).toEqual(['0', '1']);
  });

  it('asks for one more page after a full one, and passes the query on', async () => {
    holdPositions(100);
    await env.drive(client.ok(client.GET('/v1/api/portfolio/accounts')));
    const positions = await env.drive(
      collect(client.allPositions(account, { query: { sort: 'position', direction: 'd' } })),
    );
    expect(positions.map((position) => position.position)).toEqual(
      Array.from({ length: 100 }, (_, index) => 100 - index),
    );
    expect(pagesRequested()).toEqual(['0', '1']);
  });

  it('throws the API error of a refused page', async () => {
    const failure = await env.drive(
      collect(allPositions(client, account)).catch((error: unknown) => error),
    );
    expect(isApiError(failure, 400)).toBe(true);
  });
});
