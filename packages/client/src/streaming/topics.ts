import type { streaming } from '@brokerage/types';

type Messages = streaming.ServerMessages;

/** What `smh` takes (`HistoryArguments` of the streaming document). */
export type HistoryArguments = streaming.components['schemas']['SubscribeHistoryArguments'];
/** What `str` takes (`TradesArguments`). */
export type TradesArguments = streaming.components['schemas']['SubscribeTradesArguments'];
/** What `ssd` takes (`AccountSummaryArguments`). */
export type AccountSummaryArguments =
  streaming.components['schemas']['SubscribeAccountSummaryArguments'];

/** One kind of subscription: the frames that start and stop it, and the topic of its messages. */
interface Topic<Args extends unknown[], Message> {
  subscribe(...args: Args): string;
  /** `serverId`: the stream's id from its first message, for topics that stop by it (`umh`). */
  unsubscribe(args: Args, serverId: string | undefined): string;
  topic(...args: Args): string;
  /** What the subscription yields of a message of its topic (default: the message). */
  view?(args: Args, message: Message): Message;
  /** Only for typing: the message the subscription yields. */
  readonly message?: Message;
}

const json = (value: object) => JSON.stringify(value);

/** The identifiers the service sends with every contract's first update, asked or not. */
const alwaysSent = new Set(['6119', '6509']);

/** An `smd` message with only the fields asked (none asked: all): the service's feed of a
 * contract carries every field subscribed for it so far, which a subscription did not ask. */
function fieldsAsked(
  message: Messages['marketData'],
  fields: readonly string[],
): Messages['marketData'] {
  if (fields.length === 0) return message;
  const asked = new Set([...fields, ...alwaysSent]);
  return Object.fromEntries(
    Object.entries(message).filter(([key]) => !/^\d+$/.test(key) || asked.has(key)),
  ) as Messages['marketData'];
}

/** Every subscription the socket offers, by the name `subscribe` takes. */
export const topics = {
  marketData: {
    subscribe: (conid: number | string, fields: string[] = []) =>
      `smd+${conid}+${json(fields.length > 0 ? { fields } : {})}`,
    unsubscribe: ([conid]) => `umd+${conid}+{}`,
    topic: (conid) => `smd+${conid}`,
    view: ([, fields = []], message) => fieldsAsked(message, fields),
  } satisfies Topic<[conid: number | string, fields?: string[]], Messages['marketData']>,
  orders: {
    subscribe: () => 'sor+{}',
    unsubscribe: () => 'uor+{}',
    topic: () => 'sor',
  } satisfies Topic<[], Messages['orderUpdates']>,
  trades: {
    subscribe: (options: TradesArguments = {}) => `str+${json(options)}`,
    unsubscribe: () => 'utr+{}',
    topic: () => 'str',
  } satisfies Topic<[options?: TradesArguments], Messages['trades']>,
  pnl: {
    subscribe: () => 'spl+{}',
    unsubscribe: () => 'upl+{}',
    topic: () => 'spl',
  } satisfies Topic<[], Messages['pnl']>,
  accountSummary: {
    subscribe: (accountId: string, options: AccountSummaryArguments = {}) =>
      `ssd+${accountId}+${json(options)}`,
    unsubscribe: ([accountId]) => `usd+${accountId}+{}`,
    topic: (accountId) => `ssd+${accountId}`,
  } satisfies Topic<
    [accountId: string, options?: AccountSummaryArguments],
    Messages['accountSummary']
  >,
  ledger: {
    subscribe: (accountId: string) => `sld+${accountId}+{}`,
    unsubscribe: ([accountId]) => `uld+${accountId}+{}`,
    topic: (accountId) => `sld+${accountId}`,
  } satisfies Topic<[accountId: string], Messages['ledger']>,
  priceLadder: {
    subscribe: (accountId: string, conid: number | string, exchange?: string) =>
      `sbd+${accountId}+${conid}${exchange === undefined ? '' : `+${exchange}`}`,
    unsubscribe: ([accountId]) => `ubd+${accountId}`,
    topic: (accountId, conid, exchange) =>
      `sbd+${accountId}+${conid}${exchange === undefined ? '' : `+${exchange}`}`,
  } satisfies Topic<
    [accountId: string, conid: number | string, exchange?: string],
    Messages['priceLadder']
  >,
  history: {
    subscribe: (conid: number | string, options: HistoryArguments = {}) =>
      `smh+${conid}+${json(options)}`,
    unsubscribe: (_args, serverId) => `umh+${serverId ?? ''}`,
    topic: (conid) => `smh+${conid}`,
  } satisfies Topic<[conid: number | string, options?: HistoryArguments], Messages['history']>,
} as const;

export type TopicName = keyof typeof topics;
export type TopicArgs<Name extends TopicName> = Parameters<(typeof topics)[Name]['subscribe']>;

/** The message each subscription yields. */
export interface TopicMessages {
  marketData: Messages['marketData'];
  orders: Messages['orderUpdates'];
  trades: Messages['trades'];
  pnl: Messages['pnl'];
  accountSummary: Messages['accountSummary'];
  ledger: Messages['ledger'];
  priceLadder: Messages['priceLadder'];
  history: Messages['history'];
}
