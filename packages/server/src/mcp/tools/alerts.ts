// Alert tools: the linked account's alerts, the same ones `/iserver/account/{accountId}/alerts`
// lists. The tools' condition names become the document's condition types and trigger methods.
import { answerSchema, objectOf } from '../document-schemas.js';
import { asOperation, tool, type AgentTool, type ToolContext } from '../tool.js';

/** Each condition of the tools as the document's `type` and, for prices, `triggerMethod`. */
const conditionTypes: Record<
  string,
  { type: 1 | 4 | 6 | 7 | 9; triggerMethod?: string; contract: boolean }
> = {
  LAST: { type: 1, triggerMethod: '2', contract: true },
  BID: { type: 1, triggerMethod: '4', contract: true },
  ASK: { type: 1, triggerMethod: '4', contract: true },
  MID_POINT: { type: 1, triggerMethod: '8', contract: true },
  VOLUME: { type: 6, contract: true },
  PERCENT_CHANGE: { type: 7, contract: true },
  DAILY_PNL: { type: 9, contract: false },
  MARGIN_CUSHION: { type: 4, contract: false },
};

interface AlertArguments {
  name?: string;
  symbol?: string;
  contract_id?: number;
  exchange?: string;
  condition_type: string;
  operator: 'lte' | 'gte';
  value: number;
  tif: 'UNTIL_TRIGGERED' | 'UNTIL_DATE';
  expire_time?: string;
  send_email?: boolean;
  email?: string;
}

const alertInput = (withId: boolean) => ({
  type: 'object',
  required: [...(withId ? ['id'] : []), 'condition_type', 'operator', 'value', 'tif'],
  properties: {
    ...(withId ? { id: { type: 'integer', minimum: 1 } } : {}),
    name: { type: 'string', minLength: 1, maxLength: 100 },
    symbol: { type: 'string', maxLength: 20 },
    contract_id: { type: 'integer', minimum: 1 },
    exchange: { type: 'string', maxLength: 20 },
    condition_type: { type: 'string', enum: Object.keys(conditionTypes) },
    operator: { type: 'string', enum: ['lte', 'gte'] },
    value: { type: 'number' },
    tif: { type: 'string', enum: ['UNTIL_TRIGGERED', 'UNTIL_DATE'] },
    expire_time: { type: 'string', pattern: '^[0-9]{8}-[0-9]{2}:[0-9]{2}:[0-9]{2}$' },
    send_email: { type: 'boolean' },
    email: { type: 'string', maxLength: 254 },
  },
  additionalProperties: false,
});

/** The document's alert request for the tool's arguments (`orderId`: the alert replaced). */
function alertRequest(args: AlertArguments, replacing?: number) {
  const condition = conditionTypes[args.condition_type] ?? { type: 1, contract: true };
  const exchange = args.exchange ?? 'SMART';
  return {
    ...(replacing === undefined ? {} : { orderId: replacing }),
    alertName:
      args.name ??
      `${args.symbol ?? args.contract_id ?? 'Account'} ${args.condition_type} ${args.operator} ${args.value}`,
    alertMessage: `${args.condition_type} ${args.operator === 'gte' ? '>=' : '<='} ${args.value}`,
    alertRepeatable: 0 as const,
    outsideRth: 0 as const,
    sendMessage: args.send_email === true ? (1 as const) : (0 as const),
    ...(args.email === undefined ? {} : { email: args.email }),
    tif: args.tif === 'UNTIL_DATE' ? ('GTD' as const) : ('GTC' as const),
    ...(args.expire_time === undefined ? {} : { expireTime: args.expire_time }),
    conditions: [
      {
        type: condition.type,
        ...(condition.contract
          ? { conidex: `${args.contract_id ?? 0}@${exchange}` }
          : { conidex: '*@*' }),
        operator: args.operator === 'gte' ? '>=' : '<=',
        ...(condition.triggerMethod === undefined
          ? {}
          : { triggerMethod: condition.triggerMethod }),
        value: String(args.value),
        logicBind: 'n',
      },
    ],
  };
}

