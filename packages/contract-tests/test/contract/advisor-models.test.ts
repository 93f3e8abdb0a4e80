// Advisors' models: targets, investment, the trades that rebalance, and their reports.
import { describeInProcess } from '../../src/target.js';
import { useTarget } from '../support/target.js';

const AAPL = 265598;
const MSFT = 272093;

describeInProcess('advisors: models', () => {
  describe('an advisor', () => {
    const suite = useTarget({ gatewayUser: 'demo_advisor' });

    beforeAll(() => {
      const market = suite.target.inProcess?.server.services.brokerage.market;
      market?.setPrice(AAPL, 100);
      market?.setPrice(MSFT, 250);
    });

    it('getModelPresets and saveModelPresets read and change the presets', async () => {
      const before = await suite.client.POST('/v1/api/fa/fa-preset/get', { body: { reqID: 1 } });
      expect(before.data).toMatchObject({ reqID: 1, keepModelOpen: false, subscriptionStatus: 1 });
      const saved = await suite.client.POST('/v1/api/fa/fa-preset/save', {
        body: { reqID: 2, keepModelOpen: true },
      });
      expect(saved.data).toEqual({ error: 'None', reqID: 2, subscriptionStatus: 1, success: true });
      const after = await suite.client.POST('/v1/api/fa/fa-preset/get', { body: {} });
      expect(after.data?.keepModelOpen).toBe(true);
    });

    it('saveModelPresets takes the names before 2.29 too; the 2.29 name wins when both are sent', async () => {
      await suite.client.POST('/v1/api/fa/fa-preset/save', {
        body: {
          closeDivestCorePosition: false,
          roundAllocExchBoardLot: true,
          cashQtyEstimateFactor: 10,
        },
      });
      const older = await suite.client.POST('/v1/api/fa/fa-preset/get', { body: {} });
      expect(older.data).toMatchObject({
        closeDivestIndependentPosition: false,
        roundAllocationQuantityToExchangeBoardLot: true,
      });
      expect(older.data).not.toHaveProperty('closeDivestCorePosition');
      expect(older.data).not.toHaveProperty('cashQtyEstimateFactor');
      await suite.client.POST('/v1/api/fa/fa-preset/save', {
        body: { avoidNegativeCashInCore: false, avoidNegativeCashInIndependent: true },
      });
      const both = await suite.client.POST('/v1/api/fa/fa-preset/get', { body: {} });
      expect(both.data?.avoidNegativeCashInIndependent).toBe(true);
    });

    it('saveModel keeps targets that add up to 100 at most; more answers 400', async () => {
      const saved = await suite.client.POST('/v1/api/fa/model/save', {
        body: {
          reqID: 3,
          model: 'Core Equity',
          desc: 'Two large US companies',
          positionTargets: [
            { conid: AAPL, target: 60 },
            { conid: MSFT, target: 30 },
          ],
          cashTargets: [{ ccy: 'USD', target: 10 }],
        },
      });
      expect(saved.data).toEqual({ reqID: 3, success: true });
      const over = await suite.client.POST('/v1/api/fa/model/save', {
        body: { model: 'Too much', positionTargets: [{ conid: AAPL, target: 101 }] },
      });
      expect(over.response.status).toBe(400);
    });

    it('investInModel computes the trades; submitModelTransfers books them; the reports follow', async () => {
      const invested = await suite.client.POST('/v1/api/fa/model/invest-divest', {
        body: {
          reqID: 4,
          model: 'Core Equity',
          accountList: [{ account: 'U2345671', amtToInvest: 10_000 }],
        },
      });
      expect(invested.data).toMatchObject({ reqID: '4', subscriptionStatus: 0 });
      const submitted = await suite.client.POST('/v1/api/fa/model/submit-transfers', {
        body: { reqID: 5 },
      });
      expect(submitted.data).toEqual({ reqID: 5, success: true });

      const positions = await suite.client.POST('/v1/api/fa/model/positions', {
        body: { model: 'Core Equity', sortField: 'mv', sortDirection: 'DESC' },
      });
      expect(
        positions.data?.positionList?.map((row) => [row.instrument, row.position, row.target]),
      ).toEqual([
        ['AAPL', 60, '60'],
        ['MSFT', 12, '30'],
      ]);
      expect(positions.data?.cash?.[0]).toMatchObject({ ccy: 'USD', target: '10' });
      // A sort field under its name before 2.29 sorts as its 2.29 name does.
      for (const sortField of ['actl', 'actual'] as const) {
        const sorted = await suite.client.POST('/v1/api/fa/model/positions', {
          body: { model: 'Core Equity', sortField, sortDirection: 'ASC', subscriptionKey: '' },
        });
        expect(sorted.data?.positionList?.map((row) => row.instrument)).toEqual(['MSFT', 'AAPL']);
      }

      const summary = await suite.client.POST('/v1/api/fa/model/summary', {
        body: { model: 'Core Equity' },
      });
      expect(summary.data).toMatchObject({ model: 'Core Equity', numAccounts: 1, mismatch: false });
      const list = await suite.client.POST('/v1/api/fa/model/list', { body: { reqID: 6 } });
      expect(list.data).toMatchObject({ masterAccount: 'F7654321', reqID: 6 });
      expect(list.data?.models?.map((model) => model.model)).toEqual(['Core Equity']);

      const accounts = await suite.client.POST('/v1/api/fa/model/accounts-details', {
        body: { model: 'Core Equity', calcPnls: true },
      });
      expect(accounts.data?.accountInfoList?.map((row) => row.account)).toEqual([
        'U2345671',
        'TOTAL',
      ]);
      const parts = await suite.client.POST('/v1/api/fa/model/invest-divest-positions', {
        body: { model: 'Core Equity' },
      });
      expect(parts.data?.accountList?.map((row) => [row.account, row.accountModelNlv])).toEqual([
        ['U2345671', '10000.00'],
        ['U2345672', '0.00'],
        ['U2345673', '0.00'],
      ]);
    });

    it('an unknown model, or a divestment larger than the part, answers 400', async () => {
      const unknown = await suite.client.POST('/v1/api/fa/model/summary', {
        body: { model: 'Nothing' },
      });
      expect(unknown.response.status).toBe(400);
      const tooMuch = await suite.client.POST('/v1/api/fa/model/invest-divest', {
        body: { model: 'Core Equity', accountList: [{ account: 'U2345672', amtToInvest: -1 }] },
      });
      expect(tooMuch.response.status).toBe(400);
    });
  });

  describe('an individual', () => {
    const suite = useTarget();

    it('the model operations answer 400: models are for advisors', async () => {
      const { response, error } = await suite.client.POST('/v1/api/fa/model/list', { body: {} });
      expect(response.status).toBe(400);
      expect(error).toEqual({ error: 'Models are only available to advisors', statusCode: 400 });
    });
  });
});
