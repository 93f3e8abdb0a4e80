import type { StoreView } from '../kernel/store.js';

/** What the tax vouchers area sees of the store: its own collection. */
export type TaxVouchersStore = StoreView<'taxVouchers'>;