const upsert = (context: ToolContext, args: AlertArguments, replacing?: number) =>
  asOperation(context, 'upsertAlert', {
    params: { accountId: context.grant.accountId },
    body: alertRequest(args, replacing) as never,
  });

const idsInput = {
  type: 'object',
  required: ['ids'],
  properties: {
    ids: { type: 'array', minItems: 1, maxItems: 100, items: { type: 'integer', minimum: 1 } },
  },
  additionalProperties: false,
};

export const alertTools: AgentTool[] = [
  tool({
    name: 'get_alerts',
    title: 'Alerts',
    description: "The linked account's alerts.",
    mirrors: ['listAlerts'],
    readOnly: true,
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    outputSchema: objectOf({ alerts: answerSchema('listAlerts') }),
    call: async (_args, context) => ({
      alerts: await asOperation(context, 'listAlerts', {
        params: { accountId: context.grant.accountId },
      }),
    }),
  }),
  tool<{ id: number }>({
    name: 'get_alert',
    title: 'Alert',
    description: 'One alert with its conditions.',
    mirrors: ['getAlertDetails'],
    readOnly: true,
    inputSchema: {
      type: 'object',
      required: ['id'],
      properties: { id: { type: 'integer', minimum: 1 } },
      additionalProperties: false,
    },
    outputSchema: answerSchema('getAlertDetails'),
    call: (args, context) =>
      asOperation(context, 'getAlertDetails', {
        params: { alertId: String(args.id) },
        query: { type: 'Q' },
      }),
  }),
  tool<AlertArguments>({
    name: 'create_alert',
    title: 'Create an alert',
    description:
      'Creates an alert on a contract (price, volume, change) or on the account (daily P&L, margin cushion).',
    mirrors: ['upsertAlert'],
    readOnly: false,
    inputSchema: alertInput(false),
    outputSchema: answerSchema('upsertAlert'),
    call: (args, context) => upsert(context, args),
  }),
  tool<AlertArguments & { id: number }>({
    name: 'update_alert',
    title: 'Update an alert',
    description: 'Replaces an alert whole.',
    mirrors: ['upsertAlert'],
    readOnly: false,
    inputSchema: alertInput(true),
    outputSchema: answerSchema('upsertAlert'),
    call: async (args, context) => {
      // The service keeps an alert's name: a replacement without one keeps the alert's own.
      const current = (await asOperation(context, 'getAlertDetails', {
        params: { alertId: String(args.id) },
        query: { type: 'Q' },
      })) as { alert_name?: string };
      return upsert(context, { ...args, name: args.name ?? current.alert_name }, args.id);
    },
  }),
  tool<{ ids: number[]; action: 'PAUSE' | 'RESUME' }>({
    name: 'set_alert_status',
    title: 'Pause or resume alerts',
    description: 'Pauses or resumes alerts.',
    mirrors: ['activateAlert'],
    readOnly: false,
    inputSchema: {
      ...idsInput,
      required: ['ids', 'action'],
      properties: { ...idsInput.properties, action: { type: 'string', enum: ['PAUSE', 'RESUME'] } },
    },
    outputSchema: objectOf({ results: { type: 'array', items: answerSchema('activateAlert') } }),
    call: async (args, context) => {
      const results: unknown[] = [];
      for (const alertId of args.ids) {
        results.push(
          await asOperation(context, 'activateAlert', {
            params: { accountId: context.grant.accountId },
            body: { alertId, alertActive: args.action === 'RESUME' ? 1 : 0 },
          }),
        );
      }
      return { results };
    },
  }),
  tool<{ ids: number[] }>({
    name: 'delete_alert',
    title: 'Delete alerts',
    description: 'Deletes alerts.',
    mirrors: ['deleteAlert'],
    readOnly: false,
    inputSchema: idsInput,
    outputSchema: objectOf({ results: { type: 'array', items: answerSchema('deleteAlert') } }),
    call: async (args, context) => {
      const results: unknown[] = [];
      for (const alertId of args.ids) {
        results.push(
          await asOperation(context, 'deleteAlert', {
            params: { accountId: context.grant.accountId, alertId: String(alertId) },
          }),
        );
      }
      return { results };
    },
  }),
];
