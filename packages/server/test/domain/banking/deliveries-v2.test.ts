// Version-2 deliveries (`/gw/api/v2/external-asset-transfers`): several positions in one
// instruction, checked each as a version-1 delivery, settled together or not at all.
import type { Submitted } from '../../../src/domain/banking/model.js';
import { keepAccounts } from '../../../src/domain/accounts/holdings.js';
import { domain } from '../services.js';

const hour = 3_600_000;
const [AAPL, MSFT] = [265598, 272093];

const delivery = (
  clientInstructionId: number,
  direction: 'IN' | 'OUT',
  positions: { conid: number; quantity: number }[],
) =>
  ({
    instructionType: 'FOP',
    instruction: {
      accountId: 'F7654321',
      clientInstructionId,
      contraBrokerAccountId: '88123004',
      contraBrokerDtcCode: '0571',
      direction,
      positions,
    },
  }) satisfies Submitted;

function world() {
  const { services, clock } = domain();
  const { banking, brokerage } = services;
  brokerage.market.setPrice(AAPL, 200);
  brokerage.market.setPrice(MSFT, 400);
  const held = (conid: number) =>
    brokerage.account('F7654321')?.positions.find((position) => position.conid === conid);
  return { banking, brokerage, clock, held };
}

describe('version-2 deliveries', () => {
  it('books every position of an incoming delivery when it settles, three days later', () => {
    const { banking, clock, held } = world();
    const accepted = banking.submit(
      delivery(71, 'IN', [
        { conid: AAPL, quantity: 10 },
        { conid: MSFT, quantity: 5 },
      ]),
      202,
    );
    expect(accepted.instructionResult).toMatchObject({
      instructionType: 'FOP',
      instructionStatus: 'PENDING',
    });
    clock.advance(72 * hour - 1);
    expect(held(AAPL)).toBeUndefined();
    clock.advance(1);
    expect(held(AAPL)).toMatchObject({ quantity: 10, averageCost: 200 });
    expect(held(MSFT)).toMatchObject({ quantity: 5, averageCost: 400 });
    const id = accepted.instructionResult?.instructionId ?? 0;
    expect(banking.status(id).body.instructionResult?.instructionStatus).toBe('PROCESSED');
  });

  it('refuses an outgoing delivery of more than is held, a contract named twice, or an unknown one', () => {
    const { banking, clock } = world();
    banking.submit(delivery(81, 'IN', [{ conid: AAPL, quantity: 10 }]), 202);
    clock.advance(72 * hour);
    expect(() => banking.submit(delivery(82, 'OUT', [{ conid: AAPL, quantity: 11 }]), 202)).toThrow(
      /INSUFFICIENT_POSITION/,
    );
    expect(() =>
      banking.submit(
        delivery(83, 'IN', [
          { conid: AAPL, quantity: 1 },
          { conid: AAPL, quantity: 2 },
        ]),
        202,
      ),
    ).toThrow(/DUPLICATE_POSITION/);
    expect(() => banking.submit(delivery(84, 'IN', [{ conid: 999, quantity: 1 }]), 202)).toThrow(
      /UNKNOWN_INSTRUMENT/,
    );
    // What a pending outgoing delivery takes is no longer deliverable.
    banking.submit(delivery(85, 'OUT', [{ conid: AAPL, quantity: 6 }]), 202);
    expect(() => banking.submit(delivery(86, 'OUT', [{ conid: AAPL, quantity: 5 }]), 202)).toThrow(
      /may deliver 4/,
    );
  });

  it('moves none of its positions when one is no longer held at settlement', () => {
    const { banking, brokerage, clock, held } = world();
    banking.submit(
      delivery(91, 'IN', [
        { conid: AAPL, quantity: 10 },
        { conid: MSFT, quantity: 5 },
      ]),
      202,
    );
    clock.advance(72 * hour);
    const out = banking.submit(
      delivery(92, 'OUT', [
        { conid: AAPL, quantity: 4 },
        { conid: MSFT, quantity: 5 },
      ]),
      202,
    );
    // The MSFT position leaves by a trade before the delivery settles (as a sale would).
    const account = brokerage.account('F7654321');
    if (!account) throw new Error('no account');
    keepAccounts(brokerage, {
      ...account,
      positions: account.positions.filter((position) => position.conid !== MSFT),
    });
    clock.advance(72 * hour);
    const ended = banking.status(out.instructionResult?.instructionId ?? 0).body.instructionResult;
    expect(ended).toMatchObject({
      instructionStatus: 'REJECTED',
      error: { errorCode: 'INSUFFICIENT_POSITION' },
    });
    expect(held(AAPL)?.quantity).toBe(10);
  });
});
