// Contract tools: search, futures, option chains and combo identifiers, from the market's
// catalogue as the REST contract operations read it.
import { badRequest } from '../../domain/kernel/errors.js';
import type { Instrument } from '../../domain/market/model.js';
import { answerSchema, objectOf, type JsonSchema } from '../document-schemas.js';
import { asOperation, tool, type AgentTool, type ToolContext } from '../tool.js';

/** The spread contract of US stock and option combos: the first part of a combo identifier. */
const usdSpreadConid = 28812380;

/** An expiration's id: the underlying, the options' kind and the day (`265598:OPT:20260116`),
 * which `get_option_data` takes back as it was given. */
const expirationId = (underlying: number, secType: string, day: number) =>
  `${underlying}:${secType}:${day}`;

function underlyingOf(context: ToolContext, conid: number): Instrument {
  const instrument = context.services.brokerage.market.instrument(conid);
  if (!instrument) throw badRequest(`No contract ${conid}`);
  return instrument;
}

/** The options of an underlying of one kind, each with its expiration day. */
function optionsOf(context: ToolContext, underlying: number, secType: string) {
  return context.services.brokerage.market
    .optionsOf(underlying)
    .filter(
      (option) => option.secType === secType && option.expiration !== undefined && option.option,
    );
}

const futuresAnswer = answerSchema('getFuturesBySymbols');

