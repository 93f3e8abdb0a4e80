import type { Schema } from '@brokerage/types';
import type { AreaContext } from '../accounts/brokerage.js';
import type { TaxVouchersStore } from './store-view.js';
import type { Account } from '../accounts/model.js';
import type { OAuth2Client } from '../auth/oauth2.js';
import type { Dividends } from '../dividends/dividends.js';
import type { DividendEntitlement } from '../dividends/model.js';
import { badRequest, notFound } from '../kernel/errors.js';
import type { Index } from '../kernel/store.js';
import type { VoucherCountry, VoucherRecord } from './model.js';

/** How long a request waits before it is processed, and before its voucher is issued. */
export const processingAfterMs = 60 * 60_000;
export const completedAfterMs = 24 * 60 * 60_000;

/** How many tax years back, besides the current one, a voucher can be asked for. */
const yearsBack = 2;

export type VoucherState = 'PENDING' | 'PROCESSING' | 'COMPLETED';

/** Where a request stands at `now`: it moves on the clock alone. */
export function voucherState(record: Pick<VoucherRecord, 'createdAt'>, now: number): VoucherState {
  const age = now - record.createdAt;
  if (age >= completedAfterMs) return 'COMPLETED';
  return age >= processingAfterMs ? 'PROCESSING' : 'PENDING';
}

export type TaxVouchersContext = AreaContext<'clock' | 'random', never, TaxVouchersStore>;

/** What the area asks of the others: the dividends paid, and the accounts a client may read. */
export interface TaxVoucherSources {
  dividends: Pick<Dividends, 'entitlementsOf'>;
  /** The account when it belongs to the client's end users; else it throws (403). */
  accountFor: (client: OAuth2Client, accountId: string) => Account;
}

type VoucherView = Schema<'TaxVoucher'>;

/** One voucher asked for in a signed body's `requests` claim. */
interface Asked {
  custAcctId: string;
  corpactionId: string;
}

/**
 * Tax vouchers (`/gw/api/v1/tax-vouchers`): for a dividend paid to an account, a voucher stating
 * the tax its issuer's country withheld. A request is made once per account and dividend, by
 * a client for an account of its end users, and moves from `PENDING` to `PROCESSING` (an hour)
 * to `COMPLETED` (a day) on the clock; only then is its voucher issued.
 */
export class TaxVouchers {
  readonly #byAccount: Index<VoucherRecord>;

  constructor(
    private readonly context: TaxVouchersContext,
    private readonly sources: TaxVoucherSources,
    private readonly countries: readonly VoucherCountry[],
  ) {
    this.#byAccount = context.store
      .collection('taxVouchers')
      .index('byAccount', (record) => record.custAcctId);
  }

  activeCountries(): VoucherCountry[] {
    return this.countries.map((country) => ({ ...country }));
  }

  /** The current year of the clock and the ones before it that can still be claimed. */
  years(): number[] {
    const current = new Date(this.context.clock.now()).getUTCFullYear();
    return Array.from({ length: yearsBack + 1 }, (_, back) => current - back);
  }

  /** The account's dividends paid in `year` by issuers of `countryCode`, with their requests. */
  dividends(
    client: OAuth2Client,
    accountId: string,
    year: number,
    countryCode: string,
  ): Schema<'TaxVoucherDividend'>[] {
    const account = this.sources.accountFor(client, accountId);
    return this.#paid(account.id)
      .filter(
        (paid) => paid.payDate.startsWith(`${year}-`) && paid.country === countryCode.toUpperCase(),
      )
      .map((paid) => {
        const record = this.#recordOf(account.id, paid.dividendId);
        return {
          currency: paid.currency,
          exDate: paid.exDate,
          payDate: paid.payDate,
          corpactionId: paid.dividendId,
          country: paid.country,
          isin: paid.isin,
          securityDesc: paid.description,
          symbol: paid.symbol,
          voucher: record ? this.view(record) : null,
        };
      });
  }

