// Market-data tools: no account needed; answers from the market the REST snapshot and history read.
import { badRequest } from '../../domain/kernel/errors.js';
import { answerSchema, type JsonSchema } from '../document-schemas.js';
import { asOperation, tool, type AgentTool } from '../tool.js';

/** The tool's data names, each as the snapshot's field codes and the keys it answers them under
 * (hyphenated, as the service's are). */
const dataNames: Record<string, Record<string, string>> = {
  last: { '31': 'last', '7059': 'last-size' },
  bid_ask: { '84': 'bid', '88': 'bid-size', '86': 'ask', '85': 'ask-size' },
  change: { '82': 'change', '83': 'change-percent' },
  prior_close: { '7741': 'prior-close' },
  open: { '7295': 'open' },
  high_low: { '70': 'high', '71': 'low' },
  volume: { '87': 'volume', '7762': 'volume-long' },
  week_52: { '7293': '52-week-high', '7294': '52-week-low' },
  implied_volatility: { '7633': 'implied-volatility' },
};
/** Always answered: whether the data is live, delayed or frozen. */
const statusCodes: Record<string, string> = { '6509': 'top-status' };
const defaultNames = ['last', 'bid_ask'];

const snapshotKeys = Object.values({
  ...statusCodes,
  ...Object.assign({}, ...Object.values(dataNames)),
});

/** Seconds of each step of `get_price_history`, and the bar it asks the history for. */
const steps: Record<string, { seconds: number; bar: string }> = {
  THIRTY_SECS: { seconds: 30, bar: '30S' },
  ONE_MIN: { seconds: 60, bar: '1min' },
  TWO_MINS: { seconds: 120, bar: '2min' },
  THREE_MINS: { seconds: 180, bar: '3min' },
  FIVE_MINS: { seconds: 300, bar: '5min' },
  TEN_MINS: { seconds: 600, bar: '10min' },
  FIFTEEN_MINS: { seconds: 900, bar: '15min' },
  THIRTY_MINS: { seconds: 1800, bar: '30min' },
  ONE_HOUR: { seconds: 3600, bar: '1h' },
  TWO_HOURS: { seconds: 7200, bar: '2h' },
  THREE_HOURS: { seconds: 10_800, bar: '3h' },
  FOUR_HOURS: { seconds: 14_400, bar: '4h' },
  EIGHT_HOURS: { seconds: 28_800, bar: '8h' },
  ONE_DAY: { seconds: 86_400, bar: '1d' },
  ONE_WEEK: { seconds: 604_800, bar: '1w' },
  ONE_MONTH: { seconds: 2_592_000, bar: '1m' },
};

/** The most steps one history call answers. */
const maxSteps = 1000;

/** The period that covers `count` steps, in the largest unit the history takes it in. */
function periodOf(step: string, count: number): string {
  if (step === 'ONE_WEEK') return `${count}w`;
  if (step === 'ONE_MONTH') return `${count}m`;
  const seconds = (steps[step]?.seconds ?? 60) * count;
  if (seconds <= 30 * 60) return `${Math.ceil(seconds / 60)}min`;
  if (seconds <= 8 * 3600) return `${Math.ceil(seconds / 3600)}h`;
  return `${Math.ceil(seconds / 86_400)}d`;
}

const snapshotOutput: JsonSchema = {
  type: 'object',
  required: ['contract_id'],
  properties: {
    contract_id: { type: 'integer' },
    ...Object.fromEntries(snapshotKeys.map((key) => [key, { type: 'string' }])),
  },
  additionalProperties: false,
};

export const marketDataTools: AgentTool[] = [
  tool<{ contract_id: number; exchange?: string; market_data_names?: string[] }>({
    name: 'get_price_snapshot',
    title: 'Price snapshot',
    description:
      'A snapshot of one contract: last, bid and ask by default. The first call of a contract starts its data and may answer few values.',
    mirrors: ['getMarketDataSnapshot'],
    readOnly: true,
    inputSchema: {
      type: 'object',
      required: ['contract_id'],
      properties: {
        contract_id: { type: 'integer', minimum: 1 },
        exchange: { type: 'string', maxLength: 20 },
        market_data_names: {
          type: 'array',
          items: { type: 'string', enum: Object.keys(dataNames) },
          maxItems: Object.keys(dataNames).length,
        },
      },
      additionalProperties: false,
    },
    outputSchema: snapshotOutput,
    call: async (args, context) => {
      const names = args.market_data_names ?? defaultNames;
      const keys: Record<string, string> = Object.assign(
        { ...statusCodes },
        ...names.map((name) => dataNames[name]),
      );
      const entries = (await asOperation(context, 'getMarketDataSnapshot', {
        query: { conids: String(args.contract_id), fields: Object.keys(keys).join(',') },
      })) as Record<string, unknown>[];
      const entry = entries[0] ?? {};
      const answer: Record<string, unknown> = { contract_id: args.contract_id };
      for (const [code, key] of Object.entries(keys)) {
        if (typeof entry[code] === 'string') answer[key] = entry[code];
      }
      return answer;
    },
  }),
  tool<{
    contract_id: number;
    security_type: string;
    step: string;
    outside_rth: boolean;
    period?: string;
    step_count?: number;
  }>({
    name: 'get_price_history',
    title: 'Price history',
    description:
      'Bars of one contract: one of period (e.g. 1d, 1w, 6m) or step_count, at most 1000 steps.',
    mirrors: ['getMarketDataHistory'],
    readOnly: true,
    inputSchema: {
      type: 'object',
      required: ['contract_id', 'security_type', 'step', 'outside_rth'],
      properties: {
        contract_id: { type: 'integer', minimum: 1 },
        security_type: {
          type: 'string',
          enum: ['STK', 'OPT', 'FUT', 'FOP', 'CASH', 'IND', 'BOND'],
        },
        step: { type: 'string', enum: Object.keys(steps) },
        outside_rth: { type: 'boolean' },
        period: { type: 'string', pattern: '^[0-9]{1,4}(min|h|d|w|m|y)$' },
        step_count: { type: 'integer', minimum: 1 },
      },
      additionalProperties: false,
    },
    outputSchema: answerSchema('getMarketDataHistory'),
    call: (args, context) => {
      if ((args.period === undefined) === (args.step_count === undefined)) {
        throw badRequest('Give one of period or step_count');
      }
      if (args.step_count !== undefined && args.step_count > maxSteps) {
        throw badRequest(`Step count more than ${maxSteps} is not allowed`);
      }
      const step = steps[args.step] ?? { seconds: 60, bar: '1min' };
      return asOperation(context, 'getMarketDataHistory', {
        query: {
          conid: args.contract_id,
          bar: step.bar,
          period: args.period ?? periodOf(args.step, args.step_count ?? 1),
          outsideRth: args.outside_rth,
        },
      });
    },
  }),
];
