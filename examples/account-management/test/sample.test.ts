// The sample, run against a sandbox: its key facts, so that it cannot rot.
import { startSandbox, type Sandbox } from '@brokerage/testing';
import { runSample, type SampleOutcome } from '../src/sample.js';

describe('the account-management sample', () => {
  let sandbox: Sandbox;
  let outcome: SampleOutcome;

  beforeAll(async () => {
    sandbox = await startSandbox();
    outcome = await runSample(sandbox);
  });
  afterAll(() => sandbox.close());

  const rows = (title: string) =>
    outcome.statement.tables.find((table) => table.title === title)?.rows ?? [];

  it('opens two accounts of one holder, funds the first, buys and moves shares', () => {
    expect(outcome.accountId).toMatch(/^U9\d{6}$/);
    expect(outcome.secondAccountId).not.toBe(outcome.accountId);
    expect(outcome.cashAfterDeposit).toBe(25_000);
    expect(outcome.sharesAfterBuy).toBe(50);
    expect(outcome.sharesAfterTransfer).toEqual({ first: 30, second: 20 });
  });

  it('lists the deposit, the trade, the share transfer and totals that reconcile', () => {
    expect(outcome.statement.accountId).toBe(outcome.accountId);
    expect(rows('Trades')).toMatchObject([{ symbol: 'AAPL', side: 'BUY', quantity: 50 }]);
    expect(rows('Cash movements').map((row) => row.kind)).toEqual([
      'Deposit',
      'Trade',
      'Commission',
    ]);
    expect(rows('Position transfers')).toMatchObject([
      {
        kind: 'Transfer out',
        symbol: 'AAPL',
        quantity: -20,
        description: expect.stringContaining(`To ${outcome.secondAccountId}`),
      },
    ]);
    const [usd] = rows('Totals by currency');
    expect(usd).toMatchObject({ currency: 'USD', opening: 0, external: 25_000, internal: 0 });
    const sum = ['opening', 'trades', 'commissions', 'external', 'internal'].reduce(
      (total, key) => total + Number(usd?.[key]),
      0,
    );
    expect(sum).toBeCloseTo(Number(usd?.closing), 2);
  });

  it('fetches the statement as a PDF too', () => {
    expect(Buffer.from(outcome.statementPdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
  });

  it('writes each step to the transcript', () => {
    expect(outcome.transcript.map((step) => step.request.split(' ')[0])).toEqual([
      'POST',
      'POST',
      'POST',
      'GET',
      'POST',
      'PATCH',
      'POST',
      'POST',
      'POST',
    ]);
  });
});
