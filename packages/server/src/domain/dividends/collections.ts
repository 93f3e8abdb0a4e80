import type { Dividend, DividendEntitlement } from './model.js';

declare module '../kernel/store.js' {
  interface Collections {
    /** Dividends declared through the control API, by id (the fixtures' schedules are not kept:
     * they are computed). */
    dividendDeclarations: Dividend;
    /** What each account is owed or was paid of each dividend, by `<accountId>/<dividend id>`. */
    dividendEntitlements: DividendEntitlement;
    /** `processedTo`: the time up to which ex-dates and pay dates were applied. */
    dividendProgress: number;
  }
}
