import type { OAuth2Client } from '../../../src/domain/auth/oauth2.js';
import { DomainError } from '../../../src/domain/kernel/errors.js';
import {
  completedAfterMs,
  processingAfterMs,
  voucherState,
} from '../../../src/domain/tax-vouchers/tax-vouchers.js';
import { accountId, domain } from '../services.js';

const client: OAuth2Client = {
  clientId: 'TESTCONS',
  keys: [],
  scopes: [],
  endUsers: ['demo_individual'],
};
const otherClient: OAuth2Client = { ...client, clientId: 'OTHER' };
const sap = '14204-20250515';

/** Fresh services past SAP's 2025 pay date: U1234567 was paid its 20 shares' dividend. */
function paid() {
  const { services, clock } = domain();
  clock.advance(Date.parse('2025-05-20T00:00:00Z') - clock.now());
  return { services, clock, vouchers: services.taxVouchers };
}

const failure = (work: () => unknown): DomainError => {
  try {
    work();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a domain error');
};

describe('tax vouchers', () => {
  it('moves a request from PENDING to PROCESSING to COMPLETED on the clock', () => {
    expect(voucherState({ createdAt: 0 }, processingAfterMs - 1)).toBe('PENDING');
    expect(voucherState({ createdAt: 0 }, processingAfterMs)).toBe('PROCESSING');
    expect(voucherState({ createdAt: 0 }, completedAfterMs)).toBe('COMPLETED');
  });

  it('lists the dividends paid in a year by a country, with the request made for each', () => {
    const { vouchers } = paid();
    const [dividend] = vouchers.dividends(client, accountId, 2025, 'DE');
    expect(dividend).toEqual({
      currency: 'EUR',
      exDate: '2025-05-15',
      payDate: '2025-05-19',
      corpactionId: sap,
      country: 'DE',
      isin: 'DE0007164600',
      securityDesc: 'SAP SE',
      symbol: 'SAP',
      voucher: null,
    });
    expect(vouchers.dividends(client, accountId, 2024, 'DE')).toEqual([]);
    expect(vouchers.dividends(client, accountId, 2025, 'de')).toHaveLength(1);
    expect(vouchers.dividends(client, accountId, 2025, 'US').map((entry) => entry.symbol)).toEqual([
      'AAPL',
    ]);

    const [made] = vouchers.create(client, {
      requests: [{ custAcctId: accountId, corpactionId: sap }],
    });
    expect(made).toMatchObject({
      custAcctId: accountId,
      corpactionId: sap,
      requestState: 'PENDING',
      fee: 25,
      divAmount: 47,
      withHeldAmount: 12.4,
      quantity: 20,
      countryCode: 'DE',
      year: 2025,
    });
    expect(vouchers.dividends(client, accountId, 2025, 'DE')[0]?.voucher).toEqual(made);
  });

  it('issues the voucher only once the request is completed, to the client that made it', () => {
    const { vouchers, clock } = paid();
    const [made] = vouchers.create(client, {
      requests: [{ custAcctId: accountId, corpactionId: sap }],
    });
    const requestId = made?.requestId ?? '';
    expect(failure(() => vouchers.issued(client, requestId)).message).toMatch(/PENDING/);
    clock.advance(processingAfterMs);
    expect(vouchers.view(vouchers.request(client, requestId)).requestState).toBe('PROCESSING');
    clock.advance(completedAfterMs - processingAfterMs);
    expect(vouchers.issued(client, requestId).requestId).toBe(requestId);
    expect(failure(() => vouchers.request(otherClient, requestId)).kind).toBe('notFound');
    expect(failure(() => vouchers.request(client, 'tv-none')).kind).toBe('notFound');
  });

  it('refuses a whole body when one request cannot be made', () => {
    const { vouchers } = paid();
    const create = (requests: unknown) => failure(() => vouchers.create(client, { requests }));
    expect(create(undefined).message).toMatch(/requests must list/);
    expect(create([{ custAcctId: accountId }]).message).toMatch(/corpactionId/);
    expect(create([{ custAcctId: accountId, corpactionId: '14204-20240515' }]).message).toMatch(
      /No dividend/,
    );
    expect(create([{ custAcctId: 'U2345671', corpactionId: sap }]).kind).toBe('forbidden');
    const twice = [
      { custAcctId: accountId, corpactionId: sap },
      { custAcctId: accountId, corpactionId: sap },
    ];
    expect(create(twice).message).toMatch(/already requested/);
    expect(vouchers.dividends(client, accountId, 2025, 'DE')[0]?.voucher).toBeNull();
  });

  it('names the years of the clock and the two before', () => {
    const { vouchers } = paid();
    expect(vouchers.years()).toEqual([2025, 2024, 2023]);
    expect(vouchers.activeCountries().map((country) => country.countryCode)).toEqual([
      'DE',
      'US',
      'CH',
    ]);
  });
});
