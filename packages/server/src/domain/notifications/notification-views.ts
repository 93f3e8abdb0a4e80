import type { Schema } from '@brokerage/types';
import type { Notification, NotificationProfile, TypeCode } from './model.js';
import { notificationType, notificationTypes } from './notification-types.js';

/** The acknowledgement of a change: the reference server changes its state at once. */
export const acknowledged = (): Schema<'FyiAcknowledgement'> => ({ V: 1, T: 0 });

const flag = (on: boolean): 0 | 1 => (on ? 1 : 0);

export const unreadCountView = (count: number): Schema<'FyiUnreadCount'> => ({ BN: count });

export const settingsView = (profile: NotificationProfile): Schema<'FyiSetting'>[] =>
  notificationTypes.map((type) => ({
    FC: type.code,
    H: flag(profile.acknowledged.includes(type.code)),
    A: flag(!profile.disabled.includes(type.code)),
    FD: type.description,
    FN: type.title,
  }));

export const disclaimerView = (code: TypeCode): Schema<'FyiDisclaimer'> => ({
  FC: code,
  DT: notificationType(code).disclaimer,
});

export const deliveryOptionsView = (
  profile: NotificationProfile,
): Schema<'FyiDeliveryOptions'> => ({
  M: flag(profile.email),
  E: profile.devices.map((device) => ({
    NM: device.name,
    I: device.id,
    UI: device.uiName,
    A: flag(device.enabled),
  })),
});

export const notificationView = (notification: Notification): Schema<'FyiNotification'> => ({
  R: flag(notification.read),
  D: `${Math.floor(notification.time / 1000)}.0`,
  MS: notification.title,
  MD: notification.content,
  ID: notification.id,
  HT: 0,
  FC: notification.code,
});

export const notificationReadView = (
  notification: Notification,
): Schema<'FyiNotificationRead'> => ({
  ...acknowledged(),
  P: { R: flag(notification.read), ID: notification.id },
});
