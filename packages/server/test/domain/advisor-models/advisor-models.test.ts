// Advisors' models without HTTP: investing computes the trades toward the targets, submitting
// books them in the accounts, divesting sells back.
import type { User } from '../../../src/domain/accounts/model.js';
import { AAPL, MSFT, defined } from '../../trading-helpers.js';
import { presetChangeOf } from '../../../src/domain/advisor-models/older-names.js';
import { domain } from '../services.js';

function advisorModels() {
  const { services } = domain();
  const { brokerage, advisorModels: models } = services;
  const advisor: User = defined(brokerage.user('demo_advisor'));
  brokerage.market.setPrice(AAPL, 100);
  brokerage.market.setPrice(MSFT, 250);
  models.save(advisor, {
    name: 'Core',
    positionTargets: [
      { conid: AAPL, target: 50 },
      { conid: MSFT, target: 50 },
    ],
  });
  const held = (accountId: string, conid: number) =>
    defined(brokerage.account(accountId)).positions.find((p) => p.conid === conid)?.quantity ?? 0;
  return { services, brokerage, models, advisor, held };
}

describe('advisor models, without HTTP', () => {
  it('invests whole shares toward the targets and books them on submission', () => {
    const { models, advisor, held } = advisorModels();
    const before = { aapl: held('U2345672', AAPL), msft: held('U2345672', MSFT) };
    models.invest(advisor, 'Core', [{ account: 'U2345672', amount: 1_000 }]);
    // Models are values: each read below answers the model as it is then.
    const core = () => models.model(advisor, 'Core');
    const model = core();
    // U2345672's base currency is EUR: the amounts are in euros, the prices in dollars.
    expect(model.pending.map((t) => [t.conid, t.side])).toEqual([
      [AAPL, 'BUY'],
      [MSFT, 'BUY'],
    ]);
    models.submit(advisor);
    expect(core().pending).toEqual([]);
    const units = core().holdings.U2345672?.units ?? {};
    expect(held('U2345672', AAPL) - before.aapl).toBe(units[AAPL]);
    expect(held('U2345672', MSFT) - before.msft).toBe(units[MSFT]);
  });

  it('rebalances after the market moved, and divests by selling back', () => {
    const { brokerage, models, advisor } = advisorModels();
    models.invest(advisor, 'Core', [{ account: 'U2345671', amount: 10_000 }]);
    models.submit(advisor);
    const core = () => models.model(advisor, 'Core');
    expect(core().holdings.U2345671?.units).toEqual({ [AAPL]: 50, [MSFT]: 20 });

    brokerage.market.setPrice(AAPL, 200);
    models.invest(advisor, 'Core', [{ account: 'U2345671', amount: 0 }]);
    expect(core().pending).toEqual([
      { accountId: 'U2345671', conid: AAPL, side: 'SELL', quantity: 13 },
      { accountId: 'U2345671', conid: MSFT, side: 'BUY', quantity: 10 },
    ]);
    models.submit(advisor);

    const value = models.valuation(advisor, core()).nlv;
    models.invest(advisor, 'Core', [{ account: 'U2345671', amount: -value }]);
    models.submit(advisor);
    expect(core().holdings.U2345671?.units).toEqual({});
    expect(core().holdings.U2345671?.cash).toBeCloseTo(0, 2);
  });

  it('changes nothing when one account of the request is refused', () => {
    const { models, advisor } = advisorModels();
    expect(() =>
      models.invest(advisor, 'Core', [
        { account: 'U2345671', amount: 1_000 },
        { account: 'U1234567', amount: 1_000 },
      ]),
    ).toThrow(/not one of the advisor's sub-accounts/);
    expect(models.model(advisor, 'Core')).toMatchObject({ holdings: {}, pending: [] });
  });
});

describe('presets under the names before version 2.29', () => {
  it('reads an older name as its 2.29 name', () => {
    expect(presetChangeOf({ closeDivestCorePosition: false })).toMatchObject({
      closeDivestIndependentPosition: false,
    });
  });

  it('lets the 2.29 name win when a change sends both', () => {
    expect(
      presetChangeOf({
        roundAllocExchBoardLot: true,
        roundAllocationQuantityToExchangeBoardLot: false,
      }),
    ).toMatchObject({ roundAllocationQuantityToExchangeBoardLot: false });
  });

  it('keeps only the 2.29 names once saved', () => {
    const { models, advisor } = advisorModels();
    models.savePresets(advisor, presetChangeOf({ avoidNegativeCashInCore: true }));
    const presets = models.presets(advisor);
    expect(presets.avoidNegativeCashInIndependent).toBe(true);
    expect(Object.keys(presets)).not.toContain('avoidNegativeCashInCore');
  });
});
