import type { Schema } from '@brokerage/types';

/** A snapshot entry as the service sends it: every field a string keyed by its code. */
export type SnapshotEntry = Schema<'MarketDataSnapshotEntry'>;

/** The codes of the snapshot fields the document describes. */
export type SnapshotFieldCode = `${Extract<keyof SnapshotEntry, number>}`;

/** Readable names of the snapshot's field codes: `fields: ['last', 'bid', 'ask']` asks for
 * `31,84,86`. */
export const snapshotFieldCodes = {
  last: '31',
  symbol: '55',
  high: '70',
  low: '71',
  marketValue: '73',
  avgPrice: '74',
  unrealizedPnl: '75',
  formattedPosition: '76',
  formattedUnrealizedPnl: '77',
  dailyPnl: '78',
  realizedPnl: '79',
  unrealizedPnlPercent: '80',
  change: '82',
  changePercent: '83',
  bid: '84',
  askSize: '85',
  ask: '86',
  volume: '87',
  bidSize: '88',
  exchange: '6004',
  conid: '6008',
  secType: '6070',
  marker: '6119',
  availability: '6509',
  companyName: '7051',
  lastSize: '7059',
  listingExchange: '7221',
  high52Weeks: '7293',
  low52Weeks: '7294',
  open: '7295',
  priorClose: '7741',
  volumeLong: '7762',
} as const satisfies Record<string, SnapshotFieldCode>;

export type SnapshotFieldName = keyof typeof snapshotFieldCodes;

/** The names of fields that carry numbers (prices, sizes, volumes, changes). */
export const numericSnapshotFields = [
  'last',
  'high',
  'low',
  'marketValue',
  'avgPrice',
  'unrealizedPnl',
  'formattedPosition',
  'formattedUnrealizedPnl',
  'dailyPnl',
  'realizedPnl',
  'unrealizedPnlPercent',
  'change',
  'changePercent',
  'bid',
  'askSize',
  'ask',
  'volume',
  'bidSize',
  'lastSize',
  'high52Weeks',
  'low52Weeks',
  'open',
  'priorClose',
  'volumeLong',
] as const satisfies readonly SnapshotFieldName[];

export type NumericSnapshotFieldName = (typeof numericSnapshotFields)[number];

/** The `fields` parameter for names: `['last', 'bid']` → `31,84`. */
export const fieldsParameter = (names: readonly SnapshotFieldName[]): string =>
  names.map((name) => snapshotFieldCodes[name]).join(',');

const multipliers: Record<string, number> = { K: 1e3, M: 1e6, B: 1e9 };

/** The number in a snapshot value: without the last price's `C`/`H` prefix, a `%` sign or
 * thousands separators, with a `K`/`M`/`B` suffix applied; undefined when there is none. */
export function snapshotNumber(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const match = /^[CH]?([-+]?[\d,]*\.?\d+)\s*([KMB%])?$/.exec(value.trim());
  if (!match?.[1]) return undefined;
  const number = Number(match[1].replaceAll(',', ''));
  return number * (multipliers[match[2] ?? ''] ?? 1);
}

/** A snapshot entry read by name, with numbers parsed beside the raw strings. */
export interface SnapshotView {
  conid: number;
  /** The raw string of each field answered, by name. */
  raw: Partial<Record<SnapshotFieldName, string>>;
  /** The numeric fields answered, parsed. */
  numbers: Partial<Record<NumericSnapshotFieldName, number>>;
  /** The last price is the previous close (`C` prefix: no trade yet today). */
  lastIsPriorClose: boolean;
  /** Trading is halted (`H` prefix on the last price). */
  halted: boolean;
  /** The data is delayed (field 6509 starting with `D` or `Y`). */
  delayed: boolean;
}

/** Reads an entry by field names and parses its numbers: only the fields `asked`, when given. The
 * service's entry may carry more: every field asked for the contract since its subscription. */
export function viewSnapshot(
  entry: SnapshotEntry,
  asked?: readonly SnapshotFieldName[],
): SnapshotView {
  const raw: SnapshotView['raw'] = {};
  const names = asked ?? (Object.keys(snapshotFieldCodes) as SnapshotFieldName[]);
  for (const name of names) {
    const value = entry[snapshotFieldCodes[name]];
    if (value !== undefined) raw[name] = value;
  }
  const numbers: SnapshotView['numbers'] = {};
  for (const name of numericSnapshotFields) {
    const number = snapshotNumber(raw[name]);
    if (number !== undefined) numbers[name] = number;
  }
  return {
    conid: entry.conid,
    raw,
    numbers,
    // The flags read the entry whole: they hold whichever request asked their fields.
    lastIsPriorClose: entry['31']?.startsWith('C') ?? false,
    halted: entry['31']?.startsWith('H') ?? false,
    delayed: /^[DY]/.test(entry['6509'] ?? ''),
  };
}
