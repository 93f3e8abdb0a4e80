import type { StoreView } from '../kernel/store.js';

/** What the utilities area sees of the store: its own collections and the kernel's sequences. */
export type UtilitiesStore = StoreView<'amRequests' | 'sequences'>;
