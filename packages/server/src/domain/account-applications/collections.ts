import type { AccountApplication, DayDocuments } from './model.js';

declare module '../kernel/store.js' {
  interface Collections {
    /** Account applications submitted through the account-management API, by account id. */
    accountApplications: AccountApplication;
    /** Agreements and disclosures a client submitted for a day, by `<clientId> <YYYY-MM-DD>`;
     * kept until the day ends. */
    amDayDocuments: DayDocuments;
  }
}
