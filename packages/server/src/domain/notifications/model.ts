import type { Schema } from '@brokerage/types';

/** A kind of notification (FYI), by the service's code. */
export type TypeCode = Schema<'FyiTypeCode'>;

/** One notification as stored. */
export interface Notification {
  /** Digits: the day (`YYYYMMDD`) and an eight-digit sequence number, so newer ids are larger. */
  id: string;
  username: string;
  code: TypeCode;
  /** Epoch milliseconds of the event. */
  time: number;
  title: string;
  /** HTML content. */
  content: string;
  read: boolean;
}

/** A device notifications are delivered to. */
export interface Device {
  id: string;
  name: string;
  uiName: string;
  enabled: boolean;
}

/** A user's notifications and choices: the inbox indexes the ids per kind, oldest first, beside
 * the unread count per kind, so that counting and listing never scan every notification. */
export interface NotificationProfile {
  username: string;
  inbox: Partial<Record<TypeCode, string[]>>;
  unreadByCode: Partial<Record<TypeCode, number>>;
  /** Kinds switched off. */
  disabled: TypeCode[];
  /** Kinds whose disclaimer the user acknowledged. */
  acknowledged: TypeCode[];
  email: boolean;
  devices: Device[];
}
