import type { Schema } from '@brokerage/types';
import { parseDecimal } from '../orders/numbers.js';

export type Notification = Schema<'FyiNotification'>;

/** Whether a notification was read: the service sends `R` as `1`/`0`, a number or a string. */
export const isNotificationRead = (notification: Notification): boolean =>
  Number(notification.R) === 1;

/** When a notification was made, epoch milliseconds (`D` is epoch seconds as a decimal string);
 * undefined when the service leaves `D` out. */
export const notificationTime = (notification: Notification): number | undefined =>
  notification.D === undefined ? undefined : Math.round(parseDecimal(notification.D) * 1000);
