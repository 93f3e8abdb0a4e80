import type { Schema } from '@brokerage/types';
import type { Instrument } from '../market/model.js';

type Algo = Required<Omit<Schema<'ContractAlgo'>, 'parameters'>> & { parameters: Parameter[] };
/** A parameter as the catalogue defines it; `required` becomes the wire's string when answered. */
type Parameter = Omit<Schema<'AlgoParameter'>, 'required'> & { required: boolean };

const time = (id: string, name: string, defaultValue: string, guiRank: number): Parameter => ({
  id,
  name,
  valueClassName: 'Time',
  defaultValue,
  required: false,
  guiRank,
  description: `${name} of the algorithm, a time of day and a time zone.`,
});
const startTime = (guiRank: number) =>
  time('startTime', 'Start Time', '09:30:00 US/Eastern', guiRank);
const endTime = (guiRank: number) => time('endTime', 'End Time', '16:00:00 US/Eastern', guiRank);

const flag = (id: string, name: string, guiRank: number, description: string): Parameter => ({
  id,
  name,
  valueClassName: 'Boolean',
  defaultValue: false,
  required: false,
  guiRank,
  description,
});
const allowPastEndTime = (guiRank: number) =>
  flag(
    'allowPastEndTime',
    'Allow trading past end time',
    guiRank,
    'Whether an unfilled order may keep trading after the end time.',
  );
const forceCompletion = (guiRank: number) =>
  flag(
    'forceCompletion',
    'Attempt completion by the end of the day',
    guiRank,
    'Whether the algorithm speeds up to fill the whole order before the close.',
  );
const noTakeLiq = (guiRank: number): Parameter => ({
  ...flag(
    'noTakeLiq',
    'Attempt to never take liquidity',
    guiRank,
    'Whether the algorithm posts only passive orders and never crosses the spread.',
  ),
  enabledConditions: ['MKT:speedUp:=:no'],
});

const percentage = (id: string, name: string, guiRank: number, required: boolean): Parameter => ({
  id,
  name,
  valueClassName: 'Double',
  minValue: 0.01,
  maxValue: 50,
  required,
  guiRank,
  description: 'Largest share of the average daily volume the order may take, in percent.',
});
const maxPctVol = (guiRank: number) => percentage('maxPctVol', 'Max Percentage', guiRank, false);

const riskAversion = (guiRank: number): Parameter => ({
  id: 'riskAversion',
  name: 'Urgency/Risk Aversion',
  valueClassName: 'String',
  defaultValue: 'Neutral',
  legalStrings: ['Get Done', 'Aggressive', 'Neutral', 'Passive'],
  required: false,
  guiRank,
  description:
    'Trade-off between market impact (Passive) and the risk of the price moving away (Get Done).',
});

const integer = (id: string, name: string, guiRank: number, description: string): Parameter => ({
  id,
  name,
  valueClassName: 'Integer',
  minValue: 1,
  required: true,
  guiRank,
  description,
});

