// Account tools: one linked account (the grant's), read through the REST operations they mirror.
import { executionsBetween, tradeView } from '../../domain/orders/trades.js';
import { startOfUtcDay } from '../../domain/kernel/time-format.js';
import { dayMs } from '../../domain/portfolio/calendar.js';
import { answerSchema, objectOf, type JsonSchema } from '../document-schemas.js';
import { asOperation, tool, type AgentTool } from '../tool.js';

const noArguments: JsonSchema = { type: 'object', properties: {}, additionalProperties: false };

/** The periods `get_account_trades` takes, as days back from today (today counts as one). */
const tradePeriods = {
  TODAY: () => 1,
  DAYS_7: () => 7,
  DAYS_30: () => 30,
  DAYS_90: () => 90,
  YEAR_TO_DATE: (today: number) =>
    Math.round((today - Date.UTC(new Date(today).getUTCFullYear(), 0, 1)) / dayMs) + 1,
  CURRENT_QUARTER: (today: number) => {
    const date = new Date(today);
    const start = Date.UTC(date.getUTCFullYear(), Math.floor(date.getUTCMonth() / 3) * 3, 1);
    return Math.round((today - start) / dayMs) + 1;
  },
} as const;
type TradePeriod = keyof typeof tradePeriods;

const allocationTypes = [
  'FINANCIAL_INSTRUMENT',
  'ASSET_CLASS',
  'SECTOR',
  'REGION',
  'COUNTRY',
  'ALL',
];

/** Positions per page of `GET /portfolio/{accountId}/positions/{pageId}`. */
const positionsPageSize = 100;

export const accountTools: AgentTool[] = [
  tool({
    name: 'get_account_summary',
    title: 'Account summary',
    description: "The linked account's summary: net liquidation, cash, margin and buying power.",
    mirrors: ['getPortfolioSummary'],
    readOnly: true,
    inputSchema: noArguments,
    outputSchema: answerSchema('getPortfolioSummary'),
    call: (_args, context) =>
      asOperation(context, 'getPortfolioSummary', {
        params: { accountId: context.grant.accountId },
      }),
  }),
  tool({
    name: 'get_account_balances',
    title: 'Account balances',
    description: "The linked account's cash and values: a row per currency, and a BASE row.",
    mirrors: ['getLedger'],
    readOnly: true,
    inputSchema: noArguments,
    outputSchema: objectOf({
      balances: {
        type: 'array',
        items: answerSchema('getLedger').additionalProperties as JsonSchema,
      },
    }),
    call: async (_args, context) => {
      const ledger = (await asOperation(context, 'getLedger', {
        params: { accountId: context.grant.accountId },
      })) as Record<string, unknown>;
      return { balances: Object.values(ledger) };
    },
  }),
  tool({
    name: 'get_account_positions',
    title: 'Account positions',
    description: 'Every position of the linked account (no paging).',
    mirrors: ['getPositions'],
    readOnly: true,
    inputSchema: noArguments,
    outputSchema: objectOf({ positions: answerSchema('getPositions') }),
    call: async (_args, context) => {
      const positions: unknown[] = [];
      for (let pageId = 0; ; pageId += 1) {
        const page = (await asOperation(context, 'getPositions', {
          params: { accountId: context.grant.accountId, pageId },
          query: {},
        })) as unknown[];
        positions.push(...page);
        if (page.length < positionsPageSize) return { positions };
      }
    },
  }),
  tool({
    name: 'get_account_orders',
    title: 'Account orders',
    description: "The linked account's live orders and those that ended today.",
    mirrors: ['getOpenOrders'],
    readOnly: true,
    inputSchema: noArguments,
    outputSchema: answerSchema('getOpenOrders'),
    call: (_args, context) =>
      asOperation(context, 'getOpenOrders', { query: { accountId: context.grant.accountId } }),
  }),
  tool<{ period?: TradePeriod }>({
    name: 'get_account_trades',
    title: 'Account trades',
    description: "The linked account's executions over a period (default TODAY).",
    mirrors: ['getTrades'],
    readOnly: true,
    inputSchema: {
      type: 'object',
      properties: { period: { type: 'string', enum: Object.keys(tradePeriods) } },
      additionalProperties: false,
    },
    outputSchema: objectOf({ trades: answerSchema('getTrades') }),
    call: (args, context) => {
      const { brokerage } = context.services;
      const today = startOfUtcDay(brokerage.clock.now());
      const days = tradePeriods[args.period ?? 'TODAY'](today);
      // The executions kept by UTC day, counted in days since the epoch.
      const lastDay = today / dayMs;
      const executions = executionsBetween(
        brokerage.store,
        context.grant.accountId,
        lastDay - (days - 1),
        lastDay,
      );
      return { trades: executions.map((execution) => tradeView(brokerage, execution)) };
    },
  }),
  tool<{ type: string; currency?: string; date?: string }>({
    name: 'get_pa_allocation',
    title: 'Portfolio allocation',
    description:
      "The linked account's allocation by instrument, asset class, sector, region or country.",
    mirrors: ['getPortfolioAllocation'],
    readOnly: true,
    inputSchema: {
      type: 'object',
      required: ['type'],
      properties: {
        type: { type: 'string', enum: allocationTypes },
        currency: { type: 'string', minLength: 3, maxLength: 3 },
        date: { type: 'string', pattern: '^[0-9]{8}$' },
      },
      additionalProperties: false,
    },
    outputSchema: answerSchema('getPortfolioAllocation'),
    call: (args, context) =>
      asOperation(context, 'getPortfolioAllocation', {
        body: { acctIds: [context.grant.accountId], ...args },
      }),
  }),
  tool({
    name: 'get_pa_performance_all_periods',
    title: 'Performance over all periods',
    description:
      "The linked account's performance (1D, 7D, MTD, 1M, YTD, 1Y): dates, NAV, returns.",
    mirrors: ['getAllPeriodsPerformance'],
    readOnly: true,
    inputSchema: noArguments,
    outputSchema: answerSchema('getAllPeriodsPerformance'),
    call: (_args, context) =>
      asOperation(context, 'getAllPeriodsPerformance', {
        body: { acctIds: [context.grant.accountId] },
        query: {},
      }),
  }),
];
