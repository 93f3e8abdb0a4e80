/** Instruments and the instrument catalogue, as data. Fixtures load into these shapes. */

export type SecType = 'STK' | 'FUT' | 'CASH' | 'OPT' | 'EVENT';

export interface StockListing {
  conid: number;
  exchange: string;
  currency: string;
  isUS: boolean;
  /** Last price; null when the instrument has no market data. */
  price: number | null;
}

export interface StockCompany {
  symbol: string;
  name: string;
  chineseName: string | null;
  /** `ETF` for exchange-traded funds; common stock when absent. */
  type?: 'COMMON' | 'ETF';
  listings: StockListing[];
}

export interface FutureContract {
  conid: number;
  /** YYYYMMDD. */
  expirationDate: number;
  price: number;
}

export interface FutureChain {
  symbol: string;
  underlyingConid: number;
  exchange: string;
  currency: string;
  multiplier: number;
  /** Tick size of the chain's prices (0.25 index points for ES and NQ). */
  priceIncrement?: number;
  contracts: FutureContract[];
}

export interface CurrencyPairFixture {
  /** `EUR.USD`: base currency, dot, quote currency. */
  symbol: string;
  conid: number;
  price: number;
}

export interface EventContractStrike {
  conidYes: number;
  conidNo: number;
  strike: number;
  strikeLabel: string;
  /** YYYYMMDD. */
  expiration: number;
  lastTradeTime: number;
  releaseTime: number;
  payoutTime: number;
  priceYes: number;
}

export interface EventMarket {
  underlyingConid: number;
  symbol: string;
  productCode: string;
  assetClass: string;
  marketName: string;
  description: string;
  category: string;
  logoCategory: string;
  measuredPeriod: string;
  sourceAgency: string;
  dataAndResolutionLink: string;
  marketRulesLink: string;
  exchange: string;
  exchangeTimezone: string;
  payout: number;
  priceIncrement: number;
  contracts: EventContractStrike[];
}

/** The listed options of a stock listing: monthly expiries and strikes are derived from the
 * clock's date and the underlying's price when the catalogue loads. */
export interface OptionChainFixture {
  underlyingConid: number;
  /** Distance between two strikes. */
  strikeStep: number;
  /** Strikes on each side of the one nearest the underlying's price. */
  strikesEachSide: number;
  /** Monthly expiries listed, nearest first. */
  months: number;
  /** Annualised volatility the options are priced with (0.28 for 28 %). */
  volatility: number;
}

export interface BondFixture {
  conid: number;
  /** Annual coupon, in percent. */
  coupon: number;
  /** YYYYMMDD. */
  issueDate: number;
  /** YYYYMMDD. */
  maturityDate: number;
  currency: string;
}

/** A bond issuer, as bond search finds it by name. */
export interface BondIssuer {
  /** The service's issuer id (`e` and digits). */
  issuerId: string;
  name: string;
  bonds: BondFixture[];
}

export interface InstrumentCatalogue {
  stocks: StockCompany[];
  futures: FutureChain[];
  currencyPairs: CurrencyPairFixture[];
  eventContracts: EventMarket[];
  optionChains?: OptionChainFixture[];
  bondIssuers?: BondIssuer[];
}

/** What makes an option contract: its underlying, expiry, strike and right. */
export interface OptionTerms {
  underlyingConid: number;
  strike: number;
  right: 'C' | 'P';
  /** Annualised volatility it is priced with. */
  volatility: number;
}

/** One tradable contract, whatever its kind, as the order and valuation code sees it. */
export interface Instrument {
  conid: number;
  symbol: string;
  secType: SecType;
  currency: string;
  exchange: string;
  description: string;
  companyName: string;
  /** Value of one unit of quantity per point of price (futures: the contract multiplier). */
  multiplier: number;
  /** YYYYMMDD, for contracts that expire. */
  expiration?: number;
  /** Options only: the underlying, strike, right and volatility. */
  option?: OptionTerms;
}