/** The broker's algorithms for stocks, in the order the service lists them. */
const stockAlgos: Algo[] = [
  {
    id: 'Adaptive',
    name: 'Adaptive',
    description:
      'Works the order between the bid and the ask, trading execution speed against price improvement.',
    parameters: [
      {
        id: 'adaptivePriority',
        name: 'Adaptive order priority/urgency',
        valueClassName: 'String',
        defaultValue: 'Normal',
        legalStrings: ['Urgent', 'Normal', 'Patient'],
        required: true,
        guiRank: 1,
        description:
          'How fast the order seeks a fill: Urgent fills sooner, Patient waits for better prices.',
      },
    ],
  },
  {
    id: 'Vwap',
    name: 'VWAP',
    description: 'Aims at the volume-weighted average price between the start and the end time.',
    parameters: [maxPctVol(1), startTime(2), endTime(3), allowPastEndTime(4), noTakeLiq(5)],
  },
  {
    id: 'Twap',
    name: 'TWAP',
    description: 'Spreads the order evenly over time to reach the time-weighted average price.',
    parameters: [
      {
        id: 'strategyType',
        name: 'Trade when',
        valueClassName: 'String',
        defaultValue: 'Marketable',
        legalStrings: ['Marketable', 'Matching Midpoint', 'Matching Same Side', 'Matching Last'],
        required: false,
        guiRank: 1,
        description: 'Which price condition each child order waits for.',
      },
      startTime(2),
      endTime(3),
      allowPastEndTime(4),
    ],
  },
  {
    id: 'ArrivalPx',
    name: 'Arrival Price',
    description:
      'Aims at the midpoint at the time the order arrives, weighing market impact against risk.',
    parameters: [
      maxPctVol(1),
      riskAversion(2),
      startTime(3),
      endTime(4),
      forceCompletion(5),
      allowPastEndTime(6),
    ],
  },
  {
    id: 'PctVol',
    name: 'Percentage of Volume',
    description: 'Participates in the market at a steady share of the traded volume.',
    parameters: [
      percentage('pctVol', 'Target Percentage', 1, true),
      startTime(2),
      endTime(3),
      noTakeLiq(4),
    ],
  },
  {
    id: 'DarkIce',
    name: 'Dark Ice',
    description: 'Shows only part of the order and randomises the displayed size to hide the rest.',
    parameters: [
      integer('displaySize', 'Display Size', 1, 'Quantity shown to the market at a time.'),
      startTime(2),
      endTime(3),
      allowPastEndTime(4),
    ],
  },
  {
    id: 'ClosePx',
    name: 'Close Price',
    description: 'Aims at the closing price, starting early enough to limit the deviation from it.',
    parameters: [maxPctVol(1), riskAversion(2), startTime(3), forceCompletion(4)],
  },
  {
    id: 'BalanceImpactRisk',
    name: 'Balance Impact Risk',
    description:
      'Balances the market impact of trading a large order against the risk of the price moving.',
    parameters: [maxPctVol(1), riskAversion(2), forceCompletion(3)],
  },
  {
    id: 'MinImpact',
    name: 'Minimise Impact',
    description: 'Trades slowly to keep the market impact as small as possible.',
    parameters: [maxPctVol(1)],
  },
  {
    id: 'AD',
    name: 'Accumulate/Distribute',
    description: 'Slices a large order into small ones sent at intervals, to stay unnoticed.',
    parameters: [
      integer('componentSize', 'Component Size', 1, 'Quantity of each slice.'),
      integer('timeBetweenOrders', 'Time Between Orders', 2, 'Seconds between two slices.'),
      flag(
        'randomizeTime20',
        'Randomise time by 20%',
        3,
        'Whether the interval varies by up to 20 % either way.',
      ),
      flag(
        'randomizeSize55',
        'Randomise size by 55%',
        4,
        'Whether the slice size varies by up to 55 % either way.',
      ),
      startTime(5),
      endTime(6),
    ],
  },
];

/** The algorithms available for a contract: stocks have the broker's algorithms, others none. */
export function availableAlgos(instrument: Instrument): readonly Algo[] {
  return instrument.secType === 'STK' ? stockAlgos : [];
}

export interface AlgoQuery {
  /** Only these ids (unknown ones are left out); all when absent. */
  ids?: string[];
  withDescription: boolean;
  withParameters: boolean;
}

/** A parameter as the service sends it: `required` as the string `"true"`, and left out when
 * the parameter is optional, as real payloads carry it. */
function parameterOnWire({ required, ...parameter }: Parameter): Schema<'AlgoParameter'> {
  return {
    ...structuredClone(parameter),
    ...(required ? { required: 'true' as const } : {}),
  };
}

/** The algorithms of a contract as asked for: filtered by id, with descriptions and parameters on request. */
export function contractAlgos(instrument: Instrument, query: AlgoQuery): Schema<'ContractAlgos'> {
  return {
    algos: availableAlgos(instrument)
      .filter((algo) => query.ids === undefined || query.ids.includes(algo.id))
      .map(({ id, name, description, parameters }) => ({
        id,
        name,
        ...(query.withDescription ? { description } : {}),
        ...(query.withParameters ? { parameters: parameters.map(parameterOnWire) } : {}),
      })),
  };
}
