// An advisor's orders split over sub-accounts: groups named in the path or in acctId, the master
// account with an allocation method; the fills add up to the order and land in each account.
import { valueAccount } from '../../src/domain/accounts/valuation.js';
import type { Execution } from '../../src/domain/orders/model.js';
import { startServer, type Harness } from '../harness.js';
import { AAPL, defined, editAccount } from '../trading-helpers.js';
import { userSession } from '../user-session.js';

const subAccounts = ['U2345671', 'U2345672', 'U2345673'];

describe('allocated orders', () => {
  let server: Harness;
  let advisor: Record<string, string>;
  beforeEach(async () => {
    server = await startServer();
    advisor = userSession(server, 'demo_advisor').headers;
    server.brokerage.market.setPrice(AAPL, 100);
  });
  afterEach(() => server.close());

  const call = (method: string, path: string, body?: unknown) =>
    server.call(method, path, { headers: advisor, ...(body === undefined ? {} : { body }) });
  const createGroup = (body: unknown) =>
    call('POST', '/v1/api/iserver/account/allocation/group', body);
  /** A limit buy at the last price: no warning, it fills at once. */
  const buy = (path: string, quantity: number, extra: Record<string, unknown> = {}) =>
    call('POST', `/v1/api/iserver/account/${encodeURIComponent(path)}/orders`, {
      orders: [
        { conid: AAPL, orderType: 'LMT', price: 100, side: 'BUY', tif: 'DAY', quantity, ...extra },
      ],
    });
  const orderIdOf = (answer: { body: unknown }) =>
    Number(defined((answer.body as { order_id?: string }[])[0]?.order_id, 'order_id'));
  const executionsOf = (orderId: number): Execution[] =>
    server.brokerage.store
      .collection('executions')
      .values()
      .filter((execution) => execution.orderId === orderId);
  const held = (accountId: string) =>
    defined(server.brokerage.account(accountId), accountId).positions.find(
      (position) => position.conid === AAPL,
    )?.quantity ?? 0;
  const cash = (accountId: string) =>
    defined(server.brokerage.account(accountId), accountId).cash.USD ?? 0;

  it("splits a group's order equally; the executions add up to the order and land in each sub-account's positions, cash and trades", async () => {
    await createGroup({
      name: 'Trio',
      default_method: 'E',
      accounts: subAccounts.map((name) => ({ name })),
    });
    const before = subAccounts.map((id) => ({ held: held(id), cash: cash(id) }));
    const placed = await buy('Trio', 10);
    expect(placed.status).toBe(200);
    const orderId = orderIdOf(placed);

    const executions = executionsOf(orderId);
    expect(executions.map((e) => [e.account, e.size])).toEqual([
      ['U2345671', 4],
      ['U2345672', 3],
      ['U2345673', 3],
    ]);
    expect(executions.reduce((sum, e) => sum + e.size, 0)).toBe(10);
    subAccounts.forEach((id, index) => {
      const execution = defined(executions.find((e) => e.account === id));
      expect(held(id)).toBe((before[index]?.held ?? 0) + execution.size);
      expect(cash(id)).toBeCloseTo(
        (before[index]?.cash ?? 0) - execution.size * 100 - execution.commission,
        2,
      );
    });
    const status = await call('GET', `/v1/api/iserver/account/order/status/${orderId}`);
    expect(status.body).toMatchObject({ order_status: 'Filled', cum_fill: '10.0' });
    const trades = await call('GET', '/v1/api/iserver/account/trades');
    const tradedAccounts = (trades.body as { account: string; order_id: number }[])
      .filter((trade) => trade.order_id === orderId)
      .map((trade) => trade.account)
      .sort();
    expect(tradedAccounts).toEqual(subAccounts);
  });

  it('splits by percentages, and by a group named in acctId on the master account', async () => {
    await createGroup({
      name: 'Income',
      default_method: 'P',
      accounts: [
        { name: 'U2345671', amount: 60 },
        { name: 'U2345672', amount: 40 },
      ],
    });
    const placed = await buy('F7654321', 7, { acctId: 'Income' });
    expect(executionsOf(orderIdOf(placed)).map((e) => [e.account, e.size])).toEqual([
      ['U2345671', 4],
      ['U2345672', 3],
    ]);
  });

  it('splits a master-account order with an allocation method over every sub-account by net liquidation', async () => {
    const placed = await buy('F7654321', 30, { allocationMethod: 'NetLiquidity' });
    const parts = executionsOf(orderIdOf(placed));
    expect(parts.map((e) => e.account)).toEqual(subAccounts);
    expect(parts.reduce((sum, e) => sum + e.size, 0)).toBe(30);
    // U2345671 holds the most (250,000 USD and positions): it gets the largest part.
    const sizes = parts.map((e) => e.size);
    expect(sizes[0]).toBe(Math.max(...sizes));
  });

  it('keeps an order of the master account alone, without an allocation', async () => {
    const placed = await buy('F7654321', 2);
    expect(executionsOf(orderIdOf(placed)).map((e) => [e.account, e.size])).toEqual([
      ['F7654321', 2],
    ]);
  });

  it("checks a margin account's purchase against its buying power, not its cash", async () => {
    // The master account: 20,000 USD of cash, no positions, margin: 80,000 of buying power.
    const values = () =>
      valueAccount(
        defined(server.brokerage.account('F7654321'), 'F7654321'),
        server.brokerage.market,
      );
    expect(values()).toMatchObject({ total: { cash: 20_000 }, buyingPower: 80_000 });
    // 36,006 USD: more than the cash, within the buying power; it fills.
    const placed = await buy('F7654321', 360.06);
    expect(placed.status).toBe(200);
    // The order's value asks for a confirmation (o451); answered, it fills.
    const [warning] = placed.body as { id: string; messageIds: string[] }[];
    expect(warning?.messageIds).toEqual(['o451']);
    const confirmed = await call('POST', `/v1/api/iserver/reply/${warning?.id}`, {
      confirmed: true,
    });
    expect(executionsOf(orderIdOf(confirmed)).map((e) => [e.account, e.size])).toEqual([
      ['F7654321', 360.06],
    ]);
    // What is left of the buying power, and one share more, is refused.
    const refused = await buy('F7654321', Math.floor(values().buyingPower / 100) + 1);
    expect(refused.body).toEqual({ error: 'Insufficient funds' });
  });

  it("checks funds at placement per sub-account: each part against its own sub-account's funds, not the master's", async () => {
    await createGroup({
      name: 'Pair',
      default_method: 'E',
      accounts: [{ name: 'U2345671' }, { name: 'U2345673' }],
    });
    editAccount(server, 'U2345673', { cash: { USD: 10 }, positions: [] });
    // 1,000 USD fits the master's 20,000, but the poor sub-account's half does not fit its 10.
    const refused = await buy('Pair', 10);
    expect(refused.body).toEqual({ error: 'Insufficient funds' });
    expect(server.brokerage.store.collection('orders').values()).toEqual([]);

    // 60,000 USD is more than the master's cash, but each third fits its sub-account.
    await createGroup({
      name: 'Trio',
      default_method: 'E',
      accounts: subAccounts.map((name) => ({ name })),
    });
    editAccount(server, 'U2345673', { cash: { USD: 50_000 } });
    const placed = await buy('Trio', 600);
    expect(placed.status).toBe(200);
    const [warning] = placed.body as { id: string; messageIds: string[] }[];
    expect(warning?.messageIds).toEqual(['o451']);
    const confirmed = await call('POST', `/v1/api/iserver/reply/${warning?.id}`, {
      confirmed: true,
    });
    const executions = executionsOf(orderIdOf(confirmed));
    expect(executions.map((e) => [e.account, e.size])).toEqual(subAccounts.map((id) => [id, 200]));
  });

  it('makes the whole order Inactive when one sub-account cannot take its part at the fill', async () => {
    await createGroup({
      name: 'Pair',
      default_method: 'E',
      accounts: [{ name: 'U2345671' }, { name: 'U2345673' }],
    });
    const resting = await buy('Pair', 10, { price: 99 });
    const orderId = orderIdOf(resting);
    editAccount(server, 'U2345673', { cash: { USD: 10 }, positions: [] });
    server.brokerage.market.setPrice(AAPL, 99);
    expect(executionsOf(orderId)).toEqual([]);
    const status = await call('GET', `/v1/api/iserver/account/order/status/${orderId}`);
    expect(status.body).toMatchObject({ order_status: 'Inactive' });
  });

  it('closes positions first when the presets say so: in proportion to them, the rest by the method', async () => {
    await createGroup({
      name: 'Skewed',
      default_method: 'P',
      accounts: [
        { name: 'U2345671', amount: 80 },
        { name: 'U2345672', amount: 20 },
      ],
    });
    for (const id of ['U2345671', 'U2345672']) {
      const account = defined(server.brokerage.account(id));
      editAccount(server, id, {
        positions: account.positions.filter((position) => position.conid !== AAPL),
      });
    }
    await buy('Skewed', 10);
    expect([held('U2345671'), held('U2345672')]).toEqual([8, 2]);
    await createGroup({
      name: 'Duo',
      default_method: 'E',
      accounts: [{ name: 'U2345671' }, { name: 'U2345672' }],
    });
    const sell = async (quantity: number) =>
      executionsOf(orderIdOf(await buy('Duo', quantity, { side: 'SELL' }))).map((e) => [
        e.account,
        e.size,
      ]);
    // Without the preset, the group's method: equal parts.
    expect(await sell(2)).toEqual([
      ['U2345671', 1],
      ['U2345672', 1],
    ]);
    const presets = await call('POST', '/v1/api/iserver/account/allocation/presets', {
      group_auto_close_positions: true,
    });
    expect(presets.body).toEqual({ success: true });
    // Holdings 7 and 1: a sale of 6 closes in proportion to them (5.25 and 0.75), not 3 and 3.
    expect(await sell(6)).toEqual([
      ['U2345671', 5],
      ['U2345672', 1],
    ]);
    // Only U2345671 still holds (2): it alone sells.
    expect(await sell(2)).toEqual([['U2345671', 2]]);
  });

  it('the sample: an advisor allocates one order over three accounts, gets the fill notification, and reads each position', async () => {
    await createGroup({
      name: 'Trio',
      default_method: 'E',
      accounts: subAccounts.map((name) => ({ name })),
    });
    await call('PUT', '/v1/api/fyi/disclaimer/PF');
    const before = subAccounts.map((id) => held(id));
    const orderId = orderIdOf(await buy('Trio', 30));

    const notifications = await call('GET', '/v1/api/fyi/notifications?max=10&include=PF');
    expect(notifications.body).toEqual([
      expect.objectContaining({
        FC: 'PF',
        R: 0,
        MS: 'FYI: Order filled',
        MD: `<html>Bought 30 AAPL at 100 in account F7654321 (order ${orderId}).</html>`,
      }),
    ]);
    await call('GET', '/v1/api/portfolio/accounts');
    for (const [index, accountId] of subAccounts.entries()) {
      const position = await call('GET', `/v1/api/portfolio/${accountId}/position/${AAPL}`);
      expect(position.status).toBe(200);
      expect((position.body as { position: number }[])[0]?.position).toBe(
        (before[index] ?? 0) + 10,
      );
    }
  });
});
