import type { VoucherRecord } from './model.js';

declare module '../kernel/store.js' {
  interface Collections {
    /** Tax voucher requests, by request id. */
    taxVouchers: VoucherRecord;
  }
}
