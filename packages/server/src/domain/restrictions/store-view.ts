import type { StoreView } from '../kernel/store.js';

/** What the restrictions area sees of the store: its own collections and the kernel's sequences. */
export type RestrictionsStore = StoreView<
  'restrictions' | 'restrictionLinks' | 'restrictionLists' | 'restrictionRequests' | 'sequences'
>;
