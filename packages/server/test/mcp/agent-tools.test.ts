// Every tool, called as an agent calls it with the SDK's client: the client checks each answer
// against the tool's output schema (a call whose answer does not match throws), and the answers
// are the state the REST API shows.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { startServer, type Harness } from '../harness.js';
import { connectWithToken, controlTokens } from './agent-client.js';
import { tradingCalls } from '../trading-helpers.js';

const IBM = 8314;

let server: Harness;
let client: Client;
const called = new Set<string>();

/** Calls a tool; answers its structured content (the SDK validated it against the schema). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read by path
async function call(name: string, args: Record<string, unknown> = {}): Promise<any> {
  const result = await client.callTool({ name, arguments: args });
  expect(result.isError).toBeFalsy();
  called.add(name);
  return result.structuredContent;
}

beforeAll(async () => {
  server = await startServer();
  client = await connectWithToken(server, (await controlTokens(server)).access_token);
  await client.listTools();
});
afterAll(async () => {
  await client.close();
  await server.close();
});

describe('account tools', () => {
  it('read the linked account', async () => {
    expect(await call('get_account_summary')).toHaveProperty('netliquidation');
    const { balances } = await call('get_account_balances');
    expect(balances.map((row: { currency: string }) => row.currency)).toContain('BASE');
    expect((await call('get_account_orders')).orders).toEqual(expect.any(Array));
    expect((await call('get_account_trades', { period: 'DAYS_7' })).trades).toEqual([]);
    expect(await call('get_pa_allocation', { type: 'ASSET_CLASS' })).toBeDefined();
    expect(await call('get_pa_performance_all_periods')).toBeDefined();
  });

  it('show a position bought through REST', async () => {
    await server.call('GET', '/v1/api/iserver/accounts');
    const trading = tradingCalls(server);
    let answer = await trading.place({
      conid: IBM,
      orderType: 'MKT',
      side: 'BUY',
      tif: 'DAY',
      quantity: 3,
    });
    while ((answer.body as { id?: string }[])[0]?.id !== undefined) {
      answer = await trading.reply((answer.body as { id: string }[])[0]?.id ?? '');
    }
    // The market order fills at the next price.
    server.controls.setPrice(IBM, 250);
    const { positions } = await call('get_account_positions');
    expect(positions.find((row: { conid: number }) => row.conid === IBM)).toBeDefined();
    const { trades } = await call('get_account_trades', { period: 'TODAY' });
    expect(trades.some((trade: { conid: number }) => trade.conid === IBM)).toBe(true);
  });
});

describe('market data tools', () => {
  it('answer a snapshot with hyphenated keys', async () => {
    await call('get_price_snapshot', { contract_id: 265598, market_data_names: ['prior_close'] });
    const snapshot = await call('get_price_snapshot', {
      contract_id: 265598,
      market_data_names: ['last', 'bid_ask', 'prior_close'],
    });
    expect(snapshot).toMatchObject({ contract_id: 265598, last: expect.any(String) });
    expect(snapshot).toHaveProperty('prior-close');
  });

  it('answer history by period or step count, at most 1000 steps', async () => {
    const args = { contract_id: 265598, security_type: 'STK', step: 'ONE_DAY', outside_rth: false };
    expect(
      (await call('get_price_history', { ...args, period: '1m' })).data.length,
    ).toBeGreaterThan(0);
    expect(
      (await call('get_price_history', { ...args, step_count: 5 })).data.length,
    ).toBeGreaterThan(0);
    await expect(
      client.callTool({ name: 'get_price_history', arguments: { ...args, step_count: 1001 } }),
    ).rejects.toThrow('Step count more than 1000 is not allowed');
  });
});

describe('contract tools', () => {
  it('search contracts and futures', async () => {
    const { contracts } = await call('search_contracts', { query: 'AAPL' });
    expect(contracts[0]).toMatchObject({ conid: '265598' });
    const { futures } = await call('search_futures', { underlying_contract_id: 11004968 });
    expect(futures.length).toBeGreaterThan(0);
  });

  it('walk an option chain to a combo identifier', async () => {
    const { expirations } = await call('get_option_parameters', { underlying_contract_id: 265598 });
    const { strikes } = await call('get_option_data', { expiration_id: expirations[0].id });
    const [low, high] = strikes;
    const { combo_identifier } = await call('get_combo_identifier', {
      legs: [
        { contract_id_ex: String(low.call_contract_id), size: 1 },
        { contract_id_ex: String(high.call_contract_id), size: -1 },
      ],
    });
    expect(combo_identifier).toBe(
      `28812380;;;${low.call_contract_id}/1,${high.call_contract_id}/-1`,
    );
  });
});

describe('research tools', () => {
  it('read themes from the classification', async () => {
    expect((await call('whats_new')).changes.length).toBeGreaterThan(0);
    const { topics } = await call('search_investment_topics', { query: 'software' });
    const { companies } = await call('get_theme_details', { key: topics[0].key });
    expect(companies.map((company: { symbol: string }) => company.symbol)).toContain('MSFT');
    expect((await call('get_company_themes', { contract_id: 272093 })).themes.length).toBe(2);
    const { connections } = await call('get_company_connections', { contract_id: 272093 });
    expect(connections.map((company: { symbol: string }) => company.symbol)).toContain('SAP');
  });
});

describe('watchlist tools', () => {
  it('share the watchlists of /iserver/watchlists', async () => {
    const created = await call('create_watchlist', {
      name: 'Agent picks',
      instruments: ['265598', '8314'],
    });
    const rest = await server.call('GET', `/v1/api/iserver/watchlist?id=${created.id}`);
    expect(rest.body.name).toBe('Agent picks');
    expect(
      (await call('get_watchlists')).data.user_lists.map((list: { id: string }) => list.id),
    ).toContain(created.id);
    await call('edit_watchlist', {
      id: created.id,
      name: 'Agent picks 2',
      instruments: ['272093'],
    });
    const edited = await call('get_watchlist', { id: created.id });
    expect(edited).toMatchObject({ name: 'Agent picks 2' });
    expect(edited.instruments.map((row: { conid: number }) => row.conid)).toEqual([272093]);
    await call('delete_watchlist', { id: created.id });
    expect((await server.call('GET', `/v1/api/iserver/watchlist?id=${created.id}`)).status).toBe(
      400,
    );
  });
});

describe('alert tools', () => {
  it('keep the account alerts REST lists', async () => {
    const created = await call('create_alert', {
      contract_id: 265598,
      condition_type: 'LAST',
      operator: 'gte',
      value: 500,
      tif: 'UNTIL_TRIGGERED',
    });
    const id = Number(created.request_id ?? created.order_id);
    const { alerts } = await call('get_alerts');
    const listed = alerts[0];
    const alertId = listed.order_id as number;
    expect(Number.isInteger(id) || Number.isInteger(alertId)).toBe(true);
    expect(await call('get_alert', { id: alertId })).toMatchObject({ order_id: alertId });
    const updated = await call('update_alert', {
      id: alertId,
      contract_id: 265598,
      condition_type: 'LAST',
      operator: 'lte',
      value: 100,
      tif: 'UNTIL_TRIGGERED',
    });
    // The answer names the alert as it is now (the id a modification answers).
    const current = (await call('get_alerts')).alerts[0].order_id as number;
    expect(updated.order_id).toBe(current);
    await call('set_alert_status', { ids: [current], action: 'PAUSE' });
    await call('delete_alert', { ids: [current] });
    expect((await server.call('GET', '/v1/api/iserver/account/U1234567/alerts')).body).toEqual([]);
  });
});

describe('instruction and feedback tools', () => {
  it('draft, list and delete an instruction', async () => {
    const { id, url } = await call('create_order_instruction', {
      side: 'BUY',
      contract_id_ex: '265598',
      quantity: 1.5,
      order_type: 'LIMIT',
      limit_price: 150,
      time_in_force: 'GTC',
    });
    expect(url).toContain(id);
    const first = await call('get_order_instructions');
    expect(first.instructions).toEqual([
      expect.objectContaining({ id, symbol: 'AAPL', side: 'BUY', quantity: 1.5, is_new: true }),
    ]);
    expect((await call('get_order_instructions')).instructions[0].is_new).toBe(false);
    expect(await call('delete_order_instruction', { id })).toEqual({});
    await expect(
      client.callTool({ name: 'delete_order_instruction', arguments: { id } }),
    ).rejects.toMatchObject({ code: -32400 });
  });

  it('send feedback', async () => {
    expect((await call('provide_customer_feedback', { feedback_text: 'Works well' })).id).toEqual(
      expect.any(String),
    );
  });
});

it('calls each of the 34 tools', async () => {
  const { tools } = await client.listTools();
  expect(tools.map((tool) => tool.name).filter((name) => !called.has(name))).toEqual([]);
});
