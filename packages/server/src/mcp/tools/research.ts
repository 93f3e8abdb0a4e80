// Research tools: the service's investment themes are not public; the simulation's themes are
// the catalogue's industry classification (sectors and groups), its companies the classified
// stocks, and it holds no funds (docs/decisions/service/mcp-research-tools.md).
import { badRequest } from '../../domain/kernel/errors.js';
import type { Instrument } from '../../domain/market/model.js';
import { classificationOf, classifiedSymbols } from '../../domain/contracts/classification.js';
import { objectOf, type JsonSchema } from '../document-schemas.js';
import { tool, type AgentTool, type ToolContext } from '../tool.js';
import { serverVersion } from '../server-identity.js';

interface Theme {
  key: string;
  name: string;
  kind: 'SECTOR' | 'GROUP';
  symbols: string[];
}

const keyOf = (kind: string, name: string) =>
  `${kind}:${name.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`;

/** The themes: one per sector and one per industry group of the classification. */
function themes(): Theme[] {
  const byKey = new Map<string, Theme>();
  for (const [symbol, classification] of classifiedSymbols()) {
    for (const [kind, name] of [
      ['SECTOR', classification.sector],
      ['GROUP', classification.group],
    ] as const) {
      const key = keyOf(kind, name);
      const theme = byKey.get(key) ?? { key, name, kind, symbols: [] };
      theme.symbols.push(symbol);
      byKey.set(key, theme);
    }
  }
  return [...byKey.values()];
}

const themeRow: JsonSchema = objectOf({
  key: { type: 'string' },
  name: { type: 'string' },
  kind: { type: 'string', enum: ['SECTOR', 'GROUP'] },
  companies: { type: 'integer' },
});

const companyRow: JsonSchema = objectOf({
  contract_id: { type: 'integer' },
  symbol: { type: 'string' },
  name: { type: 'string' },
});

/** The stocks of the catalogue with these symbols, as company rows. */
function companies(context: ToolContext, symbols: string[]) {
  const { market } = context.services.brokerage;
  // A company's first listing (its home market's, as the catalogue lists it first).
  const bySymbol = new Map<string, Instrument>();
  for (const instrument of market.instruments()) {
    if (instrument.secType === 'STK' && !bySymbol.has(instrument.symbol)) {
      bySymbol.set(instrument.symbol, instrument);
    }
  }
  return symbols.flatMap((symbol) => {
    const instrument = bySymbol.get(symbol);
    return instrument
      ? [{ contract_id: instrument.conid, symbol, name: instrument.companyName }]
      : [];
  });
}

const themeSummary = (theme: Theme) => ({
  key: theme.key,
  name: theme.name,
  kind: theme.kind,
  companies: theme.symbols.length,
});

function stockOf(context: ToolContext, conid: number) {
  const instrument = context.services.brokerage.market.instrument(conid);
  if (!instrument) throw badRequest(`No contract ${conid}`);
  return instrument;
}

/** The simulation's own changelog, newest first. */
const changes = [
  {
    version: serverVersion,
    date: '2026-07-28',
    text: 'Public MCP endpoint: account, market data, contracts, research, watchlists, alerts and order instructions.',
  },
];

