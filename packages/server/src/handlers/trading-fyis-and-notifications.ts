import type { TypeCode } from '../domain/notifications/model.js';
import {
  acknowledged,
  deliveryOptionsView,
  disclaimerView,
  notificationReadView,
  notificationView,
  settingsView,
  unreadCountView,
} from '../domain/notifications/notification-views.js';
import type { HandlerContext, HandlerGroup } from '../http/handler.js';

type NotificationOperation =
  | 'getUnreadNotificationCount'
  | 'getNotificationSettings'
  | 'setNotificationSetting'
  | 'getNotificationDisclaimer'
  | 'acknowledgeNotificationDisclaimer'
  | 'getNotificationDeliveryOptions'
  | 'setNotificationEmailDelivery'
  | 'setNotificationDevice'
  | 'deleteNotificationDevice'
  | 'listNotifications'
  | 'markNotificationRead';

/** Comma-separated type codes of a query (validated by the document's pattern). */
const codesOf = (list: string | undefined) =>
  list === undefined ? undefined : (list.split(',') as TypeCode[]);

/** Notifications (tag Trading FYIs and Notifications): their kinds, settings, disclaimers,
 * delivery options, list and read state. */
export const tradingFyisAndNotificationsHandlers = ({
  notifications,
}: HandlerContext): HandlerGroup<NotificationOperation> => ({
  getUnreadNotificationCount: ({ session }) =>
    unreadCountView(notifications.unreadCount(session.username)),
  getNotificationSettings: ({ session }) => settingsView(notifications.profile(session.username)),
  setNotificationSetting: ({ session, params, body }) => {
    notifications.setEnabled(session.username, params.typecode, body.enabled);
    return acknowledged();
  },
  getNotificationDisclaimer: ({ params }) => disclaimerView(params.typecode),
  acknowledgeNotificationDisclaimer: ({ session, params }) => {
    notifications.acknowledge(session.username, params.typecode);
    return acknowledged();
  },
  getNotificationDeliveryOptions: ({ session }) =>
    deliveryOptionsView(notifications.profile(session.username)),
  setNotificationEmailDelivery: ({ session, query }) => {
    notifications.setEmail(session.username, query.enabled.toLowerCase() === 'true');
    return acknowledged();
  },
  setNotificationDevice: ({ session, body }) => {
    const name = body.deviceName ?? body.devicename;
    notifications.setDevice(session.username, {
      id: body.deviceId,
      enabled: body.enabled,
      ...(name === undefined ? {} : { name }),
      ...(body.uiName === undefined ? {} : { uiName: body.uiName }),
    });
    return acknowledged();
  },
  deleteNotificationDevice: ({ session, params }) => {
    notifications.deleteDevice(session.username, params.deviceId);
    return '';
  },
  listNotifications: ({ session, query }) => {
    const include = codesOf(query.include);
    const exclude = codesOf(query.exclude);
    return notifications
      .list(session.username, {
        max: Number(query.max),
        ...(include === undefined ? {} : { include }),
        ...(exclude === undefined ? {} : { exclude }),
        ...(query.id === undefined ? {} : { after: query.id }),
      })
      .map(notificationView);
  },
  markNotificationRead: ({ session, params }) =>
    notificationReadView(notifications.markRead(session.username, params.notificationId)),
});
