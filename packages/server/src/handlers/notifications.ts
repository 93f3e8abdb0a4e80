import { moreNotificationsBatch } from '../domain/notifications/notifications.js';
import { notificationView } from '../domain/notifications/notification-views.js';
import type { HandlerContext, HandlerGroup } from '../http/handler.js';

/** More notifications, a batch after a given one (tag Notifications: a call the service answers
 * that version 2.40 no longer describes). */
export const notificationHandlers = ({
  notifications,
}: HandlerContext): HandlerGroup<'getMoreNotifications'> => ({
  getMoreNotifications: ({ session, query }) =>
    notifications
      .list(session.username, { max: moreNotificationsBatch, after: query.id })
      .map(notificationView),
});