export const researchTools: AgentTool[] = [
  tool({
    name: 'whats_new',
    title: "What's new",
    description: "The MCP server's changes, newest first.",
    mirrors: [],
    readOnly: true,
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    outputSchema: objectOf({
      changes: {
        type: 'array',
        items: objectOf({
          version: { type: 'string' },
          date: { type: 'string' },
          text: { type: 'string' },
        }),
      },
    }),
    call: () => ({ changes }),
  }),
  tool<{ query: string; max?: number }>({
    name: 'search_investment_topics',
    title: 'Search investment topics',
    description: 'Investment themes whose name matches the query.',
    mirrors: [],
    readOnly: true,
    inputSchema: {
      type: 'object',
      required: ['query'],
      properties: {
        query: { type: 'string', minLength: 1, maxLength: 100 },
        max: { type: 'integer', minimum: 1, maximum: 100 },
      },
      additionalProperties: false,
    },
    outputSchema: objectOf({ topics: { type: 'array', items: themeRow } }),
    call: (args) => {
      const words = args.query.toLowerCase().split(/\s+/).filter(Boolean);
      const found = themes().filter((theme) =>
        words.some((word) => theme.name.toLowerCase().includes(word)),
      );
      return { topics: found.slice(0, args.max ?? 10).map(themeSummary) };
    },
  }),
  tool<{ key: string; max?: number; max_funds?: number; offset?: number }>({
    name: 'get_theme_details',
    title: 'Theme details',
    description: "A theme's companies (and funds: the simulation holds none).",
    mirrors: [],
    readOnly: true,
    inputSchema: {
      type: 'object',
      required: ['key'],
      properties: {
        key: { type: 'string', minLength: 1, maxLength: 100 },
        max: { type: 'integer', minimum: 1, maximum: 100 },
        max_funds: { type: 'integer', minimum: 0, maximum: 100 },
        offset: { type: 'integer', minimum: 0 },
      },
      additionalProperties: false,
    },
    outputSchema: objectOf({
      key: { type: 'string' },
      name: { type: 'string' },
      companies: { type: 'array', items: companyRow },
      funds: { type: 'array', items: companyRow },
    }),
    call: (args, context) => {
      const theme = themes().find((candidate) => candidate.key === args.key);
      if (!theme) throw badRequest(`No theme ${args.key}`);
      const offset = args.offset ?? 0;
      const symbols = theme.symbols.slice(offset, offset + (args.max ?? 20));
      return {
        key: theme.key,
        name: theme.name,
        companies: companies(context, symbols),
        funds: [],
      };
    },
  }),
  tool<{ contract_id: number; max_themes?: number; max_companies?: number }>({
    name: 'get_company_themes',
    title: "A company's themes",
    description: 'The themes a company belongs to, each with other companies of the theme.',
    mirrors: [],
    readOnly: true,
    inputSchema: {
      type: 'object',
      required: ['contract_id'],
      properties: {
        contract_id: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
        max_themes: { type: 'integer', minimum: 1, maximum: 100 },
        max_companies: { type: 'integer', minimum: 0, maximum: 100 },
      },
      additionalProperties: false,
    },
    outputSchema: objectOf({
      contract_id: { type: 'integer' },
      themes: {
        type: 'array',
        items: {
          ...themeRow,
          properties: {
            ...(themeRow.properties as object),
            members: { type: 'array', items: companyRow },
          },
        },
      },
    }),
    call: (args, context) => {
      const { symbol } = stockOf(context, args.contract_id);
      const found = themes()
        .filter((theme) => theme.symbols.includes(symbol))
        .slice(0, args.max_themes ?? 10)
        .map((theme) => ({
          ...themeSummary(theme),
          members: companies(
            context,
            theme.symbols.filter((other) => other !== symbol).slice(0, args.max_companies ?? 5),
          ),
        }));
      return { contract_id: args.contract_id, themes: found };
    },
  }),
  tool<{ contract_id: number; link_types?: string[]; include?: string[]; max?: number }>({
    name: 'get_company_connections',
    title: "A company's connections",
    description: 'Companies linked to one: of the same industry group, or of the same sector.',
    mirrors: [],
    readOnly: true,
    inputSchema: {
      type: 'object',
      required: ['contract_id'],
      properties: {
        contract_id: { type: 'integer', minimum: 1 },
        link_types: {
          type: 'array',
          items: { type: 'string', enum: ['SAME_GROUP', 'SAME_SECTOR'] },
        },
        include: { type: 'array', items: { type: 'string', maxLength: 50 }, maxItems: 10 },
        max: { type: 'integer', minimum: 1, maximum: 100 },
      },
      additionalProperties: false,
    },
    outputSchema: objectOf({
      contract_id: { type: 'integer' },
      connections: {
        type: 'array',
        items: {
          ...companyRow,
          properties: { ...(companyRow.properties as object), link_type: { type: 'string' } },
          required: [...(companyRow.required as string[]), 'link_type'],
        },
      },
    }),
    call: (args, context) => {
      const { symbol } = stockOf(context, args.contract_id);
      const own = classificationOf(symbol);
      const types = args.link_types ?? ['SAME_GROUP', 'SAME_SECTOR'];
      const links: [string, string][] = own
        ? classifiedSymbols().flatMap(([other, classification]): [string, string][] => {
            if (other === symbol) return [];
            if (types.includes('SAME_GROUP') && classification.group === own.group)
              return [[other, 'SAME_GROUP']];
            if (types.includes('SAME_SECTOR') && classification.sector === own.sector)
              return [[other, 'SAME_SECTOR']];
            return [];
          })
        : [];
      const linkOf = new Map<string, string>(links);
      const connections = companies(
        context,
        links.map(([other]) => other),
      )
        .slice(0, args.max ?? 20)
        .map((company) => ({ ...company, link_type: linkOf.get(company.symbol) ?? 'SAME_SECTOR' }));
      return { contract_id: args.contract_id, connections };
    },
  }),
];
