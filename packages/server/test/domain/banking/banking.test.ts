// Banking without HTTP: settlement on a manual clock, idempotency by client instruction id,
// cancellation, the refusals, and bulk requests handled item by item.
import type { Submitted } from '../../../src/domain/banking/model.js';
import { domain } from '../services.js';
import { deposit } from './instructions.js';

const hour = 3_600_000;

const withdrawal = (clientInstructionId: number, amount: number) =>
  ({
    instructionType: 'WITHDRAWAL',
    instruction: {
      accountId: 'U1234567',
      amount,
      bankInstructionMethod: 'ACH',
      bankInstructionName: 'Checking',
      clientInstructionId,
      currency: 'USD',
    },
  }) satisfies Submitted;

function banked() {
  const world = domain();
  const { banking, brokerage } = world.services;
  banking.seedBankInstruction({
    accountId: 'U1234567',
    name: 'Checking',
    method: 'ACH',
    currency: 'USD',
    bankAccountNumber: '7004417729',
    bankRoutingNumber: '021000555',
  });
  const cash = (accountId = 'U1234567', currency = 'USD') =>
    brokerage.account(accountId)?.cash[currency];
  return { ...world, banking, brokerage, cash };
}

describe('banking, without HTTP', () => {
  it('moves a deposit into the cash only when it settles, a day later on the clock', () => {
    const { banking, clock, cash } = banked();
    const before = cash();
    const accepted = banking.submit(deposit(1, 2500), 202);
    expect(accepted.instructionResult?.instructionStatus).toBe('PENDING');
    clock.advance(23 * hour);
    expect(cash()).toBe(before);
    const id = accepted.instructionResult?.instructionId ?? 0;
    expect(banking.status(id).body.instructionResult?.instructionStatus).toBe('PENDING');
    clock.advance(hour);
    expect(cash()).toBe((before ?? 0) + 2500);
    const settled = banking.status(id);
    expect(settled.status).toBe(200);
    expect(settled.body.instructionResult).toMatchObject({
      instructionStatus: 'PROCESSED',
      depositDetails: { amount: 2500, currency: 'USD' },
    });
  });

  it('settles each pending transfer at its own time; one settled or failed early leaves the others on time', () => {
    const { banking, clock, cash } = banked();
    const before = cash() ?? 0;
    const early = banking.submit(deposit(81, 10), 202);
    clock.advance(hour);
    const later = banking.submit(deposit(82, 20), 202);
    const failed = banking.submit(deposit(83, 40), 202);
    banking.settleNow(later.instructionResult?.instructionId ?? 0);
    banking.failNow(failed.instructionResult?.instructionId ?? 0, {
      errorCode: 'BANK_RETURNED',
      errorMessage: 'Returned by the bank',
    });
    expect(cash()).toBe(before + 20);
    clock.advance(23 * hour - 1);
    expect(cash()).toBe(before + 20);
    clock.advance(1);
    expect(cash()).toBe(before + 30);
    expect(
      banking.status(early.instructionResult?.instructionId ?? 0).body.instructionResult
        ?.instructionStatus,
    ).toBe('PROCESSED');
    clock.advance(48 * hour);
    expect(cash()).toBe(before + 30);
  });

  it('answers a retry with the same client instruction id with the first instruction; money moves once', () => {
    const { banking, clock, cash } = banked();
    const before = cash() ?? 0;
    const first = banking.submit(deposit(7, 100), 202);
    const again = banking.submit(deposit(7, 100), 202);
    expect(again.instructionResult?.instructionId).toBe(first.instructionResult?.instructionId);
    expect(banking.statusByClientId(7).status).toBe(200);
    // The same id with another instruction: still the first, now reported as reused (208).
    const other = banking.submit(deposit(7, 999), 202);
    expect(other.instructionResult?.instructionId).toBe(first.instructionResult?.instructionId);
    expect(banking.statusByClientId(7).status).toBe(208);
    clock.advance(48 * hour);
    expect(cash()).toBe(before + 100);
    banking.submit(deposit(7, 100), 202);
    clock.advance(48 * hour);
    expect(cash()).toBe(before + 100);
  });

  it('never moves a cancelled instruction; an ended one cannot be cancelled', () => {
    const { banking, clock, cash } = banked();
    const before = cash();
    const pending = banking.submit(withdrawal(11, 500), 202);
    const instructionId = pending.instructionResult?.instructionId ?? 0;
    const cancel = (clientInstructionId: number) =>
      banking.submit(
        {
          instructionType: 'CANCEL_INSTRUCTION',
          instruction: { clientInstructionId, instructionId, reason: 'changed my mind' },
        },
        201,
      );
    expect(cancel(12).instructionResult).toMatchObject({
      instructionStatus: 'PROCESSED',
      ibReferenceId: instructionId,
    });
    clock.advance(72 * hour);
    expect(cash()).toBe(before);
    expect(banking.status(instructionId).body.instructionResult).toMatchObject({
      instructionStatus: 'REJECTED',
      error: { errorCode: 'CANCELLED' },
    });
    expect(() => cancel(13)).toThrow(/NOT_CANCELLABLE/);
  });

  it('refuses a withdrawal beyond the cash less the pending withdrawals', () => {
    const { banking, cash } = banked();
    const available = cash() ?? 0;
    banking.submit(withdrawal(21, available - 1000), 202);
    expect(() => banking.submit(withdrawal(22, 1000.01), 202)).toThrow(/INSUFFICIENT_FUNDS/);
    expect(banking.submit(withdrawal(23, 1000), 202).instructionResult?.instructionStatus).toBe(
      'PENDING',
    );
    // A refused instruction holds no claim on its client instruction id.
    expect(() => banking.statusByClientId(22)).toThrow(/No instruction/);
  });

  it('refuses a withdrawal to a bank instruction the account has not saved', () => {
    const { banking } = banked();
    const unknown = withdrawal(24, 10);
    unknown.instruction.bankInstructionName = 'Elsewhere';
    expect(() => banking.submit(unknown, 202)).toThrow(/UNKNOWN_BANK_INSTRUCTION/);
  });

  it('moves cash at once between a master account and its client, and refuses unrelated accounts', () => {
    const { banking, cash } = banked();
    const transfer = (clientInstructionId: number, source: string, target: string) =>
      banking.submit(
        {
          instructionType: 'INTERNAL_CASH_TRANSFER',
          instruction: {
            amount: 1500,
            clientInstructionId,
            currency: 'USD',
            sourceAccountId: source,
            targetAccountId: target,
          },
        },
        201,
      );
    const [client, master] = [cash('U2345671') ?? 0, cash('F7654321') ?? 0];
    expect(transfer(31, 'U2345671', 'F7654321').instructionResult?.instructionStatus).toBe(
      'PROCESSED',
    );
    expect([cash('U2345671'), cash('F7654321')]).toEqual([client - 1500, master + 1500]);
    // A master account and its client are related; two clients of one advisor are not, nor
    // accounts of other owners.
    expect(() => transfer(32, 'F7654321', 'U2345672')).not.toThrow();
    expect(() => transfer(33, 'U2345671', 'U2345672')).toThrow(/ACCOUNTS_NOT_RELATED/);
    expect(() => transfer(34, 'U1234567', 'U3456781')).toThrow(/ACCOUNTS_NOT_RELATED/);
  });

  it('books an incoming delivery at the price of the settlement day, and moves positions between related accounts', () => {
    const { banking, brokerage, clock } = banked();
    brokerage.market.setPrice(265598, 200);
    banking.submit(
      {
        instructionType: 'FOP',
        instruction: {
          accountId: 'F7654321',
          clientInstructionId: 41,
          contraBrokerAccountId: '88123004',
          contraBrokerDtcCode: '0571',
          direction: 'IN',
          quantity: 10,
          tradingInstrument: { conid: 265598, currency: 'USD' },
        },
      },
      202,
    );
    clock.advance(72 * hour);
    const position = () =>
      brokerage.account('F7654321')?.positions.find((held) => held.conid === 265598);
    expect(position()).toMatchObject({ quantity: 10, averageCost: 200 });
    banking.submit(
      {
        instructionType: 'INTERNAL_POSITION_TRANSFER',
        instruction: {
          clientInstructionId: 42,
          sourceAccountId: 'F7654321',
          targetAccountId: 'U2345671',
          tradingInstrument: { conid: 265598, currency: 'USD' },
          transferQuantity: 4,
          transferPrice: 150,
        },
      },
      202,
    );
    expect(() =>
      banking.submit(
        {
          instructionType: 'INTERNAL_POSITION_TRANSFER',
          instruction: {
            clientInstructionId: 43,
            sourceAccountId: 'F7654321',
            targetAccountId: 'U2345671',
            tradingInstrument: { conid: 265598, currency: 'USD' },
            transferQuantity: 7,
          },
        },
        202,
      ),
    ).toThrow(/INSUFFICIENT_POSITION/);
    clock.advance(24 * hour);
    expect(position()).toMatchObject({ quantity: 6, averageCost: 200 });
  });

  it('handles each item of a bulk request on its own: 207 with the refused one, the others kept', () => {
    const { banking, clock, cash } = banked();
    const before = cash('U2345671') ?? 0;
    const answer = banking.submitSet({
      instructionType: 'DEPOSIT',
      instructions: [
        deposit(51, 100, 'U2345671').instruction,
        deposit(52, 100, 'U0000000').instruction,
        deposit(53, 200, 'U2345671').instruction,
      ],
    });
    expect(answer.status).toBe(207);
    expect(answer.body.instructionResults?.map((item) => item.status)).toEqual([202, 422, 202]);
    expect(answer.body.instructionResults?.[1]?.instructionResult?.error?.errorCode).toBe(
      'CORRUPT_DATA_INVALID_ACCT',
    );
    clock.advance(24 * hour);
    expect(cash('U2345671')).toBe(before + 300);
    const set = banking.set(answer.body.instructionSetId);
    expect(
      set.instructionResults?.map((item) => item.instructionResult?.instructionStatus),
    ).toEqual(['PROCESSED', 'REJECTED', 'PROCESSED']);
    const allGood = banking.submitSet({
      instructionType: 'DEPOSIT',
      instructions: [deposit(54, 1, 'U2345671').instruction],
    });
    expect(allGood.status).toBe(202);
  });

  it('verifies an ACH instruction with the two amounts credited, and only with them', () => {
    const { banking } = banked();
    const ach = banking.submit(
      {
        instructionType: 'ACH_INSTRUCTION',
        instruction: {
          accountId: 'U1234567',
          achType: 'DEBIT_CREDIT',
          bankInstructionCode: 'USACH',
          bankInstructionName: 'Savings',
          clientAccountInfo: {
            bankAccountNumber: '5550001',
            bankAccountTypeCode: 1,
            bankName: 'Harbor Savings Bank',
            bankRoutingNumber: '021000555',
          },
          clientInstructionId: 61,
          currency: 'USD',
        },
      },
      202,
    );
    expect(ach.instructionResult?.instructionStatus).toBe('PENDING_VERIFICATION');
    const pendingInstructionId = ach.instructionResult?.instructionId ?? 0;
    const verify = (clientInstructionId: number, creditAmount1: number, creditAmount2: number) =>
      banking.submit(
        {
          instructionType: 'TRADITIONAL_BANK_INSTRUCTION_VERIFICATION',
          instruction: {
            accountId: 'U1234567',
            bankInstructionCode: 'USACH',
            bankInstructionName: 'Savings',
            clientInstructionId,
            creditAmount1,
            creditAmount2,
            pendingInstructionId,
          },
        },
        202,
      );
    expect(verify(62, 5, 5).instructionResult?.instructionStatus).toBe('REJECTED');
    // The amounts credited are in the instruction the domain kept (the control API reads them).
    const amounts = banking.microAmounts(pendingInstructionId);
    expect(verify(63, amounts[1], amounts[0]).instructionResult?.instructionStatus).toBe(
      'PROCESSED',
    );
    expect(banking.status(pendingInstructionId).body.instructionResult?.instructionStatus).toBe(
      'PROCESSED',
    );
  });
});
