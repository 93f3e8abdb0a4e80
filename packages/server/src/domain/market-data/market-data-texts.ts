/** Every error text of the market-data operations, in one place. The service's texts for these
 * cases are not published (neither the vendor's description nor the public clients show them):
 * these are ours, worded like the service's other errors; see docs/decisions/service/market-history-periods-and-flags.md. */
export const marketDataTexts = {
  accountsFirst: 'Please query /iserver/accounts first',
  invalidPeriod: (period: string) =>
    `Invalid period ${period}: use 1-30min, 1-8h, 1-1000d, 1-792w, 1-182m or 1-15y`,
  invalidBar: (bar: string) => `Invalid bar ${bar}: use S, min, h, d, w or m with a count`,
  invalidStartTime: (startTime: string) =>
    `Invalid startTime ${startTime}: use YYYYMMDD-hh:mm:ss (UTC)`,
  directionNeedsStartTime: 'direction 1 needs a startTime',
  unknownContract: (conid: number) => `Contract ${conid} does not exist`,
  noMarketData: (conid: number) => `No market data for contract ${conid}`,
  unknownScanInstrument: (instrument: string) => `Invalid instrument ${instrument}`,
  unknownScanType: (type: string) => `Invalid scanner type ${type}`,
  unknownScanLocation: (location: string) => `Invalid location ${location}`,
  notSubscribed: (conid: number) => `No market data subscription for contract ${conid}`,
  hmdsPreflight: 'Historical market data service starting: request again',
} as const;
