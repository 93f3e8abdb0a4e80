// The portfolio without HTTP: the listing the account operations need first, the positions cache
// and what invalidates it, values that follow the price, and the transactions request's bounds.
import { AAPL, defined, limitBuy, MSFT } from '../../trading-helpers.js';
import { accountId, domain, domainErrorOf } from '../services.js';

/** Services whose session listed the portfolio accounts, AAPL priced at 190. */
function listed() {
  const world = domain();
  world.session.portfolioListed = true;
  world.services.brokerage.market.setPrice(AAPL, 190);
  return world;
}

const aaplRows = (rows: { conid?: number; position?: number }[]) =>
  rows.filter((row) => row.conid === AAPL).map((row) => row.position);

describe('the portfolio', () => {
  it('answers the account operations only after the portfolio accounts were listed', () => {
    const { services, session } = domain();
    expect(domainErrorOf(() => services.portfolio.summary(session, accountId))).toMatchObject({
      kind: 'badRequest',
    });
    expect(domainErrorOf(() => services.portfolio.positionsByConid(session, AAPL))).toMatchObject({
      kind: 'badRequest',
    });
  });

  it('answers the paged positions from the first snapshot until it is invalidated', () => {
    const { services, session } = listed();
    const { portfolio, orders } = services;
    expect(aaplRows(portfolio.positionsPage(session, accountId, 0, {}))).toEqual([100]);
    orders.place(session, accountId, [limitBuy(5, 191)]);
    expect(aaplRows(portfolio.positionsPage(session, accountId, 0, {}))).toEqual([100]);
    expect(
      portfolio
        .uncachedPositions(session, accountId, {})
        .filter((row) => row.conid === String(AAPL)) // this operation sends conids as strings
        .map((row) => row.position),
    ).toEqual([105]);
    expect(portfolio.positionByConid(session, accountId, AAPL)[0]?.position).toBe(105);
    expect(portfolio.invalidate(session, accountId)).toEqual({ message: 'success' });
    expect(aaplRows(portfolio.positionsPage(session, accountId, 0, {}))).toEqual([105]);
  });

  it('values positions at the simulated price: market value and the summary move with it', () => {
    const { services, session } = listed();
    const { portfolio, brokerage } = services;
    const row = defined(portfolio.positionByConid(session, accountId, AAPL)[0], 'AAPL row');
    expect(row).toMatchObject({ position: 100, mktPrice: 190, mktValue: 19000, avgPrice: 170.25 });
    const netLiquidation = () =>
      defined(portfolio.summary(session, accountId).netliquidation?.amount, 'netliquidation');
    const before = netLiquidation();
    brokerage.market.setPrice(AAPL, 200);
    expect(netLiquidation() - before).toBeCloseTo(1000, 2);
  });

  it('sorts positions by the field asked for, either way', () => {
    const { services, session } = listed();
    services.brokerage.market.setPrice(MSFT, 400);
    const names = (direction: 'a' | 'd') =>
      services.portfolio
        .uncachedPositions(session, accountId, { sort: 'description', direction })
        .map((row) => row.description);
    expect(names('d')).toEqual([...names('a')].reverse());
    expect(names('a')).toEqual([...names('a')].sort());
  });

  it('lists only the accounts that hold a contract, by account', () => {
    const { services, session } = listed();
    const held = services.portfolio.positionsByConid(session, AAPL);
    expect(Object.keys(held)).toContain(accountId);
    expect(services.portfolio.positionsByConid(session, 1)).toEqual({});
  });

  it('takes a positive whole number of days of transactions', () => {
    const { services, session } = listed();
    const request = { acctIds: [accountId], conids: [AAPL], currency: 'USD' };
    for (const days of [0, -1, 'x', 1.5]) {
      expect(
        domainErrorOf(() => services.portfolio.transactions(session, { ...request, days })),
      ).toEqual({ kind: 'badRequest', message: 'Bad Request: days must be a positive integer' });
    }
    expect(services.portfolio.transactions(session, { ...request, days: 30 })).toBeDefined();
  });
});
