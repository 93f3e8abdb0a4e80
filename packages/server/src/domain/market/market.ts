import type { MarketStore } from './store-view.js';
import type { Clock } from '../kernel/clock.js';
import { cents } from '../kernel/money.js';
import type { DomainEvents } from '../kernel/events.js';
import { badRequest } from '../kernel/errors.js';
import type { Instrument, InstrumentCatalogue } from './model.js';
import { PricePath } from './price-path.js';

/** YYYYMMDD of an epoch-milliseconds time, in UTC. */
export function yyyymmdd(epochMs: number): number {
  const date = new Date(epochMs);
  return date.getUTCFullYear() * 10000 + (date.getUTCMonth() + 1) * 100 + date.getUTCDate();
}

const monthCodes = 'FGHJKMNQUVXZ';
export const monthNames = [
  'JAN',
  'FEB',
  'MAR',
  'APR',
  'MAY',
  'JUN',
  'JUL',
  'AUG',
  'SEP',
  'OCT',
  'NOV',
  'DEC',
];

/** The service's month label of a YYYYMMDD date: `JAN26`. */
export const monthLabel = (date: number): string =>
  `${monthNames[(Math.floor(date / 100) % 100) - 1] ?? ''}${String(Math.floor(date / 10000) % 100).padStart(2, '0')}`;

/** Every tradable contract of the catalogue, and the prices it starts with. */
export function instrumentsOf(
  catalogue: InstrumentCatalogue,
): { instrument: Instrument; price: number | null }[] {
  const stocks = catalogue.stocks.flatMap((company) =>
    company.listings.map((listing) => ({
      instrument: {
        conid: listing.conid,
        symbol: company.symbol,
        secType: 'STK' as const,
        currency: listing.currency,
        exchange: listing.exchange,
        description: company.symbol,
        companyName: company.name,
        multiplier: 1,
      },
      price: listing.price,
    })),
  );
  const futures = catalogue.futures.flatMap((chain) =>
    chain.contracts.map((contract) => {
      const month = Math.floor(contract.expirationDate / 100) % 100;
      const year = Math.floor(contract.expirationDate / 10000) % 100;
      return {
        instrument: {
          conid: contract.conid,
          symbol: chain.symbol,
          secType: 'FUT' as const,
          currency: chain.currency,
          exchange: chain.exchange,
          description: `${chain.symbol}${monthCodes[month - 1] ?? ''}${year % 10}`,
          companyName: `${chain.symbol} ${monthLabel(contract.expirationDate)}`,
          multiplier: chain.multiplier,
          expiration: contract.expirationDate,
        },
        price: contract.price,
      };
    }),
  );
  const pairs = catalogue.currencyPairs.map((pair) => {
    const [base = '', quote = ''] = pair.symbol.split('.');
    return {
      instrument: {
        conid: pair.conid,
        symbol: pair.symbol,
        secType: 'CASH' as const,
        currency: quote,
        exchange: 'IDEALPRO',
        description: pair.symbol,
        companyName: `${base} ${quote}`,
        multiplier: 1,
      },
      price: pair.price,
    };
  });
  const events = catalogue.eventContracts.flatMap((market) =>
    market.contracts.flatMap((strike) =>
      (
        [
          [strike.conidYes, 'YES', strike.priceYes],
          [strike.conidNo, 'NO', cents(1 - strike.priceYes)],
        ] as const
      ).map(([conid, side, price]) => ({
        instrument: {
          conid,
          symbol: market.symbol,
          secType: 'EVENT' as const,
          currency: 'USD',
          exchange: market.exchange,
          description: `${market.symbol} ${strike.strikeLabel} ${side}`,
          companyName: market.marketName,
          multiplier: 1,
          expiration: strike.expiration,
        },
        price,
      })),
    ),
  );
  return [...stocks, ...futures, ...pairs, ...events];
}

/** Called after a contract's simulated price changed. */
export type PriceListener = (conid: number, price: number) => void;

/** Instruments, their simulated prices, and currency conversion. */
/** The highest price the simulation holds (the documents' bound on prices): with sizes bounded
 * too, every value derived from prices stays finite and exact to the cent. */
export const maxPrice = 10_000_000;

/** A price the simulation can hold: above 0 and at most `maxPrice` (never NaN or infinite). */
export const isValidPrice = (price: unknown): price is number =>
  typeof price === 'number' && price > 0 && price <= maxPrice;

