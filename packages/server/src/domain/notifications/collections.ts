import type { Notification, NotificationProfile } from './model.js';

declare module '../kernel/store.js' {
  interface Collections {
    /** Notifications (FYIs), by id. */
    notifications: Notification;
    /** Each user's inbox index and notification choices, by username. */
    notificationProfiles: NotificationProfile;
  }
}
