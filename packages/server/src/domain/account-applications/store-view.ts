import type { StoreView } from '../kernel/store.js';

/** What the account-applications area sees of the store: its own collections and the kernel's sequences. */
export type AccountApplicationsStore = StoreView<
  'accountApplications' | 'amDayDocuments' | 'sequences'
>;
