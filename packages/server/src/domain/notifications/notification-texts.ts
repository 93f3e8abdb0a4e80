import type { NoticeEvent } from '../kernel/events.js';
import type { TypeCode } from './model.js';

/** What a notification says: its kind, title and HTML content. */
export interface NotificationText {
  code: TypeCode;
  title: string;
  content: string;
}

const html = (text: string) => `<html>${text}</html>`;
const amount = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 4 });
const money = (value: number) =>
  value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const minutes = (ms: number) => Math.max(1, Math.round(ms / 60_000));

/** The notification each event makes (all texts are the reference server's own: no source shows
 * the service's), given the contract's symbol. */
export function notificationText(
  event: NoticeEvent,
  symbolOf: (conid: number) => string,
): NotificationText {
  switch (event.type) {
    case 'orderFilled':
      return {
        code: 'PF',
        title: 'FYI: Order filled',
        content: html(
          `${event.side === 'BUY' ? 'Bought' : 'Sold'} ${amount(event.size)} ${symbolOf(event.conid)} at ${amount(event.price)} in account ${event.accountId} (order ${event.orderId}).`,
        ),
      };
    case 'orderRejected':
      return {
        code: 'SM',
        title: 'FYI: Order rejected',
        content: html(
          event.orderId === undefined
            ? `An order for ${symbolOf(event.conid)} in account ${event.accountId} was rejected: ${event.reason ?? ''}`
            : `Order ${event.orderId} for ${symbolOf(event.conid)} in account ${event.accountId} could not fill and is inactive.`,
        ),
      };
    case 'orderCancelled':
      return {
        code: 'SM',
        title: 'FYI: Order cancelled',
        content: html(
          `Order ${event.orderId} for ${symbolOf(event.conid)} in account ${event.accountId} was cancelled.`,
        ),
      };
    case 'alertTriggered':
      return {
        code: 'UA',
        title: `FYI: Alert ${event.alertName} triggered`,
        content: html(
          `Your alert ${event.alertName} on account ${event.accountId} triggered.${event.message === null ? '' : ` ${event.message}`}`,
        ),
      };
    case 'marginWarning':
      return {
        code: 'SM',
        title: 'FYI: Margin warning',
        content: html(
          `Account ${event.accountId} has ${money(event.excessLiquidity)} ${event.currency} of excess liquidity left, against a net liquidation value of ${money(event.netLiquidation)} ${event.currency}. Positions may be closed if it falls below zero.`,
        ),
      };
    case 'sessionExpiring':
      return {
        code: 'SM',
        title: 'FYI: Session ending',
        content: html(
          `Your session ends in ${minutes(event.remainingMs)} minutes. Log in again to keep trading.`,
        ),
      };
  }
}

/** Error texts of the notification operations (ours). */
export const notificationErrors = {
  unknownNotification: (id: string) => `Notification ${id} not found`,
  unknownDevice: (id: string) => `Device ${id} not found`,
};
