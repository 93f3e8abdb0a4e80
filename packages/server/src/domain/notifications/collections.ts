import type { StoreView } from '../kernel/store.js';
import type { Notification, NotificationProfile } from './model.js';

declare module '../kernel/store.js' {
  interface Collections {
    /** Notifications (FYIs), by id. */
    notifications: Notification;
    /** Each user's inbox index and notification choices, by username. */
    notificationProfiles: NotificationProfile;
  }
}

/** What the notifications area sees of the store: its own collections and the kernel's sequences. */
export type NotificationsStore = StoreView<'notifications' | 'notificationProfiles' | 'sequences'>;
