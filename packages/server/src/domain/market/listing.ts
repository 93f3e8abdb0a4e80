import type { MarketStore } from './store-view.js';
import { instrumentsOf, type Market } from './market.js';
import type { InstrumentCatalogue } from './model.js';
import { optionInstrumentsOf, optionPrice } from './option-chains.js';

/** Lists the catalogue's contracts at their starting prices, then its option chains as of `now`,
 * priced from their underlyings. The store is empty of instruments when it is called (a load). */
export function listCatalogue(
  store: MarketStore,
  market: Market,
  catalogue: InstrumentCatalogue,
  now: number,
): void {
  for (const { instrument, price } of instrumentsOf(catalogue)) {
    store.collection('instruments').set(String(instrument.conid), instrument);
    if (price !== null) market.setPrice(instrument.conid, price);
  }
  const options = optionInstrumentsOf(
    catalogue,
    (conid) => market.instrument(conid),
    (conid) => market.price(conid),
    now,
  );
  // Each underlying's list is written once: a store record is copied on every write.
  const byUnderlying = new Map<number, number[]>();
  for (const option of options) {
    const underlyingConid = option.option?.underlyingConid ?? 0;
    store.collection('instruments').set(String(option.conid), option);
    const conids = byUnderlying.get(underlyingConid) ?? [];
    conids.push(option.conid);
    byUnderlying.set(underlyingConid, conids);
  }
  const index = store.collection('optionsByUnderlying');
  for (const [underlyingConid, conids] of byUnderlying) {
    index.set(String(underlyingConid), [...(index.get(String(underlyingConid)) ?? []), ...conids]);
  }
  for (const conid of byUnderlying.keys()) repriceOptionsOf(store, market, conid, now);
}

/** Prices the underlying's unexpired options from its price at `now` (the pricing model). */
export function repriceOptionsOf(
  store: MarketStore,
  market: Market,
  underlyingConid: number,
  now: number,
): void {
  const spot = market.price(underlyingConid);
  const conids = store.collection('optionsByUnderlying').get(String(underlyingConid));
  if (spot === undefined || !conids) return;
  for (const conid of conids) {
    const option = market.instrument(conid);
    if (!option || market.isExpired(option)) continue;
    const price = optionPrice(option, spot, now);
    // A price the option already has is no trade: most of an underlying's trades move few of
    // its options by a tick, and a trade per option per trade made a replayed day slow. The
    // option's price still equals its model price at the underlying's last trade.
    if (price !== market.price(conid)) market.setPrice(conid, price);
  }
}