export const contractTools: AgentTool[] = [
  tool<{ query: string; language?: string }>({
    name: 'search_contracts',
    title: 'Search contracts',
    description: 'Contracts whose symbol or company name matches the query.',
    mirrors: ['searchContracts'],
    readOnly: true,
    inputSchema: {
      type: 'object',
      required: ['query'],
      properties: {
        query: { type: 'string', minLength: 1, maxLength: 100 },
        language: { type: 'string', maxLength: 10 },
      },
      additionalProperties: false,
    },
    outputSchema: objectOf({ contracts: answerSchema('searchContracts') }),
    call: async (args, context) => {
      // A symbol first; a query no symbol matches is searched among the company names.
      const bySymbol = (await asOperation(context, 'searchContracts', {
        query: { symbol: args.query },
      })) as unknown[];
      const contracts =
        bySymbol.length > 0
          ? bySymbol
          : await asOperation(context, 'searchContracts', {
              query: { symbol: args.query, name: 'true' },
            });
      return { contracts };
    },
  }),
  tool<{
    underlying_contract_id: number;
    include_expired?: boolean;
    representative_only?: boolean;
  }>({
    name: 'search_futures',
    title: 'Search futures',
    description: 'The futures of an underlying (an index or a commodity), nearest expiry first.',
    mirrors: ['getFuturesBySymbols'],
    readOnly: true,
    inputSchema: {
      type: 'object',
      required: ['underlying_contract_id'],
      properties: {
        underlying_contract_id: { type: 'integer', minimum: 1 },
        include_expired: { type: 'boolean' },
        representative_only: { type: 'boolean' },
      },
      additionalProperties: false,
    },
    outputSchema: objectOf({ futures: futuresAnswer.additionalProperties as JsonSchema }),
    call: async (args, context) => {
      // The underlying is named by its futures chain (an index the catalogue lists no contract of).
      const { market } = context.services.brokerage;
      const symbol =
        market.catalogueData.futures.find(
          (chain) => chain.underlyingConid === args.underlying_contract_id,
        )?.symbol ?? underlyingOf(context, args.underlying_contract_id).symbol;
      const bySymbol = (await asOperation(context, 'getFuturesBySymbols', {
        query: { symbols: symbol },
      })) as Record<string, unknown[]>;
      const futures = bySymbol[symbol] ?? [];
      return { futures: args.representative_only === true ? futures.slice(0, 1) : futures };
    },
  }),
  tool<{
    underlying_contract_id: number;
    option_sec_type?: 'OPT' | 'FOP';
    option_exchange?: string;
  }>({
    name: 'get_option_parameters',
    title: 'Option parameters',
    description:
      "An underlying's option expirations; give an expiration's id to get_option_data as it is.",
    mirrors: ['searchContracts', 'getOptionStrikes'],
    readOnly: true,
    inputSchema: {
      type: 'object',
      required: ['underlying_contract_id'],
      properties: {
        underlying_contract_id: { type: 'integer', minimum: 1 },
        option_sec_type: { type: 'string', enum: ['OPT', 'FOP'] },
        option_exchange: { type: 'string', maxLength: 20 },
      },
      additionalProperties: false,
    },
    outputSchema: objectOf({
      underlying_contract_id: { type: 'integer' },
      expirations: {
        type: 'array',
        items: objectOf({
          id: { type: 'string' },
          expiration: { type: 'string', pattern: '^[0-9]{8}$' },
          strikes: { type: 'integer' },
        }),
      },
    }),
    call: (args, context) => {
      const underlying = underlyingOf(context, args.underlying_contract_id).conid;
      const secType = args.option_sec_type ?? 'OPT';
      const strikesByDay = new Map<number, Set<number>>();
      for (const option of optionsOf(context, underlying, secType)) {
        const day = option.expiration ?? 0;
        strikesByDay.set(day, (strikesByDay.get(day) ?? new Set()).add(option.option?.strike ?? 0));
      }
      const expirations = [...strikesByDay.entries()]
        .sort(([a], [b]) => a - b)
        .map(([day, strikes]) => ({
          id: expirationId(underlying, secType, day),
          expiration: String(day),
          strikes: strikes.size,
        }));
      return { underlying_contract_id: underlying, expirations };
    },
  }),
  tool<{ expiration_id: string; min_strike?: number; max_strike?: number }>({
    name: 'get_option_data',
    title: 'Option chain of an expiration',
    description: 'Per strike, the call and put contract ids of one expiration (no prices).',
    mirrors: ['getOptionStrikes', 'getSecdefInfo'],
    readOnly: true,
    inputSchema: {
      type: 'object',
      required: ['expiration_id'],
      properties: {
        expiration_id: { type: 'string', minLength: 1, maxLength: 64 },
        min_strike: { type: 'number' },
        max_strike: { type: 'number' },
      },
      additionalProperties: false,
    },
    outputSchema: objectOf({
      expiration: { type: 'string' },
      strikes: {
        type: 'array',
        items: objectOf(
          {
            strike: { type: 'number' },
            call_contract_id: { type: 'integer' },
            put_contract_id: { type: 'integer' },
          },
          ['call_contract_id', 'put_contract_id'],
        ),
      },
    }),
    call: (args, context) => {
      const match = /^([0-9]+):(OPT|FOP):([0-9]{8})$/.exec(args.expiration_id);
      if (!match) throw badRequest(`Unknown expiration_id ${args.expiration_id}`);
      const [, underlying, secType, day] = match as unknown as [string, string, string, string];
      const rows = new Map<
        number,
        { strike: number; call_contract_id?: number; put_contract_id?: number }
      >();
      for (const option of optionsOf(context, Number(underlying), secType)) {
        const strike = option.option?.strike ?? 0;
        if (String(option.expiration) !== day) continue;
        if (args.min_strike !== undefined && strike < args.min_strike) continue;
        if (args.max_strike !== undefined && strike > args.max_strike) continue;
        const row = rows.get(strike) ?? { strike };
        if (option.option?.right === 'C') row.call_contract_id = option.conid;
        else row.put_contract_id = option.conid;
        rows.set(strike, row);
      }
      if (
        rows.size === 0 &&
        optionsOf(context, Number(underlying), secType).every((o) => String(o.expiration) !== day)
      ) {
        throw badRequest(`Unknown expiration_id ${args.expiration_id}`);
      }
      return { expiration: day, strikes: [...rows.values()].sort((a, b) => a.strike - b.strike) };
    },
  }),
  tool<{ legs: { contract_id_ex: string; size: number }[] }>({
    name: 'get_combo_identifier',
    title: 'Combo identifier',
    description: 'The identifier of a combination of option legs, each with a signed size.',
    mirrors: [],
    readOnly: true,
    inputSchema: {
      type: 'object',
      required: ['legs'],
      properties: {
        legs: {
          type: 'array',
          minItems: 2,
          maxItems: 6,
          items: {
            type: 'object',
            required: ['contract_id_ex', 'size'],
            properties: {
              contract_id_ex: { type: 'string', pattern: '^[0-9]{1,12}(@[A-Z0-9._-]{1,20})?$' },
              size: { type: 'integer', not: { const: 0 }, minimum: -100, maximum: 100 },
            },
            additionalProperties: false,
          },
        },
      },
      additionalProperties: false,
    },
    outputSchema: objectOf({ combo_identifier: { type: 'string' } }),
    call: (args, context) => {
      const legs = args.legs.map(({ contract_id_ex, size }) => {
        const conid = Number(contract_id_ex.split('@')[0]);
        const instrument = context.services.brokerage.market.instrument(conid);
        if (!instrument?.option) throw badRequest(`Leg ${contract_id_ex} is not an option`);
        return `${conid}/${size}`;
      });
      return { combo_identifier: `${usdSpreadConid};;;${legs.join(',')}` };
    },
  }),
];
