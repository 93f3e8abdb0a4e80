import type { Schema } from '@brokerage/types';
import { htmlEncoded } from '../contracts/contracts.js';
import type { Market } from '../market/market.js';
import type { Watchlist, WatchlistRow } from './model.js';

/** A new watchlist as its creation answers it: the service never lists the instruments there. */
export function createdWatchlist({ id, hash, name, readOnly }: Watchlist): Schema<'Watchlist'> {
  return { id, hash, name, readOnly, instruments: [] };
}

function entryOf(watchlist: Watchlist): Schema<'WatchlistEntry'> {
  return {
    is_open: false,
    read_only: watchlist.readOnly,
    name: watchlist.name,
    // The service sends the change time for the user's own lists only.
    ...(watchlist.readOnly ? {} : { modified: Number(watchlist.hash) }),
    id: watchlist.id,
    type: 'watchlist',
  };
}

/** The list of watchlists; the service's own lists only when they were asked for. */
export function watchlistCatalog(
  userLists: readonly Watchlist[],
  systemLists: readonly Watchlist[] | undefined,
  requestCount: number,
): Schema<'WatchlistCatalog'> {
  return {
    data: {
      scanners_only: false,
      show_scanners: false,
      bulk_delete: false,
      user_lists: userLists.map(entryOf),
      ...(systemLists ? { system_lists: systemLists.map(entryOf) } : {}),
    },
    action: 'content',
    MID: String(requestCount),
  };
}

type WatchlistItem = NonNullable<Schema<'WatchlistContents'>['instruments']>[number];

function itemOf(row: WatchlistRow, market: Market): WatchlistItem {
  if ('H' in row) return { H: '' };
  const instrument = market.instrument(row.C);
  if (!instrument) return { C: String(row.C), conid: row.C };
  const company =
    instrument.secType === 'STK'
      ? market.catalogueData.stocks.find((stock) => stock.symbol === instrument.symbol)
      : undefined;
  return {
    ST: instrument.secType,
    C: String(instrument.conid),
    conid: instrument.conid,
    name: instrument.companyName,
    fullName: instrument.description,
    assetClass: instrument.secType,
    ticker: instrument.symbol,
    chineseName: company?.chineseName ? htmlEncoded(company.chineseName) : '',
  };
}

/** A watchlist with its rows described from the catalogue. */
export function watchlistContents(
  watchlist: Watchlist,
  market: Market,
): Schema<'WatchlistContents'> {
  return {
    id: watchlist.id,
    hash: watchlist.hash,
    name: watchlist.name,
    readOnly: watchlist.readOnly,
    instruments: watchlist.rows.map((row) => itemOf(row, market)),
  };
}

/** The acknowledgement of a deleted watchlist. */
export function watchlistDeleted(id: string, requestCount: number): Schema<'WatchlistDeleted'> {
  return { data: { deleted: id }, action: 'context', MID: String(requestCount) };
}