  /** Makes the requests a verified body's claims ask for: all of them, or none when one is
   * refused. */
  create(client: OAuth2Client, claims: Record<string, unknown>): VoucherView[] {
    const asked = this.#asked(claims);
    const now = this.context.clock.now();
    const made: VoucherRecord[] = [];
    const seen = new Set<string>();
    for (const { custAcctId, corpactionId } of asked) {
      const account = this.sources.accountFor(client, custAcctId);
      const paid = this.#paid(account.id).find((entry) => entry.dividendId === corpactionId);
      if (!paid) throw badRequest(`No dividend ${corpactionId} was paid to account ${account.id}`);
      const country = this.countries.find((entry) => entry.countryCode === paid.country);
      if (!country || country.disabled)
        throw badRequest(`Tax vouchers are not available for country ${paid.country}`);
      const key = `${account.id}/${corpactionId}`;
      if (seen.has(key) || this.#recordOf(account.id, corpactionId))
        throw badRequest(
          `A tax voucher was already requested for ${corpactionId} of ${account.id}`,
        );
      seen.add(key);
      made.push({
        requestId: `tv-${this.context.random.hex(8)}`,
        clientId: client.clientId,
        custAcctId: account.id,
        corpactionId,
        createdAt: now,
        fee: country.fee,
        feeCurrency: country.currency,
        divAmount: paid.gross,
        withHeldAmount: paid.withheld,
        quantity: paid.quantity,
        countryCode: paid.country,
        year: Number(paid.payDate.slice(0, 4)),
        symbol: paid.symbol,
        securityDesc: paid.description,
        isin: paid.isin,
        currency: paid.currency,
        exDate: paid.exDate,
        payDate: paid.payDate,
      });
    }
    const kept = this.context.store.collection('taxVouchers');
    for (const record of made) kept.set(record.requestId, record);
    return made.map((record) => this.view(record));
  }

  /** The request, when this client made it (any other, existing or not, is not found). */
  request(client: OAuth2Client, requestId: string): VoucherRecord {
    const record = this.context.store.collection('taxVouchers').get(requestId);
    if (!record || record.clientId !== client.clientId)
      throw notFound(`No tax voucher request ${requestId}`);
    return record;
  }

  /** The request of a voucher that can be downloaded: completed. */
  issued(client: OAuth2Client, requestId: string): VoucherRecord {
    const record = this.request(client, requestId);
    const state = voucherState(record, this.context.clock.now());
    if (state !== 'COMPLETED')
      throw badRequest(`Tax voucher request ${requestId} is ${state}: no voucher yet`);
    return record;
  }

  view(record: VoucherRecord): VoucherView {
    return {
      requestId: record.requestId,
      custAcctId: record.custAcctId,
      corpactionId: record.corpactionId,
      requestState: voucherState(record, this.context.clock.now()),
      fee: record.fee,
      divAmount: record.divAmount,
      withHeldAmount: record.withHeldAmount,
      quantity: record.quantity,
      countryCode: record.countryCode,
      year: record.year,
      migratedCustAcctId: '',
    };
  }

  #paid(accountId: string): DividendEntitlement[] {
    return this.sources.dividends
      .entitlementsOf(accountId)
      .filter((entry) => entry.paidAt !== undefined);
  }

  #recordOf(accountId: string, corpactionId: string): VoucherRecord | undefined {
    return this.#byAccount.get(accountId).find((record) => record.corpactionId === corpactionId);
  }

  #asked(claims: Record<string, unknown>): Asked[] {
    const requests = claims.requests;
    if (!Array.isArray(requests) || requests.length === 0)
      throw badRequest('The claim requests must list the vouchers asked for');
    return requests.map((entry: unknown, at) => {
      const item = (entry ?? {}) as Record<string, unknown>;
      const { custAcctId, corpactionId } = item;
      if (typeof custAcctId !== 'string' || custAcctId === '')
        throw badRequest(`requests[${at}].custAcctId must be an account id`);
      if (typeof corpactionId !== 'string' || corpactionId === '')
        throw badRequest(`requests[${at}].corpactionId must be a dividend id`);
      return { custAcctId, corpactionId };
    });
  }
}
