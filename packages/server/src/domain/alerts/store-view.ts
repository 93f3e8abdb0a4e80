import type { StoreView } from '../kernel/store.js';

/** What the alerts area sees of the store: its own collections and the kernel's sequences. */
export type AlertsStore = StoreView<'alerts' | 'sequences'>;
