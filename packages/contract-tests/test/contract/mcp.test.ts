// The MCP endpoint: every tool the endpoint lists, called with the SDK's client as an agent calls
// it; the client checks each answer against the tool's output schema, and the gate
// (src/tool-coverage.ts) fails on a listed tool no call reached.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { controls, describeInProcess, startTarget, type Target } from '../../src/target.js';
import { recordTool } from '../../src/tool-coverage.js';

type Args = Record<string, unknown>;
/** What earlier calls answered, by tool name, for calls that need an id. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read by path
type Answers = Record<string, any>;

const AAPL = 265598;
const alert = {
  contract_id: AAPL,
  condition_type: 'LAST',
  operator: 'gte',
  value: 500,
  tif: 'UNTIL_TRIGGERED',
};
const history = {
  contract_id: AAPL,
  security_type: 'STK',
  step: 'ONE_DAY',
  outside_rth: false,
  period: '1m',
};

/** One call per tool, in an order where each id comes from an earlier answer. */
const calls: [string, Args | ((answers: Answers) => Args)][] = [
  ['get_account_summary', {}],
  ['get_account_balances', {}],
  ['get_account_positions', {}],
  ['get_account_orders', {}],
  ['get_account_trades', { period: 'DAYS_7' }],
  ['get_pa_allocation', { type: 'ALL' }],
  ['get_pa_performance_all_periods', {}],
  ['get_price_snapshot', { contract_id: AAPL }],
  ['get_price_history', history],
  ['search_contracts', { query: 'MSFT' }],
  ['search_futures', { underlying_contract_id: 11004968 }],
  ['get_option_parameters', { underlying_contract_id: AAPL }],
  ['get_option_data', (a) => ({ expiration_id: a.get_option_parameters.expirations[0].id })],
  [
    'get_combo_identifier',
    (a) => ({
      legs: a.get_option_data.strikes
        .slice(0, 2)
        .map((row: { call_contract_id: number }, index: number) => ({
          contract_id_ex: String(row.call_contract_id),
          size: index === 0 ? 1 : -1,
        })),
    }),
  ],
  ['whats_new', {}],
  ['search_investment_topics', { query: 'technology' }],
  ['get_theme_details', (a) => ({ key: a.search_investment_topics.topics[0].key })],
  ['get_company_themes', { contract_id: AAPL }],
  ['get_company_connections', { contract_id: AAPL }],
  ['create_watchlist', { name: 'Contract', instruments: [String(AAPL)] }],
  ['get_watchlists', {}],
  ['get_watchlist', (a) => ({ id: a.create_watchlist.id })],
  ['edit_watchlist', (a) => ({ id: a.create_watchlist.id, name: 'Contract 2', instruments: [] })],
  ['delete_watchlist', (a) => ({ id: a.create_watchlist.id })],
  ['create_alert', alert],
  ['get_alerts', {}],
  ['get_alert', (a) => ({ id: a.get_alerts.alerts[0].order_id })],
  ['update_alert', (a) => ({ ...alert, id: a.get_alerts.alerts[0].order_id, value: 400 })],
  ['set_alert_status', (a) => ({ ids: [a.update_alert.order_id], action: 'PAUSE' })],
  ['delete_alert', (a) => ({ ids: [a.update_alert.order_id] })],
  ['create_order_instruction', { side: 'BUY', contract_id_ex: String(AAPL), quantity: 1 }],
  ['get_order_instructions', {}],
  ['delete_order_instruction', (a) => ({ id: a.create_order_instruction.id })],
  ['provide_customer_feedback', { feedback_text: 'Contract test' }],
];

describeInProcess('the MCP endpoint', () => {
  let target: Target;
  let client: Client;
  beforeAll(async () => {
    target = await startTarget();
    const tokens = controls(target).server.controls.agents.tokens({ username: 'demo_individual' });
    client = new Client({ name: 'contract-tests', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL('/v1/api/mcp-public', target.baseUrl), {
        requestInit: { headers: { Authorization: `Bearer ${tokens.access_token}` } },
      }),
    );
  });
  afterAll(async () => {
    await client.close();
    await target.close();
  });

  it('answers every listed tool as its output schema says', async () => {
    const { tools } = await client.listTools();
    recordTool({ listed: tools.map((tool) => tool.name) });
    const answers: Answers = {};
    for (const [name, args] of calls) {
      const result = await client.callTool({
        name,
        arguments: typeof args === 'function' ? args(answers) : args,
      });
      expect({ name, isError: result.isError ?? false }).toEqual({ name, isError: false });
      answers[name] = result.structuredContent;
      recordTool({ called: name });
    }
  });
});
