import { BinaryBody } from '../http/binary-body.js';
import type { HandlerContext, HandlerGroup } from '../http/handler.js';

/** Tax vouchers (`/gw/api/v1/tax-vouchers`, the tag Third Parties Tax Vouchers): the gate has
 * checked the token's scope and gives the client, whose key verifies the signed body of a
 * request and whose end users own the accounts it may claim for. */
export const thirdPartiesTaxVouchersHandlers = ({
  oauth2,
  reports,
  taxVouchers,
}: HandlerContext): HandlerGroup<
  | 'createTaxVoucherRequests'
  | 'getActiveCountryList'
  | 'getYears'
  | 'fetchDividends_1'
  | 'getCurrentState_1'
  | 'downloadFile'
> => ({
  createTaxVoucherRequests: async ({ client, body }) =>
    taxVouchers.create(client, await oauth2.verifySignedBody(client, body)),
  getActiveCountryList: () => taxVouchers.activeCountries(),
  getYears: () => taxVouchers.years(),
  fetchDividends_1: ({ client, query }) =>
    taxVouchers.dividends(client, query.custAcctId, Number(query.year), query.countryCode),
  getCurrentState_1: ({ client, params }) =>
    taxVouchers.view(taxVouchers.request(client, params.requestId)),
  downloadFile: async ({ client, params, signal }) => {
    const record = taxVouchers.issued(client, params.requestId);
    const file = await reports.taxVoucherPdf(client, record.custAcctId, record, signal);
    return new BinaryBody(file.bytes, file.mimeType);
  },
});
