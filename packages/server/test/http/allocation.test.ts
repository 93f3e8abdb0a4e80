import { startServer, type Harness } from '../harness.js';
import { userSession } from '../user-session.js';

describe('allocation groups', () => {
  let server: Harness;
  let advisor: Record<string, string>;
  beforeEach(async () => {
    server = await startServer();
    advisor = userSession(server, 'demo_advisor').headers;
  });
  afterEach(() => server.close());

  const create = (body: unknown, headers: Record<string, string> = advisor) =>
    server.call('POST', '/v1/api/iserver/account/allocation/group', {
      body,
      ...(headers ? { headers } : {}),
    });
  const groups = () => server.brokerage.store.collection('allocationGroups').values();
  const expectRefused = async (body: unknown, error: string | RegExp) => {
    const answer = await create(body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: expect.stringMatching(error), statusCode: 400 });
  };

  it('creates a group of the advisor, net liquidation by default, and stores it', async () => {
    const answer = await create({
      name: 'Growth',
      accounts: [{ name: 'U2345671' }, { name: 'U2345672' }],
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true });
    expect(groups()).toEqual([
      {
        name: 'Growth',
        username: 'demo_advisor',
        accounts: [{ name: 'U2345671' }, { name: 'U2345672' }],
        defaultMethod: 'N',
      },
    ]);
  });

  it('keeps the amounts of user-defined methods and drops them for the others', async () => {
    await create({
      name: 'Split',
      default_method: 'P',
      accounts: [
        { name: 'U2345671', amount: 60 },
        { name: 'U2345672', amount: 40 },
      ],
    });
    await create({
      name: 'Equal',
      default_method: 'E',
      accounts: [{ name: 'U2345671', amount: 5 }, { name: 'U2345673' }],
    });
    await create({
      name: 'Shares',
      default_method: 'S',
      accounts: [{ name: 'U2345673', amount: 300 }],
    });
    expect(
      groups().map(({ name, accounts, defaultMethod }) => ({ name, accounts, defaultMethod })),
    ).toEqual([
      {
        name: 'Split',
        defaultMethod: 'P',
        accounts: [
          { name: 'U2345671', amount: 60 },
          { name: 'U2345672', amount: 40 },
        ],
      },
      { name: 'Equal', defaultMethod: 'E', accounts: [{ name: 'U2345671' }, { name: 'U2345673' }] },
      { name: 'Shares', defaultMethod: 'S', accounts: [{ name: 'U2345673', amount: 300 }] },
    ]);
  });

  it('is for advisors only', async () => {
    const answer = await create({ name: 'Mine', accounts: [{ name: 'U1234567' }] }, {}); // the gateway's demo_individual
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      error: 'Allocation groups are only available to advisors',
      statusCode: 400,
    });
    expect(groups()).toEqual([]);
  });

  it("refuses accounts that are not the advisor's sub-accounts, or listed twice", async () => {
    await expectRefused(
      { name: 'G', accounts: [{ name: 'U2345671' }, { name: 'U1234567' }] },
      /U1234567 is not a sub-account of F7654321/,
    );
    await expectRefused(
      { name: 'G', accounts: [{ name: 'F7654321' }] },
      /F7654321 is not a sub-account/,
    );
    await expectRefused(
      { name: 'G', accounts: [{ name: 'U2345671' }, { name: 'U2345671' }] },
      /listed more than once/,
    );
    expect(groups()).toEqual([]);
  });

  it('requires an amount per account with C, P, R and S, and percentages adding up to 100', async () => {
    for (const method of ['C', 'P', 'R', 'S']) {
      await expectRefused(
        {
          name: 'G',
          default_method: method,
          accounts: [{ name: 'U2345671', amount: 100 }, { name: 'U2345672' }],
        },
        /U2345672 needs a positive amount/,
      );
    }
    await expectRefused(
      {
        name: 'G',
        default_method: 'P',
        accounts: [
          { name: 'U2345671', amount: 60 },
          { name: 'U2345672', amount: 30 },
        ],
      },
      /add up to 90, not 100/,
    );
    expect(
      (
        await create({
          name: 'Ratios',
          default_method: 'R',
          accounts: [
            { name: 'U2345671', amount: 2 },
            { name: 'U2345672', amount: 1 },
          ],
        })
      ).status,
    ).toBe(200);
  });

  it('refuses an unknown method, an empty account list or a non-positive amount with 400', async () => {
    for (const body of [
      { name: 'G', default_method: 'X', accounts: [{ name: 'U2345671' }] },
      { name: 'G', accounts: [] },
      { name: 'G', default_method: 'C', accounts: [{ name: 'U2345671', amount: 0 }] },
      { accounts: [{ name: 'U2345671' }] },
    ]) {
      const answer = await create(body);
      expect(answer.status).toBe(400);
      expect(answer.body.statusCode).toBe(400);
    }
    expect(groups()).toEqual([]);
  });

  it('refuses a name already in use and keeps the first group', async () => {
    await create({ name: 'Growth', accounts: [{ name: 'U2345671' }] });
    await expectRefused(
      { name: 'Growth', default_method: 'E', accounts: [{ name: 'U2345672' }] },
      'Allocation group Growth already exists',
    );
    expect(groups()).toHaveLength(1);
    expect(groups()[0]).toMatchObject({ defaultMethod: 'N', accounts: [{ name: 'U2345671' }] });
  });
});
