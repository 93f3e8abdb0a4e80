// Notifications (FYIs): kinds, disclaimers, the list and read state made from fills, and the
// delivery options.
import type { Body } from '@brokerage/types';
import { useTarget } from '../support/target.js';

type Order = Body<'placeOrders'>['orders'][number];

const marketBuy: Order = { conid: 265598, orderType: 'MKT', side: 'BUY', tif: 'DAY', quantity: 1 };

const first = (data: unknown): Record<string, unknown> | undefined =>
  (Array.isArray(data) ? data[0] : data) as Record<string, unknown> | undefined;

describe('notifications', () => {
  const suite = useTarget();
  let accountId = '';

  beforeAll(async () => {
    const { data } = await suite.client.GET('/v1/api/iserver/accounts');
    accountId = data?.accounts?.[0] ?? '';
  });

  /** Places a market order and confirms its warnings: it fills at once. */
  async function fill(): Promise<void> {
    const placed = await suite.client.POST('/v1/api/iserver/account/{accountId}/orders', {
      params: { path: { accountId } },
      body: { orders: [marketBuy] },
    });
    let entry = first(placed.data);
    for (let round = 0; round < 6 && entry && 'messageIds' in entry; round++) {
      const reply = await suite.client.POST('/v1/api/iserver/reply/{replyId}', {
        params: { path: { replyId: String(entry.id) } },
        body: { confirmed: true },
      });
      entry = first(reply.data);
    }
    expect(entry).toHaveProperty('order_id');
  }

  const listFills = async () =>
    (
      await suite.client.GET('/v1/api/fyi/notifications', {
        params: { query: { max: 10, include: 'PF' } },
      })
    ).data ?? [];

  it('getNotificationSettings lists every kind; getNotificationDisclaimer answers its text', async () => {
    const settings = await suite.client.GET('/v1/api/fyi/settings');
    expect(settings.response.status).toBe(200);
    expect(settings.data?.map((setting) => setting.FC)).toEqual(
      expect.arrayContaining(['PF', 'UA', 'SM']),
    );
    const disclaimer = await suite.client.GET('/v1/api/fyi/disclaimer/{typecode}', {
      params: { path: { typecode: 'PF' } },
    });
    expect(disclaimer.data).toMatchObject({ FC: 'PF', DT: expect.any(String) });
  });

  it('a fill is delivered once the disclaimer of its kind is acknowledged; listNotifications, getUnreadNotificationCount and markNotificationRead follow it', async () => {
    await fill();
    expect(await listFills()).toEqual([]);
    const ack = await suite.client.PUT('/v1/api/fyi/disclaimer/{typecode}', {
      params: { path: { typecode: 'PF' } },
    });
    expect(ack.data).toEqual({ V: 1, T: 0 });
    const [notification] = await listFills();
    expect(notification).toMatchObject({ FC: 'PF', R: 0, MS: 'FYI: Order filled' });
    const unread = await suite.client.GET('/v1/api/fyi/unreadnumber');
    expect(unread.data?.BN).toBeGreaterThanOrEqual(1);

    const read = await suite.client.PUT('/v1/api/fyi/notifications/{notificationId}', {
      params: { path: { notificationId: notification?.ID ?? '' } },
    });
    expect(read.data?.P).toEqual({ R: 1, ID: notification?.ID });
    const after = await suite.client.GET('/v1/api/fyi/unreadnumber');
    expect(after.data?.BN).toBe((unread.data?.BN ?? 0) - 1);
  });

  it('getMoreNotifications continues after a listed notification; an unknown id answers 400', async () => {
    await fill();
    await fill();
    const [newest] = await listFills();
    const more = await suite.client.GET('/v1/api/fyi/notifications/more', {
      params: { query: { id: newest?.ID ?? '' } },
    });
    expect(more.response.status).toBe(200);
    expect(more.data?.[0]).toMatchObject({ FC: 'PF' });
    expect(more.data?.every((entry) => (entry.ID ?? '') < (newest?.ID ?? ''))).toBe(true);
    const unknown = await suite.client.GET('/v1/api/fyi/notifications/more', {
      params: { query: { id: '1' } },
    });
    expect(unknown.response.status).toBe(400);
  });

  it('markNotificationRead of an unknown id answers 400', async () => {
    const { response } = await suite.client.PUT('/v1/api/fyi/notifications/{notificationId}', {
      params: { path: { notificationId: '1' } },
    });
    expect(response.status).toBe(400);
  });

  it('listNotifications asks for 1 to 10; more answers 400', async () => {
    const { response } = await suite.client.GET('/v1/api/fyi/notifications', {
      params: { query: { max: 11 } },
    });
    expect(response.status).toBe(400);
  });

  it('setNotificationSetting switches a kind off: fills then make no notification', async () => {
    const before = await listFills();
    const off = await suite.client.POST('/v1/api/fyi/settings/{typecode}', {
      params: { path: { typecode: 'PF' } },
      body: { enabled: false },
    });
    expect(off.data).toEqual({ V: 1, T: 0 });
    await fill();
    expect(await listFills()).toEqual(before);
    const settings = await suite.client.GET('/v1/api/fyi/settings');
    expect(settings.data?.find((setting) => setting.FC === 'PF')).toMatchObject({ H: 1, A: 0 });
  });

  it('delivery options: e-mail and devices are switched, listed and removed; removing an unknown device answers 400', async () => {
    const email = await suite.client.PUT('/v1/api/fyi/deliveryoptions/email', {
      params: { query: { enabled: 'false' } },
    });
    expect(email.data).toEqual({ V: 1, T: 0 });
    const device = await suite.client.POST('/v1/api/fyi/deliveryoptions/device', {
      body: { devicename: 'Work phone', deviceId: 'apn://mobile@a1b2c3d4', enabled: true },
    });
    expect(device.data).toEqual({ V: 1, T: 0 });
    const options = await suite.client.GET('/v1/api/fyi/deliveryoptions');
    expect(options.data).toEqual({
      M: 0,
      E: [{ NM: 'Work phone', I: 'apn://mobile@a1b2c3d4', UI: 'apn://mobile@a1b2c3d4', A: 1 }],
    });
    const removed = await suite.client.DELETE('/v1/api/fyi/deliveryoptions/{deviceId}', {
      params: { path: { deviceId: 'apn://mobile@a1b2c3d4' } },
    });
    expect(removed.response.status).toBe(200);
    const again = await suite.client.DELETE('/v1/api/fyi/deliveryoptions/{deviceId}', {
      params: { path: { deviceId: 'apn://mobile@a1b2c3d4' } },
    });
    expect(again.response.status).toBe(400);
  });
});
