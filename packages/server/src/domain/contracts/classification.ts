/** Industry classification of the catalogue's companies (sector, group, sub-group), by symbol.
 * The instrument catalogue carries none; positions and allocations read it from here. Contracts
 * not listed (futures, currency pairs, event contracts) are unclassified. */
export interface Classification {
  sector: string;
  group: string;
  sectorGroup: string;
}

const bySymbol: Record<string, Classification> = {
  AAPL: { sector: 'Technology', group: 'Computers', sectorGroup: 'Computers' },
  MSFT: { sector: 'Technology', group: 'Software', sectorGroup: 'Applications Software' },
  IBM: { sector: 'Technology', group: 'Computers', sectorGroup: 'Computer Services' },
  NVDA: { sector: 'Technology', group: 'Semiconductors', sectorGroup: 'Electronic Compo-Semicon' },
  SAP: { sector: 'Technology', group: 'Software', sectorGroup: 'Enterprise Software/Serv' },
  TSLA: {
    sector: 'Consumer, Cyclical',
    group: 'Auto Manufacturers',
    sectorGroup: 'Auto-Cars/Light Trucks',
  },
  AMZN: { sector: 'Communications', group: 'Internet', sectorGroup: 'E-Commerce/Products' },
  'BRK.B': { sector: 'Financial', group: 'Insurance', sectorGroup: 'Reinsurance' },
};

export function classificationOf(symbol: string): Classification | undefined {
  return bySymbol[symbol];
}

/** The category an allocation counts unclassified contracts under. */
export const unclassified = 'Others';

/** Every classified symbol with its classification, in the catalogue's order. */
export function classifiedSymbols(): [string, Classification][] {
  return Object.entries(bySymbol);
}
