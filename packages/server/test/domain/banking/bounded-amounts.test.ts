// Banking amounts are bounded and exact: above zero, at most the bound the document states, whole
// cents with no tolerance; and no run of credits takes an account's cash past the range its cents
// are exact in (issue 39, finding 3).
import { maxCashBalance, maxInstructionAmount } from '../../../src/domain/banking/rules.js';
import { domain } from '../services.js';
import { deposit } from './instructions.js';

const day = 24 * 3_600_000;

describe('banking amounts', () => {
  it('refuses amounts past the bound, below a cent, or not in whole cents, exactly', () => {
    const { banking } = domain().services;
    let id = 100;
    for (const amount of [1e308, maxInstructionAmount + 0.01, 1e-9, 1e-320, 0.001, 10.005, 0, -5]) {
      id += 1;
      expect(() => banking.submit(deposit(id, amount), 202)).toThrow(/INVALID_AMOUNT/);
    }
    for (const amount of [0.01, 0.29, 19.99, 1234.56, maxInstructionAmount]) {
      expect(banking.submit(deposit(++id, amount), 202).instructionResult?.instructionStatus).toBe(
        'PENDING',
      );
    }
  });

  it('keeps every balance where its cents are exact: credits pending or settled count', () => {
    const { services, clock } = domain();
    const { banking, brokerage } = services;
    const cash = () => brokerage.account('U1234567')?.cash.USD ?? 0;
    let id = 200;
    let refused = 0;
    // Enough deposits of the largest amount to pass the ceiling, some settling between them.
    for (let i = 0; i < maxCashBalance / maxInstructionAmount + 5; i++) {
      try {
        banking.submit(deposit(++id, maxInstructionAmount), 202);
      } catch (error) {
        expect(String(error)).toMatch(/INVALID_AMOUNT/);
        refused++;
      }
      if (i % 100 === 0) clock.advance(2 * day);
    }
    clock.advance(2 * day);
    expect(refused).toBeGreaterThan(0);
    expect(cash()).toBeLessThanOrEqual(maxCashBalance);
    expect(Number.isSafeInteger(Math.round(cash() * 100))).toBe(true);
    expect(Math.round(cash() * 100) / 100).toBe(cash());
  });
});
