// Trade rows add up to the ledger to the cent (issue 39, finding 3): each execution moves the
// cash by the value its row shows (`net_amount`, whole cents) and its commission, so 480 fills of
// fractional sizes at prices whose values fall on half cents leave no difference.
import type { Account } from '../../../src/domain/accounts/model.js';
import type { Instrument } from '../../../src/domain/market/model.js';
import { bookExecution, executionValue } from '../../../src/domain/orders/fills.js';

const instrument = {
  conid: 265598,
  symbol: 'AAPL',
  secType: 'STK',
  currency: 'USD',
  multiplier: 1,
} as Instrument;

describe('executions and their trade rows', () => {
  it.each([
    [189.01, 0.5],
    [189.03, 1.5],
    [10.01, 1.5],
    [0.07, 0.5],
    [123.45, 1.5],
  ])(
    '480 fills at %d of %d units: rows and commissions add up to the cash moved',
    (price, size) => {
      const start = { id: 'U1', cash: { USD: 100_000 }, positions: [] } as unknown as Account;
      let account = start;
      let rowsInCents = 0;
      for (let fill = 0; fill < 480; fill++) {
        const side = fill % 2 === 0 ? 'BUY' : 'SELL';
        account = bookExecution(account, instrument, side, size, price, 1).account;
        const net = Math.round(executionValue(size, price, instrument.multiplier) * 100);
        rowsInCents += (side === 'BUY' ? -net : net) - 100;
      }
      const ledgerInCents = Math.round(((account.cash.USD ?? 0) - 100_000) * 100);
      expect(ledgerInCents).toBe(rowsInCents);
    },
  );
});
