// Contracts without HTTP: what a search makes known to the session, futures on the clock, the
// stock lists, exchange rates and price increments.
import {
  contractOrFail,
  exchangeRate,
  futuresBySymbols,
  htmlEncoded,
  previousBusinessDay,
  stocksBySymbols,
} from '../../../src/domain/contracts/contracts.js';
import { incrementAt } from '../../../src/domain/contracts/contract-rules.js';
import { knownToSession, strikesOf } from '../../../src/domain/contracts/secdef.js';
import { searchContracts } from '../../../src/domain/contracts/secdef-search.js';
import { defaultFixtures } from '../../../src/fixtures/index.js';
import { AAPL, defined, ES_EXPIRED, ES_MARCH, MSFT } from '../../trading-helpers.js';
import { domain, domainErrorOf } from '../services.js';

const esIndex = 11004968;

describe('contract search and what it makes known', () => {
  it("keeps an underlying's options unknown to a session until it searches the underlying", () => {
    const { services, session } = domain();
    const { market, sessions } = services.brokerage;
    const [option] = market.optionsOf(AAPL);
    if (!option) throw new Error('AAPL lists no options');
    expect(knownToSession(market, session, option)).toBe(false);
    expect(
      domainErrorOf(() => strikesOf(market, session, { conid: AAPL, sectype: 'OPT', month: 'X' })),
    ).toMatchObject({ kind: 'badRequest' });

    const results = searchContracts(market, sessions, session, { symbol: 'aapl' });
    expect(results.map((result) => result.conid)).toEqual([String(AAPL), '38708077']);
    const searchedSession = sessions.current(session);
    expect(knownToSession(market, searchedSession, option)).toBe(true);
    expect(knownToSession(market, session, contractOrFail(market, MSFT))).toBe(true);
  });

  it('lists the strikes of a month after the search, calls and puts apart, in order', () => {
    const { services, session } = domain();
    const { market, sessions } = services.brokerage;
    searchContracts(market, sessions, session, { symbol: 'AAPL' });
    const searched = sessions.current(session);
    const months = searchContracts(market, sessions, searched, { symbol: 'AAPL' })[0]?.sections;
    const month = months?.find((section) => section.secType === 'OPT')?.months?.split(';')[0];
    if (!month) throw new Error('no option month');
    const { call, put } = strikesOf(market, searched, { conid: AAPL, sectype: 'OPT', month });
    expect(call.length).toBeGreaterThan(0);
    expect(call).toEqual([...call].sort((a, b) => a - b));
    expect(put).toEqual(call);
  });

  it('searches company names when asked, and finds nothing for an unknown symbol', () => {
    const { services, session } = domain();
    const { market, sessions } = services.brokerage;
    const byName = searchContracts(market, sessions, session, { symbol: 'micro', name: true });
    expect(byName.map((result) => result.symbol)).toEqual(['MSFT']);
    expect(searchContracts(market, sessions, session, { symbol: 'NOPE' })).toEqual([]);
  });
});

describe('futures on the clock', () => {
  it('lists the futures of a symbol not yet expired, nearest first, trading ending the business day before', () => {
    const { market } = domain(defaultFixtures, Date.parse('2026-01-05T15:00:00Z')).services
      .brokerage;
    const futures = futuresBySymbols(market, ['ES']).ES ?? [];
    expect(futures.map((future) => future.conid)).not.toContain(ES_EXPIRED);
    expect(futures[0]).toMatchObject({
      conid: ES_MARCH,
      underlyingConid: esIndex,
      expirationDate: 20260320,
      ltd: 20260319,
    });
    const dates = futures.map((future) => future.expirationDate);
    expect(dates).toEqual([...dates].sort((a, b) => a - b));
    expect(futuresBySymbols(market, ['ES'], 'nowhere').ES).toEqual([]);
  });

  it('counts business days back over a weekend', () => {
    expect(previousBusinessDay(20260105)).toBe(20260102); // a Monday → the Friday before
    expect(previousBusinessDay(20260107)).toBe(20260106);
  });
});

describe('stocks, rates and increments', () => {
  it('lists the companies of each symbol with their listings, other scripts as HTML references', () => {
    const result = stocksBySymbols(defaultFixtures.instruments, ['AAPL', 'NONE']);
    expect(result.NONE).toEqual([]);
    expect(result.AAPL?.[0]?.contracts?.map((contract) => contract.conid)).toEqual([
      AAPL,
      38708077,
    ]);
    expect(result.AAPL?.[0]?.chineseName).toBe(htmlEncoded('苹果公司'));
    expect(htmlEncoded('Aé')).toBe('A&#xE9;');
  });

  it('converts both ways through the currency pairs, and refuses a pair that does not join', () => {
    const { market } = domain().services.brokerage;
    const there = defined(exchangeRate(market, 'EUR', 'USD').rate, 'rate');
    const back = defined(exchangeRate(market, 'USD', 'EUR').rate, 'rate');
    expect(there).toBeCloseTo(1.085, 8);
    expect(there * back).toBeCloseTo(1, 6);
    expect(domainErrorOf(() => exchangeRate(market, 'EUR', 'XYZ'))).toEqual({
      kind: 'badRequest',
      message: 'No exchange rate from EUR to XYZ',
    });
  });

  it('takes the increment of the highest tier a price reaches', () => {
    const rules = [
      { lowerEdge: 0, increment: 0.0001 },
      { lowerEdge: 1, increment: 0.01 },
    ];
    expect(incrementAt(rules, 0.5)).toBe(0.0001);
    expect(incrementAt(rules, 1)).toBe(0.01);
    expect(incrementAt(rules, undefined)).toBe(0.0001);
  });

  it('refuses an unknown conid with 400', () => {
    const { market } = domain().services.brokerage;
    expect(domainErrorOf(() => contractOrFail(market, 1))).toEqual({
      kind: 'badRequest',
      message: 'Contract 1 not found',
    });
  });
});
