// Watchlist tools: the user's lists, the same ones `/iserver/watchlists` shows.
import type { WatchlistRow } from '../../domain/watchlists/model.js';
import { answerSchema } from '../document-schemas.js';
import { asOperation, tool, type AgentTool, type ToolContext } from '../tool.js';

const instruments = {
  type: 'array',
  maxItems: 500,
  items: { type: 'string', pattern: '^[0-9]{1,12}(@[A-Z0-9._-]{1,20})?$' },
};

/** Rows of a watchlist from `contract_id_ex` strings (the exchange is not kept by a row). */
const rowsOf = (ids: string[]): WatchlistRow[] =>
  ids.map((id) => ({ C: Number(id.split('@')[0]) }));

const idArgument = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 32 } },
  additionalProperties: false,
};

const contents = (context: ToolContext, id: string) =>
  asOperation(context, 'getWatchlist', { query: { id } });

export const watchlistTools: AgentTool[] = [
  tool({
    name: 'get_watchlists',
    title: 'Watchlists',
    description: "The user's watchlists and the service's read-only ones.",
    mirrors: ['getWatchlists'],
    readOnly: true,
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    outputSchema: answerSchema('getWatchlists'),
    call: (_args, context) => asOperation(context, 'getWatchlists', { query: {} }),
  }),
  tool<{ id: string }>({
    name: 'get_watchlist',
    title: 'Watchlist',
    description: 'One watchlist with its instruments.',
    mirrors: ['getWatchlist'],
    readOnly: true,
    inputSchema: idArgument,
    outputSchema: answerSchema('getWatchlist'),
    call: (args, context) => contents(context, args.id),
  }),
  tool<{ name: string; instruments: string[] }>({
    name: 'create_watchlist',
    title: 'Create a watchlist',
    description: 'Creates a watchlist of the given instruments (contract_id_ex strings).',
    mirrors: ['createWatchlist'],
    readOnly: false,
    inputSchema: {
      type: 'object',
      required: ['name', 'instruments'],
      properties: { name: { type: 'string', minLength: 1, maxLength: 100 }, instruments },
      additionalProperties: false,
    },
    outputSchema: answerSchema('createWatchlist'),
    call: (args, context) =>
      asOperation(context, 'createWatchlist', {
        body: {
          id: context.services.watchlists.freeId(context.grant.username),
          name: args.name,
          rows: rowsOf(args.instruments),
        },
      }),
  }),
  tool<{ id: string; name: string; instruments: string[] }>({
    name: 'edit_watchlist',
    title: 'Edit a watchlist',
    description: "Replaces a watchlist's name and instruments.",
    mirrors: ['getWatchlist'],
    readOnly: false,
    inputSchema: {
      type: 'object',
      required: ['id', 'name', 'instruments'],
      properties: {
        id: { type: 'string', minLength: 1, maxLength: 32 },
        name: { type: 'string', minLength: 1, maxLength: 100 },
        instruments,
      },
      additionalProperties: false,
    },
    outputSchema: answerSchema('getWatchlist'),
    call: (args, context) => {
      context.services.watchlists.replace(
        context.grant.username,
        args.id,
        args.name,
        rowsOf(args.instruments),
      );
      return contents(context, args.id);
    },
  }),
  tool<{ id: string }>({
    name: 'delete_watchlist',
    title: 'Delete a watchlist',
    description: "Deletes one of the user's watchlists.",
    mirrors: ['deleteWatchlist'],
    readOnly: false,
    inputSchema: idArgument,
    outputSchema: answerSchema('deleteWatchlist'),
    call: (args, context) => asOperation(context, 'deleteWatchlist', { query: { id: args.id } }),
  }),
];
