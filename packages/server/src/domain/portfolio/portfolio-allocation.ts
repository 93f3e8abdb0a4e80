import type { Ok } from '@brokerage/types';
import type { Account } from '../accounts/model.js';
import { classificationOf, unclassified } from '../contracts/classification.js';
import { stockListing } from '../contracts/contracts.js';
import type { Instrument } from '../market/model.js';
import type { Market } from '../market/market.js';
import { valuedPositions } from './position-views.js';
import { roundTo } from '../kernel/money.js';

/** The categories `POST /pa/allocation` breaks a portfolio down by (`ALL` asks for every one). */
export const allocationTypes = [
  'FINANCIAL_INSTRUMENT',
  'ASSET_CLASS',
  'SECTOR',
  'REGION',
  'COUNTRY',
] as const;
export type AllocationType = (typeof allocationTypes)[number];

type Answer = Ok<'getPortfolioAllocation'>;
type Breakdown = NonNullable<Answer['allocations']>[string];

/** One category of one breakdown: its id and English name. */
interface Category {
  id: string;
  name: string;
}

const instrumentKinds: Record<string, Category> = {
  STK: { id: 'STK', name: 'Stocks' },
  OPT: { id: 'OPT', name: 'Options' },
  FUT: { id: 'FUT', name: 'Futures' },
  CASH: { id: 'CASH', name: 'Cash' },
};

/** The countries of the catalogue's listings and currencies, and their regions (our table: the
 * vendor publishes neither code set). */
const countries: Record<string, Category & { region: Category }> = {
  USD: { id: 'US', name: 'United States', region: { id: 'NA', name: 'North America' } },
  CAD: { id: 'CA', name: 'Canada', region: { id: 'NA', name: 'North America' } },
  EUR: { id: 'DE', name: 'Germany', region: { id: 'EU', name: 'Europe' } },
  GBP: { id: 'GB', name: 'United Kingdom', region: { id: 'EU', name: 'Europe' } },
  CHF: { id: 'CH', name: 'Switzerland', region: { id: 'EU', name: 'Europe' } },
  JPY: { id: 'JP', name: 'Japan', region: { id: 'AS', name: 'Asia' } },
  HKD: { id: 'HK', name: 'Hong Kong', region: { id: 'AS', name: 'Asia' } },
};
const otherCountry = { id: 'OTHER', name: 'Others', region: { id: 'OTHER', name: 'Others' } };

/** The colours categories are drawn in, picked by a category's id so that it keeps its colour. */
const palette = ['#008fd5', '#007aa0', '#fc4f30', '#e5ae38', '#6d904f', '#8b8b8b', '#810f7c'];
const colourOf = (id: string) =>
  palette[[...id].reduce((sum, char) => sum + char.charCodeAt(0), 0) % palette.length] as string;

function countryOf(market: Market, instrument: Instrument) {
  const listing = stockListing(market.catalogueData, instrument.conid);
  if (listing?.isUS) return countries.USD ?? otherCountry;
  return countries[listing?.currency ?? instrument.currency] ?? otherCountry;
}

/** The category a position counts under in each breakdown; cash counts in the first two only. */
function categoriesOf(market: Market, instrument: Instrument): Record<AllocationType, Category> {
  const kind = instrumentKinds[instrument.secType] ?? { id: instrument.secType, name: 'Others' };
  const sector = classificationOf(instrument.symbol)?.sector ?? unclassified;
  const country = countryOf(market, instrument);
  return {
    FINANCIAL_INSTRUMENT: kind,
    // Stocks, their options and event contracts are equity; futures are their own class.
    ASSET_CLASS:
      instrument.secType === 'FUT' ? { id: 'FUT', name: 'Futures' } : { id: 'EQ', name: 'Equity' },
    SECTOR: { id: sector.toUpperCase().replace(/[^A-Z]+/g, '_'), name: sector },
    REGION: country.region,
    COUNTRY: { id: country.id, name: country.name },
  };
}

/** Sums by category, long and short apart, then weighs each against its side's total. */
class Sides {
  readonly #sides = { long: new Map<string, Category & { nav: number }>(), short: new Map() };

  add(category: Category, nav: number): void {
    if (nav === 0) return;
    const side = nav > 0 ? this.#sides.long : this.#sides.short;
    const held = side.get(category.id) ?? { ...category, nav: 0 };
    side.set(category.id, { ...held, nav: held.nav + nav });
  }

  view(): Breakdown {
    const sideView = (entries: (Category & { nav: number })[]) => {
      const total = entries.reduce((sum, entry) => sum + entry.nav, 0);
      return {
        total: { nav: roundTo(total, 2), weight: 1 },
        items: entries
          .sort((a, b) => Math.abs(b.nav) - Math.abs(a.nav) || a.id.localeCompare(b.id))
          .map((entry) => ({
            id: entry.id,
            name: entry.name,
            nav: roundTo(entry.nav, 2),
            weight: roundTo(entry.nav / total, 8),
            color: colourOf(entry.id),
          })),
      };
    };
    const long = [...this.#sides.long.values()];
    const short = [...this.#sides.short.values()] as (Category & { nav: number })[];
    // The service leaves out a side that holds nothing.
    return {
      ...(long.length > 0 ? { long: sideView(long) } : {}),
      ...(short.length > 0 ? { short: sideView(short) } : {}),
    };
  }
}

/** The accounts' positions and cash in `currency`, by the asked categories, from the one
 * valuation of positions (as `/portfolio/{accountId}/allocation`). */
export function portfolioAllocation(
  accounts: Account[],
  market: Market,
  currency: string,
  types: readonly AllocationType[],
): NonNullable<Answer['allocations']> {
  const breakdowns = new Map(types.map((type) => [type, new Sides()]));
  for (const account of accounts) {
    for (const { value } of valuedPositions(account, market)) {
      const { instrument } = value;
      const nav = value.marketValue * market.rate(instrument.currency, currency);
      const categories = categoriesOf(market, instrument);
      for (const [type, sides] of breakdowns) sides.add(categories[type], nav);
    }
    for (const [cashCurrency, amount] of Object.entries(account.cash)) {
      const nav = amount * market.rate(cashCurrency, currency);
      breakdowns.get('FINANCIAL_INSTRUMENT')?.add(instrumentKinds.CASH as Category, nav);
      breakdowns.get('ASSET_CLASS')?.add({ id: 'CASH', name: 'Cash' }, nav);
    }
  }
  return Object.fromEntries([...breakdowns].map(([type, sides]) => [type, sides.view()]));
}
