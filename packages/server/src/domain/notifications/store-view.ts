import type { StoreView } from '../kernel/store.js';

/** What the notifications area sees of the store: its own collections and the kernel's sequences. */
export type NotificationsStore = StoreView<'notifications' | 'notificationProfiles' | 'sequences'>;
