import type { NotificationsStore } from './store-view.js';
import type { AreaContext } from '../accounts/brokerage.js';
import { badRequest } from '../kernel/errors.js';
import { isNoticeEvent, type DomainEvent } from '../kernel/events.js';
import { nextInSequence } from '../kernel/sequences.js';
import { dashedTimestamp } from '../kernel/time-format.js';
import type { Device, Notification, NotificationProfile, TypeCode } from './model.js';
import {
  notificationErrors,
  notificationText,
  type NotificationText,
} from './notification-texts.js';

/** How many older notifications `/fyi/notifications/more` answers: the vendor's bound of a batch
 * (`max` of the list), since the operation takes no `max`. */
export const moreNotificationsBatch = 10;

export interface NotificationQuery {
  max: number;
  include?: TypeCode[];
  exclude?: TypeCode[];
  /** Continue after this notification (older ones). */
  after?: string;
}

export interface DeviceRequest {
  id: string;
  name?: string;
  uiName?: string;
  enabled: boolean;
}

const newProfile = (username: string): NotificationProfile => ({
  username,
  inbox: {},
  unreadByCode: {},
  disabled: [],
  acknowledged: [],
  email: true,
  devices: [],
});

/** Index of the first id in the ascending `ids` that is not smaller than `id`. */
function lowerBound(ids: readonly string[], id: string): number {
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((ids[middle] ?? '') < id) low = middle + 1;
    else high = middle;
  }
  return low;
}

export type NotificationsContext = AreaContext<'events', 'market' | 'user', NotificationsStore>;

/** Notifications (FYIs): made from the brokerage's events for the kinds a user has on,
 * delivered (listed, counted) for the kinds whose disclaimer the user acknowledged. */
export class Notifications {
  constructor(private readonly context: NotificationsContext) {
    context.events.subscribe((event) => this.onEvent(event));
  }

  private get notifications() {
    return this.context.store.collection('notifications');
  }

  private get profiles() {
    return this.context.store.collection('notificationProfiles');
  }

  /** The user's profile; a new one is stored only when something changes. */
  profile(username: string): NotificationProfile {
    return this.profiles.get(username) ?? newProfile(username);
  }

  /** Stores the user's profile with the changes `change` answers (records are values). */
  private edit(
    username: string,
    change: (profile: NotificationProfile) => Partial<NotificationProfile>,
  ): void {
    const profile = this.profile(username);
    this.profiles.set(username, { ...profile, ...change(profile) });
  }

  private onEvent(event: DomainEvent): void {
    if (!isNoticeEvent(event) || !this.context.accounts.user(event.username)) return;
    const text = notificationText(
      event,
      (conid) => this.context.accounts.market.instrument(conid)?.symbol ?? String(conid),
    );
    if (this.profile(event.username).disabled.includes(text.code)) return;
    this.add(event.username, text, event.time);
  }

  /** Stores a notification for the user (from an event, or seeded by the control API). */
  add(username: string, text: NotificationText, time: number): Notification {
    const sequence = nextInSequence(this.context.store, 'notifications', 0);
    const id = `${dashedTimestamp(time).slice(0, 8)}${String(sequence).padStart(8, '0')}`;
    const notification: Notification = {
      id,
      username,
      code: text.code,
      time,
      title: text.title,
      content: text.content,
      read: false,
    };
    this.notifications.set(id, notification);
    const { code } = text;
    this.edit(username, (profile) => ({
      inbox: { ...profile.inbox, [code]: [...(profile.inbox[code] ?? []), id] },
      unreadByCode: { ...profile.unreadByCode, [code]: (profile.unreadByCode[code] ?? 0) + 1 },
    }));
    return notification;
  }

  unreadCount(username: string): number {
    const profile = this.profile(username);
    return profile.acknowledged.reduce((sum, code) => sum + (profile.unreadByCode[code] ?? 0), 0);
  }

  /** Newest first: a merge of the per-kind lists, so the cost is bounded by `max` and the number
   * of kinds, whatever the inbox holds. */
  list(username: string, query: NotificationQuery): Notification[] {
    const profile = this.profile(username);
    const border = query.after === undefined ? undefined : this.own(username, query.after).id;
    const codes = profile.acknowledged.filter(
      (code) =>
        (query.include === undefined || query.include.includes(code)) &&
        !(query.exclude ?? []).includes(code),
    );
    const cursors = codes.map((code) => {
      const ids = profile.inbox[code] ?? [];
      return { ids, next: (border === undefined ? ids.length : lowerBound(ids, border)) - 1 };
    });
    const listed: Notification[] = [];
    while (listed.length < query.max) {
      let newest: (typeof cursors)[number] | undefined;
      for (const cursor of cursors) {
        const id = cursor.ids[cursor.next];
        if (id !== undefined && (newest === undefined || id > (newest.ids[newest.next] ?? '')))
          newest = cursor;
      }
      if (!newest) break;
      const notification = this.notifications.get(newest.ids[newest.next] ?? '');
      newest.next -= 1;
      if (notification) listed.push(notification);
    }
    return listed;
  }

  markRead(username: string, id: string): Notification {
    const notification = this.own(username, id);
    if (notification.read) return notification;
    const read = { ...notification, read: true };
    this.notifications.set(id, read);
    const { code } = notification;
    this.edit(username, (profile) => ({
      unreadByCode: {
        ...profile.unreadByCode,
        [code]: Math.max(0, (profile.unreadByCode[code] ?? 0) - 1),
      },
    }));
    return read;
  }

  setEnabled(username: string, code: TypeCode, enabled: boolean): void {
    this.edit(username, (profile) => {
      const others = profile.disabled.filter((other) => other !== code);
      return { disabled: enabled ? others : [...others, code] };
    });
  }

  acknowledge(username: string, code: TypeCode): void {
    this.edit(username, (profile) => ({
      acknowledged: profile.acknowledged.includes(code)
        ? profile.acknowledged
        : [...profile.acknowledged, code],
    }));
  }

  setEmail(username: string, enabled: boolean): void {
    this.edit(username, () => ({ email: enabled }));
  }

  /** Registers the device, or updates the one with its id. */
  setDevice(username: string, request: DeviceRequest): void {
    this.edit(username, (profile) => {
      const known = profile.devices.find((device) => device.id === request.id);
      const device: Device = {
        id: request.id,
        name: request.name ?? known?.name ?? request.id,
        uiName: request.uiName ?? known?.uiName ?? request.id,
        enabled: request.enabled,
      };
      return {
        devices: known
          ? profile.devices.map((other) => (other === known ? device : other))
          : [...profile.devices, device],
      };
    });
  }

  deleteDevice(username: string, id: string): void {
    if (!this.profile(username).devices.some((device) => device.id === id))
      throw badRequest(notificationErrors.unknownDevice(id));
    this.edit(username, (profile) => ({
      devices: profile.devices.filter((device) => device.id !== id),
    }));
  }

  private own(username: string, id: string): Notification {
    const notification = this.notifications.get(id);
    if (!notification || notification.username !== username)
      throw badRequest(notificationErrors.unknownNotification(id));
    return notification;
  }
}
