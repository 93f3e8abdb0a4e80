import type { NoticeEvent } from '../kernel/events.js';
import type { Alert } from './model.js';

/** The event of an alert whose conditions came to hold. */
export const alertTriggered = (alert: Alert, time: number): NoticeEvent => ({
  type: 'alertTriggered',
  username: alert.username,
  time,
  accountId: alert.accountId,
  alertId: alert.orderId,
  alertName: alert.name,
  message: alert.message,
});