export class Market {
  /** Conversion rates worked out since the last price change. */
  readonly #rates = new Map<string, number>();
  #priceVersion = 0;
  readonly #listeners = new Set<PriceListener>();
  /** Every price as a trade on each instrument's path, after seeded history. */
  readonly path: PricePath;

  constructor(
    private readonly store: MarketStore,
    private readonly clock: Clock,
    private readonly catalogue: () => InstrumentCatalogue,
    seed: number,
    private readonly events: DomainEvents,
  ) {
    this.path = new PricePath(store, seed);
    // Another process's prices (a shared store) change the conversion rates too.
    store.onReplicaChange?.((collection) => {
      if (collection === undefined || collection === 'prices') this.#pricesChanged();
    });
  }

  /** Changes with every price, here or in another process: a view built from prices is current
   * while it is the same. */
  get priceVersion(): number {
    return this.#priceVersion;
  }

  #pricesChanged(): void {
    this.#rates.clear();
    this.#priceVersion++;
  }

  get catalogueData(): InstrumentCatalogue {
    return this.catalogue();
  }

  instrument(conid: number): Instrument | undefined {
    return this.store.collection('instruments').get(String(conid));
  }

  /** Every listed contract (options included), in listing order. */
  instruments(): Instrument[] {
    return this.store.collection('instruments').values();
  }

  /** Last price, or undefined when the instrument has no market data. */
  price(conid: number): number | undefined {
    return this.store.collection('prices').get(String(conid));
  }

  /** Sets the last price; every price change goes through here, so fills and alerts follow it,
   * the price path records it as a trade at the clock's time, and the bus hears of it after
   * every listener has acted on it (`priceChanged`: the streams read the state it left).
   * A price outside (0, `maxPrice`] would poison every valuation built on it: refused.
   * `trade` gives the trade's own time and size (a replayed bar's), else it is at the clock's
   * time with a size of the path's choosing. */
  setPrice(conid: number, price: number, trade?: { t: number; size?: number | undefined }): void {
    if (!isValidPrice(price)) throw badRequest(`price must be above 0 and at most ${maxPrice}`);
    this.store.collection('prices').set(String(conid), price);
    const instrument = this.instrument(conid);
    if (instrument) {
      this.path.record(instrument, price, trade?.t ?? this.clock.now(), trade?.size);
    }
    this.#pricesChanged();
    for (const listener of this.#listeners) listener(conid, price);
    this.events.publish({ type: 'priceChanged', time: this.clock.now(), conid, price });
  }

  /** Calls `listener` after every price change; returns a function that unsubscribes it. */
  onPriceChange(listener: PriceListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The unexpired options listed on the underlying, in listing order (expiry, strike, right). */
  optionsOf(underlyingConid: number): Instrument[] {
    const conids = this.store.collection('optionsByUnderlying').get(String(underlyingConid)) ?? [];
    return conids.flatMap((conid) => {
      const option = this.instrument(conid);
      return option && !this.isExpired(option) ? [option] : [];
    });
  }

  isExpired(instrument: Instrument): boolean {
    return (
      instrument.expiration !== undefined && instrument.expiration < yyyymmdd(this.clock.now())
    );
  }

  /** Value of one unit of `from` in `to`, through the currency pairs' prices. */
  rate(from: string, to: string): number {
    const key = `${from}>${to}`;
    let rate = this.#rates.get(key);
    if (rate === undefined) {
      rate = this.#convert(from, to);
      this.#rates.set(key, rate);
    }
    return rate;
  }

  #convert(from: string, to: string): number {
    if (from === to) return 1;
    const pairs = this.catalogue().currencyPairs;
    const edges = new Map<string, { to: string; factor: number }[]>();
    for (const pair of pairs) {
      const [base, quote] = pair.symbol.split('.');
      const price = this.price(pair.conid) ?? pair.price;
      if (!base || !quote || price <= 0) continue;
      edges.set(base, [...(edges.get(base) ?? []), { to: quote, factor: price }]);
      edges.set(quote, [...(edges.get(quote) ?? []), { to: base, factor: 1 / price }]);
    }
    const seen = new Map<string, number>([[from, 1]]);
    const queue = [from];
    while (queue.length > 0) {
      const current = queue.shift() as string;
      const value = seen.get(current) as number;
      for (const edge of edges.get(current) ?? []) {
        if (seen.has(edge.to)) continue;
        seen.set(edge.to, value * edge.factor);
        if (edge.to === to) return value * edge.factor;
        queue.push(edge.to);
      }
    }
    throw new RangeError(`No conversion from ${from} to ${to}`);
  }
}
