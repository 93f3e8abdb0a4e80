import type { StoreView } from '../kernel/store.js';
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

/** What the account-applications area sees of the store: its own collections and the kernel's sequences. */
export type AccountApplicationsStore = StoreView<
  'accountApplications' | 'amDayDocuments' | 'sequences'
>;
