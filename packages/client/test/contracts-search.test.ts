import {
  ContractNotFoundError,
  findStock,
  isApiError,
  optionContract,
  optionStrikes,
  type BrokerageClient,
} from '../src/index.js';
import { setup, type Setup } from './support/server.js';

describe('from a symbol to an option contract', () => {
  let env: Setup;
  let client: BrokerageClient;
  beforeEach(async () => {
    env = await setup();
    client = env.client({ pacing: false });
  });
  afterEach(() => env.close());

  it('finds the stock on its primary listing, with its options months', async () => {
    const stock = await env.drive(findStock(client, 'aapl'));
    expect(stock).toMatchObject({ conid: 265598, symbol: 'AAPL', exchange: 'NASDAQ' });
    expect(stock.optionMonths).toHaveLength(4);
    const noOptions = await env.drive(findStock(client, 'IBM'));
    expect(noOptions).toMatchObject({ conid: 8314, optionMonths: [] });
  });

  it('throws ContractNotFoundError for a symbol without a stock', async () => {
    await expect(env.drive(findStock(client, 'NOSUCH'))).rejects.toBeInstanceOf(
      ContractNotFoundError,
    );
  });

  it('walks months, strikes and the option contract, priced by the market', async () => {
    const stock = await env.drive(findStock(client, 'AAPL'));
    const month = stock.optionMonths[1] ?? '';
    const strikes = await env.drive(optionStrikes(client, stock.conid, month));
    const puts = strikes.put ?? [];
    const strike = puts[Math.floor(puts.length / 2)] ?? 0;
    const put = await env.drive(
      optionContract(client, { underlyingConid: stock.conid, month, strike, right: 'P' }),
    );
    expect(put).toMatchObject({ secType: 'OPT', right: 'P', strike, multiplier: '100' });
    const conid = put.conid;
    if (conid === undefined) throw new Error('the option contract came without its conid');
    const info = await env.drive(
      client.ok(
        client.GET('/v1/api/iserver/contract/{conid}/info', {
          params: { path: { conid } },
        }),
      ),
    );
    expect(info.underlying_con_id).toBe(stock.conid);
    expect(env.server.brokerage.market.price(conid)).toBeGreaterThan(0);
  });

  it('reports the service refusing strikes before a search in the session', async () => {
    const error = await env
      .drive(optionStrikes(client, 265598, 'JAN26'))
      .catch((caught: unknown) => caught);
    expect(isApiError(error, 400)).toBe(true);
  });

  it('throws ContractNotFoundError for a strike the chain does not list', async () => {
    const stock = await env.drive(findStock(client, 'AAPL'));
    await expect(
      env.drive(
        optionContract(client, {
          underlyingConid: stock.conid,
          month: stock.optionMonths[0] ?? '',
          strike: 1,
          right: 'C',
        }),
      ),
    ).rejects.toBeInstanceOf(ContractNotFoundError);
  });
});
